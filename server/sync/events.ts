// GET /api/events: the change log as it grows, as Server-Sent Events (docs/product.md "Sync": "while
// online it also listens to a live event stream"). Each event `changes` carries the entries
// after the client's cursor, in order, with the newest sequence as its id, so a browser that
// reconnects (with Last-Event-ID) resumes exactly where it was.
//
// One hub per process reads the log once for all its clients: every commit that grows the log
// sends NOTIFY (snapshots.ts beforeAppend), which PostgreSQL delivers to every process
// listening on the database, so a bid through one server reaches the streams of all of them.
// The hub keeps the newest entries in memory; a client far behind reads its pages from the
// database instead.
import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import type { LiveBatch, LiveHello, LiveReset } from '../../src/data/sync/protocol.ts';
import { CHANGES_CHANNEL } from '../catalog/snapshots.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { logWindow, mustStartOver } from './compaction.ts';
import { changesSince, PULL_PAGE, type Change } from './pull.ts';
import { latestSeq } from './push.ts';

/** Entries kept in memory for clients that are nearly up to date. */
const RING_MAX = 5000;
/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** The log is read this often even with no notification (one lost on a dropped connection). */
const SAFETY_READ_MS = 5000;
/** Streams one process holds at most; more are told to come back later. */
const MAX_CLIENTS = 20_000;
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
/**
 * Reads of the log start at least this far apart. Under a burst of commits (one notification
 * each) a read then carries several of them, so each stream gets one larger write instead of
 * many small ones, and the database one read instead of many; after a quiet spell the first
 * notification is read at once. Socket writes are the hub's main cost with many streams.
 */
const READ_GAP_MS = 100;
/**
 * And at least this many times as long as handing the last batch to every stream took: with
 * many streams on a busy machine those writes would otherwise take most of the process's time,
 * and pushes (whose commits the streams are waiting for) would queue behind them.
 */
const FAN_OUT_SHARE = 3;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

interface Client {
  cursor: number;
  closed: boolean;
  pumping: boolean;
  again: boolean;
  /** Writes one batch: its whole `changes` event, encoded, and its newest sequence. */
  send(frame: Uint8Array, cursor: number): Promise<void>;
  /** The hub let the client go (its stream failed, or the hub stopped). */
  end(): void;
}

export interface EventHub {
  /** Streams open now. */
  readonly size: number;
  /** The newest sequence the hub has read. */
  latest(): Promise<number>;
  /** True when a stream from `since` must start from the snapshot instead (compaction.ts). */
  startsOver(since: number): Promise<boolean>;
  /**
   * Follows the log after `since`, calling `send` in order with each batch's `changes` event,
   * and `end` if the hub lets the client go; returns the unsubscribe.
   */
  subscribe(
    since: number,
    send: (frame: Uint8Array, cursor: number) => Promise<void>,
    end: () => void,
  ): Promise<() => void>;
  stop(): Promise<void>;
}

