// The event hub: one per process, it reads the change log once for all its live streams
// (events.ts) and hands each stream the entries after its cursor, in order.
//
// Every commit that grows the log sends NOTIFY (core/change-log.ts), which PostgreSQL
// delivers to every process listening on the database, so a bid through one server reaches the
// streams of all of them. The hub keeps the newest entries in memory (the ring); a stream far
// behind reads its pages from the database instead. A batch goes out as one `changes` event
// (sse.ts), read, made and encoded once for every stream at the same cursor. A signed-in
// stream also gets its account's own log (server/sync/account-streams.ts).
import { CHANGES_CHANNEL, latestSeq } from '../core/change-log.ts';
import { serialRunner, startOnce, type SerialRunner } from '../../shared/serial-runner.ts';
import type { LiveBatch } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import { createAccountStreams } from './account-streams.ts';
import { logIdentity, logWindow, mustStartOver } from './compaction.ts';
import { changesSince, PULL_PAGE, type Change } from './pull.ts';
import { sseEvent } from './sse.ts';
import { BATCH_BYTES } from './stream-limits.ts';

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
/**
 * Streams handed a batch in one turn of the event loop, at most. Between two slices the
 * process reads what the database answered meanwhile: a write's transaction, which holds its
 * rows' locks while it waits for its next statement, never waits for the whole fan-out.
 */
const FAN_OUT_SLICE = 100;

/** Where the hub hands a stream its batches (a sink, sse.ts, behind the route's end). */
export interface Outlet {
  /** Hands over one batch's `changes` event at once; throws when the stream is gone. */
  write(frame: Uint8Array): void;
  /** Resolves once the browser has taken what it was handed; rejects when it falls behind. */
  drained(): Promise<void>;
  /** The hub let the stream go (its stream failed, or the hub stopped). */
  end(): void;
}

interface Client {
  cursor: number;
  closed: boolean;
  /** Sends the batches after its cursor, one run at a time (shared/serial-runner.ts). */
  readonly pump: SerialRunner;
  readonly out: Outlet;
}

/** One batch: its whole `changes` event, encoded, and its newest sequence. */
interface Batch {
  frame: Uint8Array;
  seq: number;
}

export interface EventHub {
  /** Streams open now. */
  readonly size: number;
  /** The newest sequence the hub has read. */
  latest(): Promise<number>;
  /** The log's identity, as the hub last read it (compaction.ts logIdentity). */
  logId(): Promise<string>;
  /** True when a stream from `since` must start from the snapshot instead (compaction.ts). */
  startsOver(since: number): Promise<boolean>;
  /**
   * Follows the log after `since`, handing `out` each batch's `changes` event in order, and
   * ending it if the hub lets the client go; returns the unsubscribe. With `mine`, a signed-in
   * stream, also account `mine.accountId`'s log after `mine.cursor` (null: its newest entry).
   */
  subscribe(
    since: number,
    out: Outlet,
    mine?: { accountId: number; cursor: number | null },
  ): Promise<() => void>;
  stop(): Promise<void>;
}

