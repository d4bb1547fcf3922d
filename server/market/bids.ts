// A bid (PRODUCT.md "The server decides"). On an auction it must come before the end and beat
// the highest bid by at least 0.01 ETH; it raises the highest bid, marks the earlier active
// bids outbid, and a bid in the last 15 minutes extends the end by 15 minutes. On any other
// item it is an offer of at least BID_MIN_ETH. Never on one's own item.
import type * as v from 'valibot';
import { BID_MAX_QUANTITY, BID_MIN_ETH } from '../../src/config/constants.ts';
import type { MUTATION_ARGS } from '../../src/data/sync/protocol.ts';
import type { SessionAccount } from '../auth/sessions.ts';
import { ITEM_COLUMNS, toItem, type Change, type ItemRow } from '../catalog/snapshots.ts';
import type { Transaction } from '../db/database.ts';
import { Refusal } from '../sync/refusal.ts';
import { addActivity, bidEntry } from './activity.ts';
import { AUCTION_STEP_ETH, ethText, LOCK_ITEM } from './amounts.ts';
import { BID_COLUMNS, toBid, type BidRow } from './bid-records.ts';

export type BidArgs = v.InferOutput<(typeof MUTATION_ARGS)['bid']>;

/** Why a bid is refused, decided in SQL on the item as it is once locked; null: accepted. */
type RefusalCode = 'forbidden' | 'unlisted' | 'sold' | 'ended' | 'outbid' | 'too-low';

/**
 * A row of the bid's statement: the item's refusal and amounts; when accepted, one row per bid
 * written (the outbid ones and the new one) with the updated item's columns.
 */
type BidOutcome = {
  title: string;
  image: string;
  refusal: RefusalCode | null;
  highest_text: string;
  next_text: string;
} & (({ id: null } & Partial<ItemRow>) | (BidRow & ItemRow));

/**
 * The whole bid in one statement, run once the item's row is locked by a statement of its own
 * sent in the same request: this one's snapshot, taken after the lock was granted, then sees
 * every bid a concurrent writer committed meanwhile (READ COMMITTED gives each statement a
 * fresh one). It decides the refusal on the item as it is now and, when there is none, marks
 * the active bids outbid (on an auction), stores the new bid (the UPDATE does not see the row
 * the INSERT adds), raises the highest bid and extends an auction ending within 15 minutes.
 * $1 item, $2 price, $3 offer minimum, $4 auction step, $5 bid id, $6 account, $7 bidder's
 * name, $8 quantity.
 */
const BID_STATEMENT = `WITH target AS (
    SELECT i.id, i.sale_kind, i.data->>'title' AS title, i.data->>'image' AS image,
      CASE
        WHEN i.owner_id = $6 THEN 'forbidden'
        WHEN i.unlisted_at IS NOT NULL THEN 'unlisted'
        WHEN i.sale_kind <> 'auctions'
          AND EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) THEN 'sold'
        WHEN i.sale_kind = 'auctions'
          AND (i.ends_at <= now() OR i.settled_at IS NOT NULL) THEN 'ended'
        WHEN i.sale_kind = 'auctions'
          AND NOT $2::numeric >= i.highest_bid_eth + $4::numeric THEN 'outbid'
        WHEN i.sale_kind <> 'auctions' AND NOT $2::numeric >= $3::numeric THEN 'too-low'
      END AS refusal,
      ${ethText('i.highest_bid_eth')} AS highest_text,
      ${ethText('(i.highest_bid_eth + $4::numeric)')} AS next_text
    FROM items i WHERE i.id = $1
  ), accepted AS (
    SELECT id AS target_id, sale_kind = 'auctions' AS auction FROM target WHERE refusal IS NULL
  ), outbid AS (
    UPDATE bids SET status = 'outbid' FROM accepted
    WHERE auction AND item_id = target_id AND status = 'active'
    RETURNING ${BID_COLUMNS}
  ), placed AS (
    INSERT INTO bids (id, item_id, account_id, bidder, price_eth, quantity)
    SELECT $5, target_id, $6, $7, $2::numeric, $8 FROM accepted
    RETURNING ${BID_COLUMNS}
  ), updated AS (
    UPDATE items i SET highest_bid_eth = greatest(i.highest_bid_eth, $2::numeric),
      ends_at = CASE WHEN i.sale_kind = 'auctions' AND i.ends_at < now() + interval '15 minutes'
        THEN now() + interval '15 minutes' ELSE i.ends_at END
    FROM accepted WHERE i.id = target_id
    RETURNING ${ITEM_COLUMNS}
  )
  SELECT t.title, t.image, t.refusal, t.highest_text, t.next_text, u.*, w.*
  FROM target t LEFT JOIN updated u ON true
    LEFT JOIN (SELECT * FROM outbid UNION ALL SELECT * FROM placed) w ON true`;

