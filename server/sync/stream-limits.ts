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
 * A stream whose browser has not taken a batch in this long has fallen behind: it is ended,
 * and the browser reconnects from its cursor (missing nothing), rather than held in memory.
 */
export const STALL_MS = 15_000;
