// A bid (PRODUCT.md "The server decides"). On an auction it must come before the end and beat
// the highest bid by at least 0.01 ETH; it raises the highest bid, marks the earlier active
// bids outbid, and a bid in the last 15 minutes extends the end by 15 minutes. On any other
// item it is an offer of at least BID_MIN_ETH. Never on one's own item.
import type * as v from 'valibot';
import { BID_MAX_QUANTITY, BID_MIN_ETH } from '../../src/config/constants.ts';
import type { MUTATION_ARGS } from '../../src/data/sync/protocol.ts';
import type { SessionAccount } from '../auth/sessions.ts';
import { ITEM_COLUMNS, toItem, type Change, type ItemRow } from '../catalog/snapshots.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../sync/refusal.ts';
import { addActivity, bidEntry } from './activity.ts';
import { AUCTION_STEP_ETH, ethText } from './amounts.ts';
import { BID_COLUMNS, toBid, type BidRow } from './bid-records.ts';

export type BidArgs = v.InferOutput<(typeof MUTATION_ARGS)['bid']>;

interface BidTarget {
  id: number;
  owner_id: number;
  sale_kind: string;
  title: string;
  image: string;
  ended: boolean;
  unlisted: boolean;
  sold: boolean;
  beats_highest: boolean;
  above_minimum: boolean;
  highest_text: string;
  next_text: string;
}

export async function placeBid(
  tx: Sql,
  account: SessionAccount,
  id: string,
  args: BidArgs,
): Promise<void> {
  if (!Number.isInteger(args.quantity) || args.quantity < 1 || args.quantity > BID_MAX_QUANTITY) {
    const message = `Enter a whole number from 1 to ${BID_MAX_QUANTITY}.`;
    throw new Refusal('invalid', message, { quantity: message });
  }
  // Locks the item's row: PostgreSQL evaluates these columns on the row's newest version once
  // a concurrent bid's lock is released (READ COMMITTED re-reads a row it waited for).
  const { rows } = await tx.query<BidTarget>(
    `SELECT i.id, i.owner_id, i.sale_kind, i.data->>'title' AS title, i.data->>'image' AS image,
       (i.ends_at <= now() OR i.settled_at IS NOT NULL) AS ended,
       i.unlisted_at IS NOT NULL AS unlisted,
       EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) AS sold,
       $2::numeric >= i.highest_bid_eth + $4::numeric AS beats_highest,
       $2::numeric >= $3::numeric AS above_minimum,
       ${ethText('i.highest_bid_eth')} AS highest_text,
       ${ethText('(i.highest_bid_eth + $4::numeric)')} AS next_text
     FROM items i WHERE i.id = $1 FOR UPDATE`,
    [args.itemId, args.priceEth, BID_MIN_ETH, AUCTION_STEP_ETH],
  );
  const item = rows[0];
  if (!item) throw new Refusal('not-found', 'This item no longer exists.');
  if (item.owner_id === account.id) {
    throw new Refusal('forbidden', 'You cannot bid on your own item.');
  }
  if (item.unlisted) {
    throw new Refusal('unlisted', 'Its owner took this item off sale, so it takes no bids.');
  }
  const auction = item.sale_kind === 'auctions';
  if (!auction && item.sold) {
    throw new Refusal('sold', 'This item is already sold, so it takes no more offers.');
  }
  if (auction && item.ended) {
    throw new Refusal(
      'ended',
      `This auction has ended. The highest bid was ${item.highest_text} ETH.`,
    );
  }
  if (auction && !item.beats_highest) {
    throw new Refusal(
      'outbid',
      `You were outbid: the highest bid is now ${item.highest_text} ETH. Bid again, at least ${item.next_text} ETH.`,
      { priceEth: `Bid at least ${item.next_text} ETH.` },
    );
  }
  if (!auction && !item.above_minimum) {
    const message = `The minimum offer is ${BID_MIN_ETH} ETH.`;
    throw new Refusal('too-low', message, { priceEth: message });
  }
  // One statement for the bids: on an auction the active ones are outbid, and the new one is
  // stored (the UPDATE does not see the row the INSERT adds).
  const { rows: written } = await tx.query<BidRow>(
    `WITH outbid AS (
       UPDATE bids SET status = 'outbid' WHERE $7 AND item_id = $2 AND status = 'active'
       RETURNING ${BID_COLUMNS}
     ), placed AS (
       INSERT INTO bids (id, item_id, account_id, bidder, price_eth, quantity)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BID_COLUMNS}
     )
     SELECT * FROM outbid UNION ALL SELECT * FROM placed`,
    [id, item.id, account.id, account.name, args.priceEth, args.quantity, auction],
  );
  const { rows: updated } = await tx.query<ItemRow>(
    `UPDATE items i SET highest_bid_eth = greatest(i.highest_bid_eth, $2::numeric),
       ends_at = CASE WHEN i.sale_kind = 'auctions' AND i.ends_at < now() + interval '15 minutes'
         THEN now() + interval '15 minutes' ELSE i.ends_at END
     WHERE i.id = $1 RETURNING ${ITEM_COLUMNS}`,
    [item.id, args.priceEth],
  );
  const bids = written.map(toBid);
  const bid = bids.find((row) => row.id === id);
  if (!bid || !updated[0]) return;
  // The log: the outbid bids, the new bid, the item, then the activity entry.
  const changes: Change[] = [
    ...bids.filter((row) => row.id !== id).map((row) => ({ topic: 'bid', key: row.id, data: row })),
    { topic: 'bid', key: bid.id, data: bid },
    { topic: 'item', key: item.id, data: toItem(updated[0]) },
  ];
  await addActivity(tx, bidEntry(item, bid, account.id), changes);
}
