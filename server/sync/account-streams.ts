// The account channel live (docs/sync.md "Account channel"): each signed-in stream of
// GET /api/events also gets its account's new log entries, as ACCOUNT_LIVE_EVENT events
// (AccountLiveBatch), and never another account's. One per process, beside the event hub
// (server/sync/event-hub.ts), which hands it the signed-in streams.
//
// Every commit that grew an account's log is announced on ACCOUNT_CHANGES_CHANNEL
// (core/account-log.ts); a read then takes, in one statement, the new entries of every account
// with a stream in this process, after the newest entry it read (`cursor`: the entries of all
// accounts become visible in sequence order), and hands each stream those of its account after
// its own cursor. A stream that would get more than ACCOUNT_PULL_LIMIT (or more than about
// BATCH_BYTES) gets the newest of them, in a batch whose `from` shows the gap: its device pulls
// the rest (GET /api/me/changes).
import {
  ACCOUNT_LIVE_EVENT,
  ACCOUNT_PULL_LIMIT,
  type AccountChange,
  type AccountLiveBatch,
} from '../../shared/account-channel.ts';
import { serialRunner, startOnce } from '../../shared/serial-runner.ts';
import type { Database } from '../db/database.ts';
import { sseEvent } from './sse.ts';
import { BATCH_BYTES } from './stream-limits.ts';
import { ACCOUNT_CHANGES_CHANNEL } from '../core/account-log.ts';

/** Entries a read takes at most, of all the accounts together (more: it reads again). */
const READ_PAGE = 4 * ACCOUNT_PULL_LIMIT;
/** The log is read this often even with no announcement (one lost on a dropped connection). */
const SAFETY_READ_MS = 5000;

interface Stream {
  accountId: number;
  /** The device's account cursor as given (null: the log's newest), until the stream starts. */
  mine: number | null;
  /** The newest entry of its account the stream was handed; null until it started. */
  cursor: number | null;
  closed: boolean;
  write(frame: Uint8Array): void;
  end(): void;
}

export interface AccountStreams {
  /** Accounts with a stream open now. */
  readonly accounts: number;
  /**
   * Follows account `accountId`'s log from `mine` (the device's account cursor; null: from its
   * newest entry), handing `write` each batch's event; `end` when the stream failed. Resolves,
   * once the stream has started from there, to the unsubscribe.
   */
  follow(
    accountId: number,
    mine: number | null,
    out: { write(frame: Uint8Array): void; end(): void },
  ): Promise<() => void>;
  stop(): Promise<void>;
}

const ENTRIES_AFTER = {
  name: 'artmint_account_entries_after',
  text: `SELECT c.account_id, jsonb_build_object('seq', c.seq, 'topic', c.topic, 'key', c.key,
      'data', c.data) AS change
    FROM account_changes c WHERE c.seq > $1 AND c.account_id = ANY($2::int[])
    ORDER BY c.seq LIMIT $3`,
};

/** The newest entries of one account in (after, upTo], newest first. */
const ACCOUNT_ENTRIES = {
  name: 'artmint_account_entries_between',
  text: `SELECT jsonb_build_object('seq', c.seq, 'topic', c.topic, 'key', c.key,
      'data', c.data) AS change
    FROM account_changes c WHERE c.account_id = $1 AND c.seq > $2 AND c.seq <= $3
    ORDER BY c.seq DESC LIMIT $4`,
};

/** The batch a stream at `cursor` gets of `changes` (its account's, oldest first), or null. */
export function batchFor(cursor: number, changes: AccountChange[]): AccountLiveBatch | null {
  const after = changes.filter((change) => change.seq > cursor);
  const last = after.at(-1);
  if (!last) return null;
  if (after.length <= ACCOUNT_PULL_LIMIT) return { from: cursor, cursor: last.seq, changes: after };
  const cut = after.length - ACCOUNT_PULL_LIMIT;
  const from = (after[cut - 1] as AccountChange).seq;
  return { from, cursor: last.seq, changes: after.slice(cut) };
}

/**
 * The batch's event, cut to about BATCH_BYTES (as the public log's batches are): a batch larger
 * keeps its newest entries, and its `from` shows the gap its device pulls.
 */
function frameOf(batch: AccountLiveBatch): Uint8Array {
  for (let count = batch.changes.length; ;) {
    const cut = count === batch.changes.length ? batch : kept(batch, count);
    const frame = sseEvent(ACCOUNT_LIVE_EVENT, JSON.stringify(cut));
    if (frame.length <= BATCH_BYTES || count === 1) return frame;
    count = Math.max(1, Math.floor((0.9 * count * BATCH_BYTES) / frame.length));
  }
}

/** The batch's newest `count` entries (count at least 1, fewer than it holds). */
function kept(batch: AccountLiveBatch, count: number): AccountLiveBatch {
  const changes = batch.changes.slice(-count);
  const from = (batch.changes[batch.changes.length - count - 1] as AccountChange).seq;
  return { from, cursor: batch.cursor, changes };
}

