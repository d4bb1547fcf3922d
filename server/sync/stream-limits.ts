// The live stream's caps (GET /api/events, events.ts), apart from the stream itself so that the
// configuration (server/config.ts) reads its defaults without loading the event hub.

/** Streams one process holds at most; more are told to come back later. */
export const MAX_CLIENTS = 20_000;
/**
 * Streams one account, and one address, may hold at once in a process: a collector has a few
 * tabs and devices, an address may be many collectors behind one NAT. Nobody can take every
 * slot.
 */
export const MAX_STREAMS_PER_ACCOUNT = 10;
export const MAX_STREAMS_PER_ADDRESS = 50;
/**
 * A stream that holds more than its buffer and whose browser has taken none of it in this long
 * has fallen behind: it is ended, and the browser reconnects from its cursor (missing nothing),
 * rather than held in memory.
 */
export const STALL_MS = 15_000;
/**
 * A live batch is sent without waiting for the browser; a stream whose browser reads too slowly
 * is ended once the bytes it holds pass this (STREAM_BUFFER_BYTES), and the browser reconnects
 * from its cursor. The bytes are the batches' own, shared by every stream they went to.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;
/** One batch's event is cut to about this many bytes, so that a stream that reads holds a few. */
export const BATCH_BYTES = 256 * 1024;
