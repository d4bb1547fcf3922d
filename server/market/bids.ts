// A bid (PRODUCT.md "The server decides"). On an auction it must come before the end and beat
// the highest bid by at least 0.01 ETH; it raises the highest bid, marks the earlier active
// bids outbid, and a bid in the last 15 minutes extends the end by 15 minutes. On any other
// item it is an offer of at least BID_MIN_ETH. Never on one's own item.
import type * as v from 'valibot';
import { BID_MAX_QUANTITY, BID_MIN_ETH } from '../../src/config/constants.ts';
import type { MUTATION_ARGS, PushResult } from '../../src/data/sync/protocol.ts';
import type { SessionAccount } from '../auth/sessions.ts';
import { ANNOUNCE_CHANGES, ITEM_JSON, TAKE_LOG_LOCK } from '../catalog/snapshots.ts';
import type { Database } from '../db/database.ts';
import { bidEntryJson } from './activity.ts';
import { AUCTION_STEP_ETH, ethText, LOCK_ITEM } from './amounts.ts';
import { bidJson } from './bid-records.ts';

export type BidArgs = v.InferOutput<(typeof MUTATION_ARGS)['bid']>;

const EXTENDS = "interval '15 minutes'";

/**
 * The whole bid, its refusal included, in one statement that also stores the push's result
 * under the mutation's id (its claim: an id already claimed fails it) and appends to the change
 * log, so that the transaction is a single request to the database, sent with a statement of
 * its own that locks the item's row first (placeBid). No lock is then held across a round trip
 * to this process: on a busy server an item's bids, and every writer to the log, would queue
 * behind it.
 *
 * The snapshot of this statement, taken after the item's lock was granted, sees every bid a
 * concurrent writer committed meanwhile (READ COMMITTED gives each statement a fresh one).
 * `decision` refuses or accepts on the item as it is now; when accepted, the active bids are
 * marked outbid (on an auction), the new bid stored (the UPDATE does not see the row the INSERT
 * adds), the highest bid raised, an auction ending within 15 minutes extended by 15 minutes,
 * the activity entry added, and the log gets, in order, the outbid bids, the new bid, the item
 * and the entry; the announcement goes out only then. A refusal writes nothing but the result.
 * Answers the result and the log's newest sequence.
 *
 * $1 item, $2 price, $3 offer minimum, $4 auction step, $5 bid (and mutation) id, $6 account,
 * $7 bidder's name, $8 quantity, $9 the mutation's body hash, $10 the most editions.
 */