export function createAccountStreams(db: Database, log: (line: string) => void): AccountStreams {
  const byAccount = new Map<number, Set<Stream>>();
  /** Streams that have not started: the next read starts them first. */
  let starting: Stream[] = [];
  /** The newest entry read; every entry up to it was handed to the streams open then. */
  let cursor = 0;
  let unlisten: (() => Promise<void>) | null = null;
  let safety: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let failing = false;

  function drop(stream: Stream): void {
    stream.closed = true;
    const streams = byAccount.get(stream.accountId);
    streams?.delete(stream);
    if (streams?.size === 0) byAccount.delete(stream.accountId);
  }

  function hand(stream: Stream, frame: Uint8Array, to: number): void {
    try {
      stream.write(frame);
      stream.cursor = to;
    } catch {
      drop(stream);
      stream.end();
    }
  }

  /** A new stream's entries up to `cursor`, after the device's account cursor. */
  async function begin(stream: Stream): Promise<void> {
    const from = stream.mine;
    if (from === null) {
      const { rows } = await db.logReader.query<{ seq: number | string }>(
        `SELECT coalesce(max(seq), 0) AS seq FROM account_changes
         WHERE account_id = $1 AND seq <= $2`,
        [stream.accountId, cursor],
      );
      stream.cursor = Number(rows[0]?.seq ?? 0);
      return;
    }
    const { rows } = await db.logReader.query<{ change: AccountChange }>(ACCOUNT_ENTRIES, [
      stream.accountId,
      from,
      cursor,
      ACCOUNT_PULL_LIMIT + 1,
    ]);
    stream.cursor = from;
    const batch = batchFor(from, rows.map((row) => row.change).reverse());
    if (batch && !stream.closed) hand(stream, frameOf(batch), batch.cursor);
  }

  /** Hands each open stream its account's entries among `rows` (oldest first). */
  function handOut(rows: { account_id: number; change: AccountChange }[]): void {
    const perAccount = new Map<number, AccountChange[]>();
    for (const row of rows) {
      const list = perAccount.get(row.account_id) ?? [];
      list.push(row.change);
      perAccount.set(row.account_id, list);
    }
    for (const [accountId, changes] of perAccount) {
      // Streams at one cursor (most are at the newest) share one batch, encoded once.
      const frames = new Map<number, { frame: Uint8Array; to: number } | null>();
      for (const stream of byAccount.get(accountId) ?? []) {
        if (stream.cursor === null || stream.closed) continue;
        let made = frames.get(stream.cursor);
        if (made === undefined) {
          const batch = batchFor(stream.cursor, changes);
          made = batch ? { frame: frameOf(batch), to: batch.cursor } : null;
          frames.set(stream.cursor, made);
        }
        if (made) hand(stream, made.frame, made.to);
      }
    }
  }

  const reader = serialRunner(
    async () => {
      // A stream leaves `starting` once begun: should a read fail, it is begun on the next run
      // (the safety read's at the latest), never left without a cursor and so without entries.
      while (starting.length > 0) {
        const stream = starting[0];
        if (stream && !stream.closed) await begin(stream);
        starting.shift();
      }
      if (byAccount.size === 0) {
        const { rows } = await db.logReader.query<{ seq: number | string }>(
          'SELECT coalesce(max(seq), 0) AS seq FROM account_changes',
        );
        cursor = Math.max(cursor, Number(rows[0]?.seq ?? 0));
      }
      for (;;) {
        if (byAccount.size === 0) break;
        const { rows } = await db.logReader.query<{ account_id: number; change: AccountChange }>(
          ENTRIES_AFTER,
          [cursor, [...byAccount.keys()], READ_PAGE],
        );
        const last = rows.at(-1);
        if (!last) break;
        handOut(rows);
        cursor = last.change.seq;
        if (rows.length < READ_PAGE) break;
      }
      if (failing) log('account streams: reading the account logs again');
      failing = false;
    },
    {
      mayRepeat: () => !stopped,
      onError: () => {
        if (!failing) log('account streams: cannot read the account logs for now; trying again');
        failing = true;
      },
    },
  );

  const read = () => {
    if (!stopped) void reader.run();
  };

  const start = startOnce(async () => {
    unlisten = await db.listen(ACCOUNT_CHANGES_CHANNEL, read);
    await reader.run();
    safety = setInterval(read, SAFETY_READ_MS);
    safety.unref?.();
  });

  return {
    get accounts() {
      return byAccount.size;
    },
    async follow(accountId, mine, out) {
      await start();
      const stream: Stream = {
        accountId,
        mine,
        cursor: null,
        closed: false,
        write: (frame) => out.write(frame),
        end: () => out.end(),
      };
      const streams = byAccount.get(accountId) ?? new Set<Stream>();
      streams.add(stream);
      byAccount.set(accountId, streams);
      starting.push(stream);
      // Started (its account cursor fixed) before the route goes on.
      await reader.run();
      return () => drop(stream);
    },
    async stop() {
      stopped = true;
      if (safety) clearInterval(safety);
      for (const streams of byAccount.values()) for (const stream of streams) stream.closed = true;
      byAccount.clear();
      starting = [];
      await unlisten?.();
    },
  };
}
