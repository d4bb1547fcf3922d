// The public state of an item or a creator as the app shows it (src/data/types.ts), built from
// the database, and the change-log entries that carry it to devices. Every write that changes
// an item's price, bids, owner or favourites, or a creator's profile or followers, records the
// new snapshot in the same transaction.
import type { Creator, Item } from '../../src/data/types.ts';
import type { Database, QueryResult, Sql, Transaction } from '../db/database.ts';

/** Item as the app shows it, plus its favourite count. */
export type ItemSnapshot = Item & { favourites: number };

/** SQL of a timestamp as JavaScript's toISOString() writes it (UTC, milliseconds). */
export const isoTime = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL of an item's snapshot (ItemSnapshot) over `items i`, for a SELECT or a RETURNING: the
 * stored record with its live price, owner, end, favourites and sale state. The keys that are
 * only set when they apply are absent otherwise, so an untouched item's snapshot stays the
 * sample record.
 */
export const ITEM_JSON = `(i.data || jsonb_build_object(
    'ownerId', i.owner_id, 'saleKind', i.sale_kind,
    'priceEth', trim_scale(i.price_eth)::text,
    'highestBidEth', trim_scale(i.highest_bid_eth)::text,
    'liveDate', ${isoTime('i.ends_at')}, 'date', ${isoTime('i.ends_at')},
    'favourites', i.favourites_base + (SELECT count(*) FROM favourites f WHERE f.item_id = i.id)::int)
  || CASE WHEN i.settled_at IS NULL THEN '{}'::jsonb
     ELSE jsonb_build_object('settledAt', ${isoTime('i.settled_at')}) END
  || coalesce((SELECT jsonb_build_object('soldTo', p.buyer) FROM purchases p WHERE p.item_id = i.id), '{}')
  || CASE WHEN i.unlisted_at IS NULL THEN '{}'::jsonb ELSE '{"unlisted": true}'::jsonb END)`;

export async function itemSnapshot(db: Sql, id: number): Promise<ItemSnapshot | null> {
  const { rows } = await db.query<{ data: ItemSnapshot }>(
    `SELECT ${ITEM_JSON} AS data FROM items i WHERE i.id = $1`,
    [id],
  );
  return rows[0]?.data ?? null;
}

interface CreatorRow {
  data: Omit<Creator, 'followers'>;
  followers: number;
}