export function createEventHub(
  db: Database,
  log: (line: string) => void,
  behind?: number,
): EventHub {
  const clients = new Set<Client>();
  const accountStreams = createAccountStreams(db, log);
  // Every entry after `floor` up to `cursor` is in `ring`, oldest first.
  let ring: Change[] = [];
  let floor = 0;
  let cursor = 0;
  let identity = '';
  let unlisten: (() => Promise<void>) | null = null;
  let safety: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let failing = false;

  /**
   * The batch after each cursor being handed out now. Every stream at that cursor shares it: one
   * read (from the ring, or the database for a stream behind it) and one encoding, dropped once
   * each of those streams has it. So memory grows with the cursors being served, not the streams.
   */
  const batches = new Map<number, { batch: Promise<Batch | null>; users: number }>();

  async function batchAfter(after: number): Promise<Batch | null> {
    const changes = fromRing(after) ?? (await changesSince(db, after)).changes;
    // Cut to about BATCH_BYTES, so that a stream catching up holds a few batches, not one huge.
    let count = changes.length;
    for (;;) {
      const taken = count === changes.length ? changes : changes.slice(0, count);
      const last = taken.at(-1);
      if (!last) return null;
      const event: LiveBatch = { since: after, cursor: last.seq, changes: taken };
      const frame = sseEvent('changes', JSON.stringify(event), last.seq);
      if (frame.length <= BATCH_BYTES || count === 1) return { frame, seq: last.seq };
      count = Math.max(1, Math.floor((0.9 * count * BATCH_BYTES) / frame.length));
    }
  }

  /** Hands a client the batch after its cursor; false when there is none. */
  async function handOut(client: Client): Promise<boolean> {
    const batch = await sharedBatch(client.cursor);
    if (!batch || client.closed) return false;
    client.out.write(batch.frame);
    client.cursor = batch.seq;
    return true;
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

  /**
   * A stream following the log from `since`; its pump sends what there is after its cursor. A
   * batch goes out at once; a stream still behind waits for its browser to take it first.
   */
  function follow(since: number, out: Outlet): Client {
    const client: Client = {
      cursor: since,
      closed: false,
      out,
      pump: serialRunner(
        async () => {
          while (!client.closed && client.cursor < cursor && (await handOut(client))) {
            if (client.cursor < cursor) await out.drained();
          }
        },
        {
          mayRepeat: () => !client.closed,
          // The stream is gone or the database is out of reach: the browser reconnects from
          // its cursor and misses nothing.
          onError: () => {
            client.closed = true;
            clients.delete(client);
            out.end();
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

  /**
   * The log may be behind what the hub read (the database was restored from an older backup):
   * then the hub follows it from its newest entry. Each stream ahead of that ends; its browser
   * reconnects from its cursor and is told to start over (events.ts, compaction.ts). Only the
   * cursors taken before the read count: each was committed before it, so a stream at the
   * newest entry, or one handed newer entries meanwhile, goes on.
   */
  async function followLogBack(): Promise<void> {
    const before = [...clients].map((client) => ({ client, at: client.cursor }));
    const { newest, logId } = await logWindow(db.logReader);
    identity = logId;
    if (newest < cursor) {
      log(`event stream: the change log went back from ${cursor} to ${newest}`);
      ring = [];
      cursor = newest;
      floor = newest;
    }
    for (const { client, at } of before) {
      if (at <= newest || client.closed) continue;
      client.closed = true;
      clients.delete(client);
      client.out.end();
    }
  }

  /** Reads the log's new entries into the ring, one read at a time. */
  const reader = serialRunner(
    async () => {
      for (let pages = 0; ; pages += 1) {
        const page = await changesSince(db, cursor);
        if (page.changes.length === 0) {
          // Nothing after the hub's cursor: the log may have gone back behind it.
          if (pages === 0) await followLogBack();
          break;
        }
        ring.push(...page.changes);
        if (ring.length > RING_MAX) {
          const dropped = ring.length - RING_MAX;
          floor = (ring[dropped - 1] as Change).seq;
          ring = ring.slice(dropped);
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
    const from = cursor;
    await reader.run();
    lastFanOut = await fanOut(from);
  }

  /**
   * Hands the batch after `from` (the hub's cursor before its read) to every stream, in slices
   * of FAN_OUT_SLICE with the event loop's other work between them; answers the milliseconds
   * the writes took. A stream at `from` whose pump is idle (most streams) is written here, so
   * the slice's time is its writes'; any other stream's pump sends what it lacks.
   */
  async function fanOut(from: number): Promise<number> {
    const batch = from < cursor && clients.size > 0 ? await sharedBatch(from) : null;
    const streams = [...clients];
    let busy = 0;
    for (let start = 0; start < streams.length; start += FAN_OUT_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const began = performance.now();
      for (const client of streams.slice(start, start + FAN_OUT_SLICE)) {
        if (client.closed) continue;
        if (batch && client.cursor === from && !client.pump.busy) {
          try {
            client.out.write(batch.frame);
            client.cursor = batch.seq;
          } catch {
            // Gone: its pump's write fails the same way and lets it go.
          }
        }
        if (client.cursor < cursor) void client.pump.run();
      }
      // The socket writes run on the next tick (Node corks a response within one turn).
      await new Promise<void>((resolve) => process.nextTick(resolve));
      busy += performance.now() - began;
    }
    return busy;
  }

  /** The batch after `after`, shared with every pump asking for it at the same time. */
  async function sharedBatch(after: number): Promise<Batch | null> {
    let entry = batches.get(after);
    if (!entry) {
      entry = { batch: batchAfter(after), users: 0 };
      batches.set(after, entry);
    }
    entry.users += 1;
    try {
      return await entry.batch;
    } finally {
      entry.users -= 1;
      if (entry.users === 0 && batches.get(after) === entry) batches.delete(after);
    }
  }

  const start = startOnce(async () => {
    cursor = await latestSeq(db);
    floor = cursor;
    identity = await logIdentity(db.logReader);
    unlisten = await db.listen(CHANGES_CHANNEL, readSoon);
    safety = setInterval(() => void read(), SAFETY_READ_MS);
    safety.unref?.();
  });

  return {
    get size() {
      return clients.size;
    },
    async latest() {
      await start();
      return cursor;
    },
    async logId() {
      await start();
      return identity;
    },
    async startsOver(since) {
      return mustStartOver(since, await logWindow(db.logReader), behind);
    },
    async subscribe(since, out, mine) {
      await start();
      const client = follow(since, out);
      // A failed write ends the stream (out.end); the route then unsubscribes both.
      const unfollow = mine ? await accountStreams.follow(mine.accountId, mine.cursor, out) : null;
      clients.add(client);
      void client.pump.run();
      return () => {
        client.closed = true;
        clients.delete(client);
        unfollow?.();
      };
    },
    async stop() {
      stopped = true;
      if (safety) clearInterval(safety);
      if (nextRead) clearTimeout(nextRead);
      for (const client of clients) {
        client.closed = true;
        client.out.end();
      }
      clients.clear();
      await Promise.all([unlisten?.(), accountStreams.stop()]);
    },
  };
}
