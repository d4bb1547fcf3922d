// A bid (PRODUCT.md "The server decides"). On an auction it must come before the end and beat
// the highest bid by at least 0.01 ETH; it raises the highest bid, marks the earlier active
// bids outbid, and a bid in the last 15 minutes extends the end by 15 minutes. On any other
// item it is an offer of at least BID_MIN_ETH. Never on one's own item.
import type * as v from 'valibot';
import { BID_MAX_QUANTITY, BID_MIN_ETH } from '../../src/config/constants.ts';
import type { MUTATION_ARGS } from '../../src/data/sync/protocol.ts';
import type { SessionAccount } from '../auth/sessions.ts';
import { recordItemChange } from '../catalog/snapshots.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../sync/refusal.ts';
import { addActivity, bidEntry } from './activity.ts';
import { AUCTION_STEP_ETH, ethText, lockItem } from './amounts.ts';
import { BID_COLUMNS, bidsWhere, recordBids, toBid, type BidRow } from './bid-records.ts';

export type BidArgs = v.InferOutput<(typeof MUTATION_ARGS)['bid']>;

interface BidTarget {
  id: number;
  owner_id: number;
  sale_kind: string;
  title: string;
  image: string;
  ended: boolean;
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
  if (!(await lockItem(tx, args.itemId))) {
    throw new Refusal('not-found', 'This item no longer exists.');
  }
  const { rows } = await tx.query<BidTarget>(
    `SELECT i.id, i.owner_id, i.sale_kind, i.data->>'title' AS title, i.data->>'image' AS image,
       (i.ends_at <= now() OR i.settled_at IS NOT NULL) AS ended,
       $2::numeric >= i.highest_bid_eth + $4::numeric AS beats_highest,
       $2::numeric >= $3::numeric AS above_minimum,
       ${ethText('i.highest_bid_eth')} AS highest_text,
       ${ethText('(i.highest_bid_eth + $4::numeric)')} AS next_text
     FROM items i WHERE i.id = $1`,
    [args.itemId, args.priceEth, BID_MIN_ETH, AUCTION_STEP_ETH],
  );
  const item = rows[0];
  if (!item) throw new Refusal('not-found', 'This item no longer exists.');
  if (item.owner_id === account.id) {
    throw new Refusal('forbidden', 'You cannot bid on your own item.');
  }
  const auction = item.sale_kind === 'auctions';
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
  if (auction) {
    const { rows: outbid } = await tx.query<BidRow>(
      `UPDATE bids SET status = 'outbid' WHERE item_id = $1 AND status = 'active'
       RETURNING ${BID_COLUMNS}`,
      [item.id],
    );
    await recordBids(tx, outbid.map(toBid));
  }
  await tx.query(
    `INSERT INTO bids (id, item_id, account_id, bidder, price_eth, quantity)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, item.id, account.id, account.name, args.priceEth, args.quantity],
  );
  await tx.query(
    `UPDATE items SET highest_bid_eth = greatest(highest_bid_eth, $2::numeric),
       ends_at = CASE WHEN sale_kind = 'auctions' AND ends_at < now() + interval '15 minutes'
         THEN now() + interval '15 minutes' ELSE ends_at END
     WHERE id = $1`,
    [item.id, args.priceEth],
  );
  const [bid] = await bidsWhere(tx, 'id = $1', [id]);
  if (!bid) return;
  await recordBids(tx, [bid]);
  await recordItemChange(tx, item.id);
  await addActivity(tx, bidEntry(item, bid));
}