const BID_STATEMENT = `WITH target AS (
    SELECT i.id, i.sale_kind = 'auctions' AS auction,
      i.data->>'title' AS title, i.data->>'image' AS image,
      CASE
        WHEN i.owner_id = $6::int THEN 'forbidden'
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
    FROM items i WHERE i.id = $1::int
  ), decision AS (
    SELECT t.*, CASE
        WHEN NOT $8::numeric BETWEEN 1 AND $10::numeric THEN 'invalid'
        WHEN t.id IS NULL THEN 'not-found'
        ELSE t.refusal
      END AS code
    FROM (SELECT) one LEFT JOIN target t ON true
  ), accepted AS (
    SELECT * FROM decision WHERE code IS NULL
  ), outbid AS (
    UPDATE bids b SET status = 'outbid' FROM accepted a
    WHERE a.auction AND b.item_id = a.id AND b.status = 'active'
    RETURNING b.id, ${bidJson('b')} AS bid
  ), placed AS (
    INSERT INTO bids AS b (id, item_id, account_id, bidder, price_eth, quantity)
    SELECT $5::text, a.id, $6::int, $7::text, $2::numeric,
      least(greatest($8::numeric, 0), $10::numeric)::int FROM accepted a
    RETURNING b.*, ${bidJson('b')} AS bid
  ), updated AS (
    UPDATE items i SET highest_bid_eth = greatest(i.highest_bid_eth, $2::numeric),
      ends_at = CASE WHEN a.auction AND i.ends_at < now() + ${EXTENDS}
        THEN now() + ${EXTENDS} ELSE i.ends_at END
    FROM accepted a WHERE i.id = a.id
    RETURNING ${ITEM_JSON} AS item
  ), entry AS (
    SELECT ${bidEntryJson('p', { id: 'a.id', title: 'a.title', image: 'a.image' }, '$6::int')} AS data,
      p.created_at
    FROM placed p, accepted a
  ), added AS (
    INSERT INTO activity (id, item_id, data, created_at)
    SELECT e.data->>'id', $1::int, e.data, e.created_at FROM entry e
    ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data
  ), logged AS (
    INSERT INTO changes (topic, key, data)
    SELECT e.topic, e.key, e.data FROM (
      SELECT 1 AS n, o.id AS key, 'bid' AS topic, o.bid AS data FROM outbid o
      UNION ALL SELECT 2, p.id, 'bid', p.bid FROM placed p
      UNION ALL SELECT 3, $1::int::text, 'item', u.item FROM updated u
      UNION ALL SELECT 4, e.data->>'id', 'activity', e.data FROM entry e
    ) e
    -- The log's lock: no row of the join reaches the INSERT, to take its sequence number,
    -- before it is held. Taken here rather than before the statement, it is not held while
    -- the statement is planned and its bid decided.
    CROSS JOIN (SELECT ${TAKE_LOG_LOCK}) log_lock
    ORDER BY e.n, e.key
    RETURNING seq
  ), result AS (
    SELECT CASE WHEN d.code IS NULL THEN jsonb_build_object('id', $5::text, 'status', 'applied')
      ELSE jsonb_build_object('id', $5::text, 'status', 'refused', 'code', d.code, 'error', CASE d.code
        WHEN 'invalid' THEN 'Enter a whole number from 1 to ' || $10::numeric || '.'
        WHEN 'not-found' THEN 'This item no longer exists.'
        WHEN 'forbidden' THEN 'You cannot bid on your own item.'
        WHEN 'unlisted' THEN 'Its owner took this item off sale, so it takes no bids.'
        WHEN 'sold' THEN 'This item is already sold, so it takes no more offers.'
        WHEN 'ended' THEN 'This auction has ended. The highest bid was ' || d.highest_text || ' ETH.'
        WHEN 'outbid' THEN 'You were outbid: the highest bid is now ' || d.highest_text
          || ' ETH. Bid again, at least ' || d.next_text || ' ETH.'
        WHEN 'too-low' THEN 'The minimum offer is ' || $3::numeric || ' ETH.'
      END) || CASE d.code
        WHEN 'invalid' THEN jsonb_build_object('fields', jsonb_build_object('quantity',
          'Enter a whole number from 1 to ' || $10::numeric || '.'))
        WHEN 'outbid' THEN jsonb_build_object('fields', jsonb_build_object('priceEth',
          'Bid at least ' || d.next_text || ' ETH.'))
        WHEN 'too-low' THEN jsonb_build_object('fields', jsonb_build_object('priceEth',
          'The minimum offer is ' || $3::numeric || ' ETH.'))
        ELSE '{}'::jsonb END
      END AS result
    FROM decision d
  ), claimed AS (
    INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
    SELECT $5::text, $6::int, 'bid', $9::text, r.result->>'status', r.result FROM result r
  )
  SELECT r.result,
    coalesce((SELECT max(seq) FROM logged), (SELECT max(seq) FROM changes), 0) AS seq,
    (SELECT ${ANNOUNCE_CHANGES} FROM placed) AS announced
  FROM result r`;

/**
 * Places a bid as a push's mutation `id` (PRODUCT.md "The server decides"): decided, stored
 * with its result and logged in one request (BID_STATEMENT). Throws the claim's error when the
 * id is already taken (push.ts answers from the stored result).
 */
export async function placeBid(
  db: Database,
  account: SessionAccount,
  mutation: { id: string; hash: string },
  args: BidArgs,
): Promise<{ result: PushResult; seq: number }> {
  const { statement } = await db.transaction(async (tx) => {
    tx.sendWithNext(LOCK_ITEM, [args.itemId]);
    const statement = tx.commitWith<{ result: PushResult; seq: number }>(BID_STATEMENT, [
      args.itemId,
      args.priceEth,
      BID_MIN_ETH,
      AUCTION_STEP_ETH,
      mutation.id,
      account.id,
      account.name,
      args.quantity,
      mutation.hash,
      BID_MAX_QUANTITY,
    ]);
    // Not awaited here: it answers once the transaction has committed.
    return { statement };
  });
  const row = (await statement).rows[0];
  if (!row) throw new Error('the bid statement answered no row');
  return { result: row.result, seq: Number(row.seq) };
}