function refusal(row: BidOutcome): Refusal | null {
  switch (row.refusal) {
    case null:
      return null;
    case 'forbidden':
      return new Refusal('forbidden', 'You cannot bid on your own item.');
    case 'unlisted':
      return new Refusal('unlisted', 'Its owner took this item off sale, so it takes no bids.');
    case 'sold':
      return new Refusal('sold', 'This item is already sold, so it takes no more offers.');
    case 'ended':
      return new Refusal(
        'ended',
        `This auction has ended. The highest bid was ${row.highest_text} ETH.`,
      );
    case 'outbid':
      return new Refusal(
        'outbid',
        `You were outbid: the highest bid is now ${row.highest_text} ETH. Bid again, at least ${row.next_text} ETH.`,
        { priceEth: `Bid at least ${row.next_text} ETH.` },
      );
    case 'too-low': {
      const message = `The minimum offer is ${BID_MIN_ETH} ETH.`;
      return new Refusal('too-low', message, { priceEth: message });
    }
  }
}

export async function placeBid(
  tx: Transaction,
  account: SessionAccount,
  id: string,
  args: BidArgs,
): Promise<void> {
  if (!Number.isInteger(args.quantity) || args.quantity < 1 || args.quantity > BID_MAX_QUANTITY) {
    const message = `Enter a whole number from 1 to ${BID_MAX_QUANTITY}.`;
    throw new Refusal('invalid', message, { quantity: message });
  }
  // The lock goes with the bid's statement: on PostgreSQL one request (see BID_STATEMENT).
  tx.sendWithNext(LOCK_ITEM, [args.itemId]);
  const { rows } = await tx.query<BidOutcome>(BID_STATEMENT, [
    args.itemId,
    args.priceEth,
    BID_MIN_ETH,
    AUCTION_STEP_ETH,
    id,
    account.id,
    account.name,
    args.quantity,
  ]);
  const first = rows[0];
  if (!first) throw new Refusal('not-found', 'This item no longer exists.');
  const refused = refusal(first);
  if (refused) throw refused;
  const written = rows.filter((row): row is BidOutcome & BidRow & ItemRow => row.id !== null);
  const bids = written.map(({ id, itemId, priceEth, quantity, bidder, status, created_at }) =>
    toBid({ id, itemId, priceEth, quantity, bidder, status, created_at }),
  );
  const bid = bids.find((row) => row.id === id);
  if (!bid || !written[0]) throw new Error('an accepted bid wrote no bid');
  const item = { id: args.itemId, title: first.title, image: first.image };
  // The log: the outbid bids, the new bid, the item, then the activity entry.
  const changes: Change[] = [
    ...bids.filter((row) => row.id !== id).map((row) => ({ topic: 'bid', key: row.id, data: row })),
    { topic: 'bid', key: bid.id, data: bid },
    { topic: 'item', key: item.id, data: toItem(written[0]) },
  ];
  await addActivity(tx, bidEntry(item, bid, account.id), changes);
}
