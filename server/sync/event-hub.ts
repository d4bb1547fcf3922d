// The event hub: one per process, it reads the change log once for all its live streams
// (events.ts) and hands each stream the entries after its cursor, in order.
//
// Every commit that grows the log sends NOTIFY (core/change-log.ts), which PostgreSQL
// delivers to every process listening on the database, so a bid through one server reaches the
// streams of all of them. The hub keeps the newest entries in memory (the ring); a stream far
// behind reads its pages from the database instead. A batch goes out as one `changes` event
// (sse.ts), made and encoded once for every stream at the same cursor.
import { CHANGES_CHANNEL, latestSeq } from '../core/change-log.ts';
import { serialRunner, type SerialRunner } from '../../shared/serial-runner.ts';
import type { LiveBatch } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import { logWindow, mustStartOver } from './compaction.ts';
import { changesSince, PULL_PAGE, type Change } from './pull.ts';
import { sseEvent } from './sse.ts';

/** Entries kept in memory for clients that are nearly up to date. */
const RING_MAX = 5000;
/** The log is read this often even with no notification (one lost on a dropped connection). */
const SAFETY_READ_MS = 5000;
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

interface Client {
  cursor: number;
  closed: boolean;
  /** Sends the batches after its cursor, one run at a time (shared/serial-runner.ts). */
  readonly pump: SerialRunner;
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

  /** A stream following the log from `since`; its pump sends what the ring holds after it. */
  function follow(since: number, send: Client['send'], end: Client['end']): Client {
    const client: Client = {
      cursor: since,
      closed: false,
      send,
      end,
      pump: serialRunner(
        async () => {
          while (!client.closed && client.cursor < cursor) {
            const changes =
              fromRing(client.cursor) ?? (await changesSince(db, client.cursor)).changes;
            const last = changes.at(-1);
            if (!last) break;
            await client.send(encode(client.cursor, last.seq, changes), last.seq);
            client.cursor = last.seq;
          }
        },
        {
          mayRepeat: () => !client.closed,
          // The stream is gone or the database is out of reach: the browser reconnects from
          // its cursor and misses nothing.
          onError: () => {
            client.closed = true;
            clients.delete(client);
            client.end();
          },
        },
      ),
    };
    return client;
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

  /** Reads the log's new entries into the ring, one read at a time. */
  const reader = serialRunner(
    async () => {
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
      if (failing) log('event stream: reading the change log again');
      failing = false;
    },
    {
      mayRepeat: () => !stopped,
      onError: () => {
        if (!failing) log('event stream: cannot read the change log for now; trying again');
        failing = true;
      },
    },
  );

  /**
   * Reads the log, then hands what is new to every stream. A read asked for during one folds
   * into it; the call that began it hands the batch out once, when it is over.
   */
  async function read(): Promise<void> {
    if (reader.busy) {
      void reader.run();
      return;
    }
    lastRead = Date.now();
    await reader.run();
    const fanOut = performance.now();
    for (const client of clients) void client.pump.run();
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
      const client = follow(since, send, end);
      clients.add(client);
      void client.pump.run();
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
