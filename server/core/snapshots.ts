// The public state of an item or a creator as the app shows it (shared/types.ts), built from
// the database, and the change-log entries that carry it to devices. Every write that changes
// an item's price, bids, owner or favourites, or a creator's profile or followers, records the
// new snapshot in the same transaction.
import type { Creator, Item } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';
import { recordChange } from './change-log.ts';

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

export async function recordItemChange(db: Sql, id: number): Promise<void> {
  await recordChange(db, 'item', id, await itemSnapshot(db, id));
}

export async function recordCreatorChange(db: Sql, id: number): Promise<void> {
  await recordChange(db, 'creator', id, await creatorSnapshot(db, id));
}
