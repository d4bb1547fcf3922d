// An item sold to one of its bids: an auction's highest bid when the auction settles, or an
// offer its owner accepts. The bidder becomes the owner, a purchase is stored under the bid's
// id, the bid is marked won and the item's other open bids end (outbid on an auction, closed
// on an offer), and Activity records both sides. Runs in the caller's transaction, with
// the item's row locked.
import type { Change } from '../core/change-log.ts';
import { itemSnapshot } from '../core/snapshots.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { ActivityEntry } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';
import { addActivity, byActor, type ActivityItem } from './activity.ts';
import { ethText } from './amounts.ts';
import { bidChanges, bidJson } from './bid-records.ts';
import { recordBidsOfAccounts, recordSaleOfAccounts } from '../core/account-log.ts';
import { notifySale } from '../notifications/events.ts';

export interface SaleItem extends ActivityItem {
  auction: boolean;
}

/** What ends the item's other open bids: an auction's bids are outbid, offers are closed. */
const endedStatus = (item: SaleItem): ServerBid['status'] => (item.auction ? 'outbid' : 'closed');

/** Ends the item's active bids (all but `keep`) and returns them as the log carries them. */
export async function endOpenBids(
  tx: Sql,
  item: SaleItem,
  keep: string | null = null,
): Promise<Change[]> {
  const { rows } = await tx.query<{ bid: ServerBid }>(
    `UPDATE bids b SET status = $2
     WHERE b.item_id = $1 AND b.status = 'active' AND b.id IS DISTINCT FROM $3
     RETURNING ${bidJson('b')} AS bid`,
    [item.id, endedStatus(item), keep],
  );
  return bidChanges(rows);
}

export async function itemChange(tx: Sql, id: number): Promise<Change> {
  return { topic: 'item', key: id, data: await itemSnapshot(tx, id) };
}

/** Sells the item to the bid; false when the bid is gone or its bidder deleted the account. */
export async function sellToBid(tx: Sql, item: SaleItem, bidId: string): Promise<boolean> {
  const { rows } = await tx.query<{
    buyer: string;
    account_id: number;
    price: string;
    record_price: string;
    created_at: Date;
  }>(
    `INSERT INTO purchases (id, item_id, account_id, buyer, price_eth)
     SELECT b.id, b.item_id, b.account_id, b.bidder, b.price_eth FROM bids b
     WHERE b.id = $1 AND b.item_id = $2 AND b.account_id IS NOT NULL
     RETURNING buyer, account_id, ${ethText('price_eth')} AS price,
       trim_scale(price_eth)::text AS record_price, created_at`,
    [bidId, item.id],
  );
  const sale = rows[0];
  if (!sale) return false;
  // The seller is the owner until now: a collector's account, or none for a sample creator's item.
  const { rows: sellers } = await tx.query<{ id: number; name: string }>(
    'SELECT a.id, a.name FROM items i JOIN accounts a ON a.id = i.owner_id WHERE i.id = $1',
    [item.id],
  );
  await tx.query(
    `UPDATE items SET owner_id = $2,
       settled_at = CASE WHEN sale_kind = 'auctions' THEN coalesce(settled_at, now()) ELSE settled_at END
     WHERE id = $1`,
    [item.id, sale.account_id],
  );
  const { rows: won } = await tx.query<{ bid: ServerBid }>(
    `UPDATE bids b SET status = 'won' WHERE b.id = $1 RETURNING ${bidJson('b')} AS bid`,
    [bidId],
  );
  const bids = [...(await endOpenBids(tx, item, bidId)), ...bidChanges(won)];
  const listing = await itemChange(tx, item.id);
  const changes: Change[] = [...bids, listing];
  // The accounts' own logs (docs/sync.md "Account channel"): the bids' statuses (won, and the
  // others ended) to their bidders and an offer's to its receiver, the buyer's purchase, the
  // seller's listing.
  const seller = sellers[0]?.id ?? null;
  await recordBidsOfAccounts(tx, bids, item.auction ? null : seller);
  await recordSaleOfAccounts(tx, {
    buyer: sale.account_id,
    seller,
    purchase: {
      id: bidId,
      itemId: item.id,
      priceEth: sale.record_price,
      buyer: sale.buyer,
      at: sale.created_at.toISOString(),
    },
    item: listing,
  });
  const [bought, sold] = saleEntries(item, {
    bidId,
    buyer: { id: sale.account_id, name: sale.buyer },
    seller: sellers[0] ?? null,
    price: sale.price,
    at: sale.created_at.toISOString(),
  });
  await addActivity(tx, bought, changes);
  await addActivity(tx, sold);
  await notifySale(tx, item, {
    buyer: sale.account_id,
    seller: sellers[0]?.id ?? null,
    priceEth: sale.price,
  });
  return true;
}

/** A side of a sale: its account id (null once deleted) and the name it shows under. */
export interface SaleParty {
  id: number | null;
  name: string;
}

/**
 * The buyer's and the seller's Activity entries of a sale to a bid (`price` as ethText): each is
 * its side's deed, which that collector reads as "You ...". A seller with no account (a sample
 * creator's item) leaves the sale entry about the item.
 */
export function saleEntries(
  item: SaleItem,
  sale: { bidId: string; buyer: SaleParty; seller: SaleParty | null; price: string; at: string },
): [bought: ActivityEntry, sold: ActivityEntry] {
  const { bidId, buyer, seller, price, at } = sale;
  const common = { at, image: item.image, itemId: item.id };
  // Each sentence starts with the deal, as Activity has always put it ("Won at 4.80 ETH: ...").
  const [lead, deed] = item.auction
    ? [`Won at ${price} ETH:`, `won the auction of ${item.title}`]
    : [`Bought at ${price} ETH:`, `bought ${item.title} when the owner accepted the offer`];
  return [
    {
      ...common,
      id: `purchase-${bidId}`,
      type: 'Purchase',
      ...byActor(buyer.name, buyer.id, deed, lead),
      tags: ['Purchased'],
    },
    {
      ...common,
      id: `sale-${bidId}`,
      type: 'Sale',
      ...(seller
        ? byActor(
            seller.name,
            seller.id,
            `sold ${item.title} to ${buyer.name}`,
            `Sold at ${price} ETH:`,
          )
        : { description: `Sold at ${price} ETH: ${item.title} to ${buyer.name}` }),
      tags: ['Sales'],
    },
  ];
}