export function createEventHub(
  db: Database,
  log: (line: string) => void,
  behind?: number,
): EventHub {
  const clients = new Set<Client>();
  // Every entry after `floor` up to `cursor` is in `ring`, oldest first.
  let ring: Change[] = [];
  let floor = 0;
  let cursor = 0;
  let started: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let safety: ReturnType<typeof setInterval> | null = null;
  let reading = false;
  let readAgain = false;
  let stopped = false;
  let failing = false;

  // The streams at one cursor get the same batch: its event is made and encoded once, not once
  // per stream. Kept until the ring changes.
  let encoded = new Map<string, Uint8Array>();
  function encode(since: number, cursor: number, changes: Change[]): Uint8Array {
    const key = `${since}:${cursor}`;
    let frame = encoded.get(key);
    if (frame === undefined) {
      const batch: LiveBatch = { since, cursor, changes };
      frame = sseEvent('changes', JSON.stringify(batch), cursor);
      encoded.set(key, frame);
    }
    return frame;
  }

  function fromRing(after: number): Change[] | null {
    if (after < floor) return null;
    let low = 0;
    let high = ring.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((ring[mid] as Change).seq <= after) low = mid + 1;
      else high = mid;
    }
    return ring.slice(low, low + PULL_PAGE);
  }

  async function pump(client: Client): Promise<void> {
    if (client.pumping) {
      client.again = true;
      return;
    }
    client.pumping = true;
    try {
      do {
        client.again = false;
        while (!client.closed && client.cursor < cursor) {
          const changes =
            fromRing(client.cursor) ?? (await changesSince(db, client.cursor)).changes;
          const last = changes.at(-1);
          if (!last) break;
          await client.send(encode(client.cursor, last.seq, changes), last.seq);
          client.cursor = last.seq;
        }
      } while (client.again && !client.closed);
    } catch {
      // The stream is gone or the database is out of reach: the browser reconnects from its
      // cursor and misses nothing.
      client.closed = true;
      clients.delete(client);
      client.end();
    } finally {
      client.pumping = false;
    }
  }

  let lastRead = 0;
  /** Milliseconds the last batch took to hand to every stream (their writes). */
  let lastFanOut = 0;
  let nextRead: ReturnType<typeof setTimeout> | null = null;
  /** A read soon: at once, unless the last one started less than the gap above ago. */
  function readSoon(): void {
    if (nextRead || stopped) return;
    const wait = lastRead + Math.max(READ_GAP_MS, FAN_OUT_SHARE * lastFanOut) - Date.now();
    if (wait <= 0) {
      void read();
      return;
    }
    nextRead = setTimeout(() => {
      nextRead = null;
      void read();
    }, wait);
  }

  async function read(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    lastRead = Date.now();
    try {
      do {
        readAgain = false;
        for (;;) {
          const page = await changesSince(db, cursor);
          if (page.changes.length > 0) {
            encoded = new Map();
            ring.push(...page.changes);
            if (ring.length > RING_MAX) {
              const dropped = ring.length - RING_MAX;
              floor = (ring[dropped - 1] as Change).seq;
              ring = ring.slice(dropped);
            }
          }
          cursor = page.cursor;
          if (!page.more) break;
        }
      } while (readAgain && !stopped);
      if (failing) log('event stream: reading the change log again');
      failing = false;
    } catch {
      if (!failing) log('event stream: cannot read the change log for now; trying again');
      failing = true;
    } finally {
      reading = false;
    }
    const fanOut = performance.now();
    for (const client of clients) void pump(client);
    lastFanOut = performance.now() - fanOut;
  }

  function start(): Promise<void> {
    started ??= (async () => {
      cursor = await latestSeq(db);
      floor = cursor;
      unlisten = await db.listen(CHANGES_CHANNEL, readSoon);
      safety = setInterval(() => void read(), SAFETY_READ_MS);
      safety.unref?.();
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    get size() {
      return clients.size;
    },
    async latest() {
      await start();
      return cursor;
    },
    async startsOver(since) {
      return mustStartOver(since, await logWindow(db.logReader), behind);
    },
    async subscribe(since, send, end) {
      await start();
      const client: Client = {
        cursor: since,
        closed: false,
        pumping: false,
        again: false,
        send,
        end,
      };
      clients.add(client);
      void pump(client);
      return () => {
        client.closed = true;
        clients.delete(client);
      };
    },
    async stop() {
      stopped = true;
      if (safety) clearInterval(safety);
      if (nextRead) clearTimeout(nextRead);
      for (const client of clients) {
        client.closed = true;
        client.end();
      }
      clients.clear();
      await unlisten?.();
    },
  };
}

const utf8 = new TextEncoder();

/** One Server-Sent Event. `data` is one line (JSON text has no raw line break). */
function sseEvent(event: string, data: string, id?: number, retryMs?: number): Uint8Array {
  const tail = `${id === undefined ? '' : `id: ${id}\n`}${retryMs === undefined ? '' : `retry: ${retryMs}\n`}`;
  return utf8.encode(`event: ${event}\ndata: ${data}\n${tail}\n`);
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
};

/** Where one stream's bytes go. `write` resolves once the stream can take more. */
interface Sink {
  write(chunk: Uint8Array): Promise<void>;
  /** Resolves when the browser has gone (or the stream was ended). */
  readonly gone: Promise<void>;
  end(): void;
}

/**
 * Straight onto Node's response. The streams are the server's busiest writers (every batch goes
 * to every stream), and a web stream in between (Hono's streamSSE: a writer, a transform and a
 * reader per stream) took a fifth of the server's time under load.
 */
function nodeSink(res: ServerResponse, stallMs: number): Sink {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  return {
    gone,
    async write(chunk) {
      if (res.destroyed || res.writableEnded) throw new Error('the stream is closed');
      if (!res.write(chunk)) {
        await drainedWithin(new Promise((r) => res.once('drain', r)), gone, stallMs, () =>
          res.destroy(),
        );
      }
    },
    end: () => res.end(),
  };
}

/**
 * Waits until a stream can take more (`drained`) or is gone; when it takes nothing for
 * `stallMs`, `drop` ends it and the write fails, which lets the hub go of the stream.
 */
async function drainedWithin(
  drained: Promise<unknown>,
  gone: Promise<void>,
  stallMs: number,
  drop: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), stallMs);
  });
  const outcome = await Promise.race([drained, gone, stalled]);
  clearTimeout(timer);
  if (outcome === 'stalled') {
    drop();
    throw new Error('the stream fell behind');
  }
}

