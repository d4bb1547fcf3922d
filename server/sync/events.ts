// GET /api/events: the change log as it grows, as Server-Sent Events (PRODUCT.md "Sync": "while
// online it also listens to a live event stream"). Each event `changes` carries the entries
// after the client's cursor, in order, with the newest sequence as its id, so a browser that
// reconnects (with Last-Event-ID) resumes exactly where it was.
//
// One hub per process reads the log once for all its clients: every commit that grows the log
// sends NOTIFY (snapshots.ts beforeAppend), which PostgreSQL delivers to every process
// listening on the database, so a bid through one server reaches the streams of all of them.
// The hub keeps the newest entries in memory; a client far behind reads its pages from the
// database instead.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { LiveBatch, LiveHello } from '../../src/data/sync/protocol.ts';
import { CHANGES_CHANNEL } from '../catalog/snapshots.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
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
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

interface Client {
  cursor: number;
  closed: boolean;
  pumping: boolean;
  again: boolean;
  /** Writes one batch: its JSON text (LiveBatch) and its newest sequence. */
  send(data: string, cursor: number): Promise<void>;
  /** The hub let the client go (its stream failed, or the hub stopped). */
  end(): void;
}

export interface EventHub {
  /** Streams open now. */
  readonly size: number;
  /** The newest sequence the hub has read. */
  latest(): Promise<number>;
  /**
   * Follows the log after `since`, calling `send` in order, and `end` if the hub lets the client
   * go; returns the unsubscribe.
   */
  subscribe(
    since: number,
    send: (data: string, cursor: number) => Promise<void>,
    end: () => void,
  ): Promise<() => void>;
  stop(): Promise<void>;
}

export function createEventHub(db: Database, log: (line: string) => void): EventHub {
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

  // The streams at one cursor get the same batch: its JSON is made once, not once per stream.
  // Kept until the ring changes.
  let encoded = new Map<string, string>();
  function encode(since: number, cursor: number, changes: Change[]): string {
    const key = `${since}:${cursor}`;
    let data = encoded.get(key);
    if (data === undefined) {
      const batch: LiveBatch = { since, cursor, changes };
      data = JSON.stringify(batch);
      encoded.set(key, data);
    }
    return data;
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

  async function read(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
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
    for (const client of clients) void pump(client);
  }

  function start(): Promise<void> {
    started ??= (async () => {
      cursor = await latestSeq(db);
      floor = cursor;
      unlisten = await db.listen(CHANGES_CHANNEL, () => void read());
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
      for (const client of clients) {
        client.closed = true;
        client.end();
      }
      clients.clear();
      await unlisten?.();
    },
  };
}

/** The client's cursor: Last-Event-ID on a reconnect, else `since`; null when malformed. */
function startingPoint(lastEventId: string | undefined, since: string | undefined) {
  const raw = lastEventId ?? since;
  if (raw === undefined) return 'latest' as const;
  const value = Number(raw);
  return /^\d{1,15}$/.test(raw.trim()) && Number.isSafeInteger(value) ? value : null;
}

export function eventRoutes(hub: EventHub) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const from = startingPoint(c.req.header('Last-Event-ID'), c.req.query('since'));
    if (from === null) {
      return apiError(c, 400, 'since (or Last-Event-ID) must be a whole number of 0 or more.');
    }
    if (hub.size >= MAX_CLIENTS) {
      c.header('Retry-After', '10');
      return apiError(c, 503, 'Too many live connections on this server. Try again shortly.');
    }
    const latest = await hub.latest();
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const hello: LiveHello = { now: Date.now(), cursor: latest };
      await stream.writeSSE({ event: 'hello', data: JSON.stringify(hello), retry: RETRY_MS });
      const since = from === 'latest' ? latest : from;
      let done: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => (done = resolve));
      const unsubscribe = await hub.subscribe(
        since,
        async (data, cursor) => {
          if (stream.closed || stream.aborted) throw new Error('closed');
          await stream.writeSSE({ event: 'changes', id: String(cursor), data });
        },
        () => done(),
      );
      const heartbeat = setInterval(() => {
        stream.write(': ping\n\n').catch(() => done());
      }, HEARTBEAT_MS);
      stream.onAbort(() => done());
      await closed;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
  return app;
}
