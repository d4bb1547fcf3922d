// Public activity entries (src/data/types.ts ActivityEntry) that writes add: stored in the
// activity table and carried to every device by the change log, in the write's transaction.
// Ids match the ones the device gives its own entries (bid-<id>, purchase-<id>, listing-<id>),
// so a device's entry is replaced by the server's, never doubled.
import type { ActivityEntry } from '../../src/data/types.ts';
import { recordChanges, type Change } from '../catalog/snapshots.ts';
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

export function bidEntry(
  item: ActivityItem,
  bid: { id: string; bidder: string; priceEth: string; quantity: number; at: string },
): ActivityEntry {
  const quantity = bid.quantity > 1 ? ` for ${bid.quantity} editions` : '';
  return {
    id: `bid-${bid.id}`,
    type: 'Bid',
    at: bid.at,
    description: `${bid.bidder} bid ${bid.priceEth} ETH${quantity} on ${item.title}`,
    image: item.image,
    itemId: item.id,
    tags: ['Bids'],
  };
}

export function purchaseEntry(
  item: ActivityItem,
  purchase: { id: string; buyer: string; priceEth: string; at: string },
): ActivityEntry {
  return {
    id: `purchase-${purchase.id}`,
    type: 'Purchase',
    at: purchase.at,
    description: `${purchase.buyer} bought ${item.title} for ${purchase.priceEth} ETH`,
    image: item.image,
    itemId: item.id,
    tags: ['Purchased'],
  };
}

export function listingEntry(item: ActivityItem, by: string, at: string): ActivityEntry {
  return {
    id: `listing-${item.id}`,
    type: 'Listing',
    at,
    description: `${by} listed ${item.title}`,
    image: item.image,
    itemId: item.id,
    tags: ['Listing'],
  };
}
