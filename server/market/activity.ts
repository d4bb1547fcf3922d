// Public activity entries (shared/types.ts ActivityEntry) that writes add: stored in the
// activity table and carried to every device by the change log, in the write's transaction.
// Ids match the ones the device gives its own entries (bid-<id>, purchase-<id>, listing-<id>),
// so a device's entry is replaced by the server's, never doubled.
import { recordChanges, type Change } from '../core/change-log.ts';
import { isoTime } from '../core/snapshots.ts';
import type { ActivityEntry } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';

export interface ActivityItem {
  id: number;
  title: string;
  image: string;
}

/** Stores the entry and logs it, after `changes` (the write's other entries). */
export async function addActivity(
  tx: Sql,
  entry: ActivityEntry,
  changes: Change[] = [],
): Promise<void> {
  await tx.query(
    `INSERT INTO activity (id, item_id, data, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [entry.id, entry.itemId, JSON.stringify(entry), entry.at],
  );
  await recordChanges(tx, [...changes, { topic: 'activity', key: entry.id, data: entry }]);
}

/**
 * The entry's words: the whole sentence, as any version of the app reads it, and for a living
 * account its actor, so that each device shows the deed as "You ..." to that account. A deleted
 * account (no id) has no actor: nobody is it any more.
 */
export function byActor(
  name: string,
  accountId: number | null,
  deed: string,
  lead?: string,
): Pick<ActivityEntry, 'description' | 'actor'> {
  const description = lead ? `${lead} ${name} ${deed}` : `${name} ${deed}`;
  return accountId === null
    ? { description }
    : { description, actor: { id: accountId, name, deed, ...(lead ? { lead } : {}) } };
}

/** bidEntryJson's item, as the columns of `items i`. */
export const ITEM_COLUMNS = {
  id: 'i.id',
  title: "i.data->>'title'",
  image: "i.data->>'image'",
  saleKind: 'i.sale_kind',
} as const;

/**
 * SQL of a bid's entry over the bids row `b` and its item's `id`, `title`, `image` and
 * `saleKind` (expressions); `accountId` the bidder's (NULL once their account is deleted). Built
 * in SQL so that a bid is decided, stored and logged in one statement (bids.ts,
 * server/migrations/functions/artmint_place_bid.sql, which writes the same words). The words are byActor's:
 * on an auction "bid 2 ETH on ...", on any other item an offer (shared/sale-kinds.ts), "made
 * an offer of 2 ETH on ...".
 */
export function bidEntryJson(
  b: string,
  item: { id: string; title: string; image: string; saleKind: string },
  accountId: string,
): string {
  const auction = `((${item.saleKind}) = 'auctions')`;
  const deed = `CASE WHEN ${auction} THEN 'bid ' ELSE 'made an offer of ' END
    || trim_scale(${b}.price_eth)::text || ' ETH'
    || CASE WHEN ${b}.quantity > 1 THEN ' for ' || ${b}.quantity || ' editions' ELSE '' END
    || ' on ' || (${item.title})`;
  return `(jsonb_build_object('id', 'bid-' || ${b}.id,
      'type', CASE WHEN ${auction} THEN 'Bid' ELSE 'Offer' END,
      'at', ${isoTime(`${b}.created_at`)}, 'description', ${b}.bidder || ' ' || ${deed},
      'image', (${item.image}), 'itemId', (${item.id}), 'tags', jsonb_build_array('Bids'))
    || CASE WHEN ${accountId} IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('actor',
      jsonb_build_object('id', ${accountId}, 'name', ${b}.bidder, 'deed', ${deed})) END)`;
}

/** `accountId`: the buyer's (null once their account is deleted). */
export function purchaseEntry(
  item: ActivityItem,
  purchase: { id: string; buyer: string; priceEth: string; at: string },
  accountId: number | null,
): ActivityEntry {
  return {
    id: `purchase-${purchase.id}`,
    type: 'Purchase',
    at: purchase.at,
    ...byActor(purchase.buyer, accountId, `bought ${item.title} for ${purchase.priceEth} ETH`),
    image: item.image,
    itemId: item.id,
    tags: ['Purchased'],
  };
}

/** `accountId`: the creator's (null once their account is deleted). */
export function listingEntry(
  item: ActivityItem,
  by: string,
  accountId: number | null,
  at: string,
): ActivityEntry {
  return {
    id: `listing-${item.id}`,
    type: 'Listing',
    at,
    ...byActor(by, accountId, `listed ${item.title}`),
    image: item.image,
    itemId: item.id,
    tags: ['Listing'],
  };
}
