// The public state of an item or a creator as the app shows it (shared/types.ts), built from
// the database, and the change-log entries that carry it to devices. Every write that changes
// an item's price, bids, owner or favourites, or a creator's profile or followers, records the
// new snapshot in the same transaction.
import type { Creator, Item } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';

/** Item as the app shows it, plus its favourite count (and its number of bids, Item.bidCount). */
export type ItemSnapshot = Item & { favourites: number; bidCount: number };

/** SQL of a timestamp as JavaScript's toISOString() writes it (UTC, milliseconds). */
export const isoTime = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL of an item's snapshot (ItemSnapshot) over `items i`, for a SELECT or a RETURNING: the
 * stored record with its live price, owner, end, counts and sale state. The counts are the
 * counter columns the database keeps (server/migrations/010_counters_and_history.sql), never
 * a count of rows. The keys that are only set when they apply are absent otherwise, so an
 * untouched item's snapshot stays the sample record with its counts.
 */
export const ITEM_JSON = `(i.data || jsonb_build_object(
    'ownerId', i.owner_id, 'saleKind', i.sale_kind,
    'priceEth', trim_scale(i.price_eth)::text,
    'highestBidEth', trim_scale(i.highest_bid_eth)::text,
    'liveDate', ${isoTime('i.ends_at')}, 'date', ${isoTime('i.ends_at')},
    'favourites', i.favourites_base + i.favourite_count, 'bidCount', i.bid_count)
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

/** SQL of a creator as the app shows it (Creator, with its followers) over `creators c`: the
 * followers are the sample figure plus the counter the database keeps (ITEM_JSON's counts). */
export const CREATOR_JSON = `(c.data || jsonb_build_object('followers',
    c.followers_base + c.follower_count))`;

export async function creatorSnapshot(db: Sql, id: number): Promise<Creator | null> {
  const { rows } = await db.query<{ data: Creator }>(
    `SELECT ${CREATOR_JSON} AS data FROM creators c WHERE c.id = $1`,
    [id],
  );
  return rows[0]?.data ?? null;
}

/** One entry of the change log; `data` null means the record was deleted. */
export interface Change {
  topic: string;
  key: string | number;
  data: unknown;
}

/** The channel on which every commit that grew the change log is announced (event-hub.ts). */
export const CHANGES_CHANNEL = 'artmint_changes';

/**
 * Stages entries for the change log (artmint_log_changes, server/migrations/006_write_functions.sql).
 * The database appends them in order when the transaction commits, under the log's lock, which
 * is then held only while the COMMIT runs; a savepoint rolled back takes them with it. Outside
 * a transaction the statement is its own. Records whose entries must follow one another (an
 * item's bids, an account's follows) are ordered by the row locks each write takes first
 * (SELECT ... FOR UPDATE), which a later writer waits on until the earlier has committed.
 */
const LOG_CHANGES = {
  name: 'artmint_log_changes',
  text: 'SELECT artmint_log_changes($1::jsonb)',
};

/** Records entries for the log, in order (see LOG_CHANGES). */
export async function recordChanges(tx: Sql, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const entries = changes.map(({ topic, key, data }) => ({ topic, key: String(key), data }));
  await tx.query(LOG_CHANGES, [JSON.stringify(entries)]);
}

/**
 * Runs `work` in a savepoint of `tx`. When it throws an error `undo` accepts, its writes and the
 * log entries it recorded are undone and the error is thrown again; any other error is left to
 * abort the whole transaction.
 */
export async function savepoint<T>(
  tx: Sql,
  work: () => Promise<T>,
  undo: (error: unknown) => boolean,
): Promise<T> {
  await tx.query('SAVEPOINT artmint_work');
  try {
    return await work();
  } catch (error) {
    if (undo(error)) await tx.query('ROLLBACK TO SAVEPOINT artmint_work');
    throw error;
  }
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