export async function creatorSnapshot(db: Sql, id: number): Promise<Creator | null> {
  const { rows } = await db.query<CreatorRow>(
    `SELECT c.data,
       c.followers_base + (SELECT count(*) FROM follows f WHERE f.creator_id = c.id)::int AS followers
     FROM creators c WHERE c.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...row.data, followers: row.followers } : null;
}

/** One entry of the change log; `data` null means the record was deleted. */
export interface Change {
  topic: string;
  key: string | number;
  data: unknown;
}

/**
 * The VALUES rows of `changes` for an INSERT, numbered from parameter `first`: one statement for
 * several entries, logged in the order given.
 */
export function changeValues(changes: Change[], first = 1): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const rows = changes.map(({ topic, key, data }) => {
    const at = first + params.length;
    params.push(topic, String(key), data === null ? null : JSON.stringify(data));
    return `($${at}, $${at + 1}, $${at + 2})`;
  });
  return { sql: `INSERT INTO changes (topic, key, data) VALUES ${rows.join(', ')}`, params };
}

// Any fixed 64-bit number that no other code uses for pg_advisory_lock.
const CHANGE_LOG_LOCK = 7_263_002;

/** The channel on which every commit that grew the change log is announced (events.ts). */
export const CHANGES_CHANNEL = 'artmint_changes';

/** The announcement that the log grew, delivered at commit (see BEFORE_APPEND). */
export const ANNOUNCE_CHANGES = `pg_notify('${CHANGES_CHANNEL}', '')`;

/**
 * Before appending to the log: its lock, held until commit, and the announcement that it grew,
 * which PostgreSQL delivers to every listening process when (and only if) the transaction
 * commits. A sequence number is handed out at INSERT but becomes visible at COMMIT, so two
 * writers could commit out of order, and a device (or an event stream) that had read up to the
 * later one would never see the earlier. Holding this lock from the append to the commit makes
 * the log grow in sequence order. A second take in one transaction is free.
 */
const BEFORE_APPEND = `SELECT pg_advisory_xact_lock($1), ${ANNOUNCE_CHANGES}`;

/**
 * For a statement that appends to the log itself (a bid, bids.ts): the log's lock as an
 * expression, to be evaluated before the rows it appends take their sequence numbers; it makes
 * the announcement (ANNOUNCE_CHANGES) only when it appended.
 */
export const TAKE_LOG_LOCK = `pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`;

/** Appends at once, in the caller's transaction (or as a statement of its own). */
async function append(tx: Sql, changes: Change[]): Promise<void> {
  const { sql, params } = changeValues(changes);
  await tx.query(BEFORE_APPEND, [CHANGE_LOG_LOCK]);
  await tx.query(sql, params);
}

/** The entries each open change transaction has recorded, appended when its work is done. */
const pending = new WeakMap<Sql, Change[]>();

/**
 * A transaction that may append to the change log. What it records is held back and appended
 * in one statement sent with the commit, so it holds the log's lock only inside that request: writers to different records run side by side up to there. Records whose
 * entries must follow one another (an item's bids, an account's follows) are ordered by the
 * row locks each write takes first (SELECT ... FOR UPDATE), which a later writer waits on until
 * the earlier has committed, its entries with it.
 */
export async function changeTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return (await logTransaction(db, work, false)).result;
}

/**
 * A change transaction that also answers the newest sequence of the log as it commits: its own
 * last entry (the log's lock makes it the newest until the commit), else the newest committed
 * so far, read in the commit's request rather than in one more afterwards.
 */
export function changeTransactionAt<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<{ result: T; seq: number }> {
  return logTransaction(db, work, true);
}

async function logTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  newest: boolean,
): Promise<{ result: T; seq: number }> {
  let seq: Promise<QueryResult<{ seq: number }>> | undefined;
  const result = await db.transaction(async (tx) => {
    const log: Change[] = [];
    pending.set(tx, log);
    try {
      const result = await work(tx);
      if (log.length > 0) {
        // With the commit: every writer waits for the log's lock, so it must be held for the
        // least time, inside the database, not across a round trip to a busy server process.
        const { sql, params } = changeValues(log);
        tx.commitWith(BEFORE_APPEND, [CHANGE_LOG_LOCK]);
        seq = tx.commitWith(newest ? `${sql} RETURNING seq` : sql, params);
      } else if (newest) {
        seq = tx.commitWith('SELECT coalesce(max(seq), 0) AS seq FROM changes');
      }
      return result;
    } finally {
      pending.delete(tx);
    }
  });
  const rows = seq ? (await seq).rows : [];
  return { result, seq: rows.reduce((max, row) => Math.max(max, Number(row.seq)), 0) };
}

/**
 * Runs `work` in a savepoint of `tx`. When it throws an error `undo` accepts, its writes and the
 * log entries it recorded are undone and the error is thrown again; any other error is left to
 * abort the whole transaction.
 */
export async function savepoint<T>(
  tx: Transaction,
  work: () => Promise<T>,
  undo: (error: unknown) => boolean,
): Promise<T> {
  const log = pending.get(tx);
  const mark = log?.length ?? 0;
  tx.sendWithNext('SAVEPOINT artmint_work');
  try {
    return await work();
  } catch (error) {
    if (undo(error)) {
      await tx.query('ROLLBACK TO SAVEPOINT artmint_work');
      log?.splice(mark);
    }
    throw error;
  }
}

/**
 * Records entries for the log, in order: held back to the end of a change transaction, else
 * appended at once.
 */
export async function recordChanges(db: Sql, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const log = pending.get(db);
  if (log) log.push(...changes);
  else await append(db, changes);
}

/** Appends a change to the log; `data` null means the record was deleted. */
export async function recordChange(
  db: Sql,
  topic: string,
  key: string | number,
  data: unknown,
): Promise<void> {
  await recordChanges(db, [{ topic, key, data }]);
}

export async function recordItemChange(db: Sql, id: number): Promise<void> {
  await recordChange(db, 'item', id, await itemSnapshot(db, id));
}

export async function recordCreatorChange(db: Sql, id: number): Promise<void> {
  await recordChange(db, 'creator', id, await creatorSnapshot(db, id));
}