/** A web stream, where there is no Node response (requests made in process, as in tests). */
function webSink(stallMs: number): Sink & { body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let resolveGone!: () => void;
  const gone = new Promise<void>((resolve) => (resolveGone = resolve));
  let waiting: (() => void) | null = null;
  const wake = () => {
    waiting?.();
    waiting = null;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: wake,
      cancel: () => {
        closed = true;
        wake();
        resolveGone();
      },
    },
    { highWaterMark: 16 },
  );
  return {
    body,
    gone,
    async write(chunk) {
      if (closed) throw new Error('the stream is closed');
      controller.enqueue(chunk);
      if ((controller.desiredSize ?? 1) <= 0) {
        await drainedWithin(new Promise<void>((r) => (waiting = r)), gone, stallMs, () => {
          closed = true;
          controller.error(new Error('the stream fell behind'));
          resolveGone();
        });
      }
    },
    end() {
      if (closed) return;
      closed = true;
      controller.close();
      resolveGone();
    },
  };
}

/** Runs one stream: hello, then the hub's batches and a heartbeat, until either side ends it. */
async function runStream(hub: EventHub, sink: Sink, latest: number, since: number) {
  const hello: LiveHello = { now: Date.now(), cursor: latest };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    sink.end();
  };
  try {
    await sink.write(sseEvent('hello', JSON.stringify(hello), undefined, RETRY_MS));
    // Too far behind to follow the log: the device starts from the snapshot, then opens a
    // stream again from its new cursor.
    if (since < latest && (await hub.startsOver(since))) {
      const reset: LiveReset = { cursor: latest };
      await sink.write(sseEvent('reset', JSON.stringify(reset)));
      end();
      return;
    }
  } catch {
    end();
    return;
  }
  let unsubscribe: () => void;
  try {
    unsubscribe = await hub.subscribe(since, (frame) => sink.write(frame), end);
  } catch {
    // The browser reconnects from its cursor.
    end();
    return;
  }
  const heartbeat = setInterval(() => {
    sink.write(utf8.encode(': ping\n\n')).catch(end);
  }, HEARTBEAT_MS);
  await sink.gone;
  clearInterval(heartbeat);
  unsubscribe();
  end();
}

/** The client's cursor: Last-Event-ID on a reconnect, else `since`; null when malformed. */
function startingPoint(lastEventId: string | undefined, since: string | undefined) {
  const raw = lastEventId ?? since;
  if (raw === undefined) return 'latest' as const;
  const value = Number(raw);
  return /^\d{1,15}$/.test(raw.trim()) && Number.isSafeInteger(value) ? value : null;
}

/** Counts the open streams per key (an account, an address). */
function streamCounts() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    remove(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

export interface StreamLimits {
  /** How long a stream may take nothing before it is dropped. */
  stallMs?: number | undefined;
  /** Streams per account and per address at once; 0: no cap (a benchmark's many clients). */
  perAccount?: number | undefined;
  perAddress?: number | undefined;
}

export function eventRoutes(
  hub: EventHub,
  addressOf: (c: Context) => string,
  {
    stallMs = STALL_MS,
    perAccount: accountCap = MAX_STREAMS_PER_ACCOUNT,
    perAddress: addressCap = MAX_STREAMS_PER_ADDRESS,
  }: StreamLimits = {},
) {
  const app = new Hono<AppEnv & { Bindings: Partial<HttpBindings> }>();
  const perAccount = streamCounts();
  const perAddress = streamCounts();
  app.get('/', async (c) => {
    const from = startingPoint(c.req.header('Last-Event-ID'), c.req.query('since'));
    if (from === null) {
      return apiError(c, 400, 'since (or Last-Event-ID) must be a whole number of 0 or more.');
    }
    const account = c.get('account');
    const accountKey = account ? String(account.id) : null;
    const address = addressOf(c);
    if (
      hub.size >= MAX_CLIENTS ||
      (addressCap > 0 && perAddress.count(address) >= addressCap) ||
      (accountCap > 0 && accountKey !== null && perAccount.count(accountKey) >= accountCap)
    ) {
      c.header('Retry-After', '10');
      return apiError(c, 503, 'Too many live connections. Close a tab or try again shortly.');
    }
    perAddress.add(address);
    if (accountKey !== null) perAccount.add(accountKey);
    const release = () => {
      perAddress.remove(address);
      if (accountKey !== null) perAccount.remove(accountKey);
    };
    try {
      const latest = await hub.latest();
      const since = from === 'latest' ? latest : from;
      const outgoing = c.env?.outgoing;
      if (outgoing) {
        void runStream(hub, nodeSink(outgoing, stallMs), latest, since).finally(release);
        return RESPONSE_ALREADY_SENT;
      }
      const sink = webSink(stallMs);
      void runStream(hub, sink, latest, since).finally(release);
      return new Response(sink.body, { headers: SSE_HEADERS });
    } catch (error) {
      release();
      throw error;
    }
  });
  return app;
}
