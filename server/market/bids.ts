// A bid (docs/database.md). On an auction it must come before the end and beat the highest bid
// by at least 0.01 ETH; it raises the highest bid, marks the earlier active bids outbid, and a
// bid in the last 15 minutes extends the end by 15 minutes. On any other item it is an offer of
// at least BID_MIN_ETH, taken until the listing's end when it has one. Never on one's own item.
// The rules run in the database, in one call of artmint_place_bid
// (server/migrations/functions/artmint_place_bid.sql); the words are the device's,
// from shared/market.ts.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import {
  BID_MAX_QUANTITY,
  BID_MIN_ETH,
  bidRefusalWords,
  type BidFigures,
  type BidRefusalCode,
} from '../../shared/market.ts';
import type { MUTATION_ARGS, PushResult, RefusalCode } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { WriteLimited, type WriteLimit } from '../http/guards.ts';
import { AUCTION_STEP_ETH } from './amounts.ts';

export type BidArgs = v.InferOutput<(typeof MUTATION_ARGS)['bid']>;

/** A refused bid's words (shared/market.ts, the same as the device's check), and the field
 * each concerns, from its code and figures. */
export function bidRefusal(code: BidRefusalCode, figures: BidFigures): Refusal {
  const { message, fields } = bidRefusalWords(code, figures);
  return new Refusal(code, message, fields);
}

/**
 * A bid's push result as stored under its mutation id: accepted as is; refused, with the code
 * and figures only (the database has no words), given its words here.
 */
export function bidResult(stored: PushResult & Partial<BidFigures>): PushResult {
  if (stored.status !== 'refused' || stored.error !== undefined) return stored;
  const refusal = bidRefusal(stored.code as BidRefusalCode, {
    highest: stored.highest ?? null,
    next: stored.next ?? null,
    saleKind: stored.saleKind ?? null,
  });
  return {
    id: stored.id,
    status: 'refused',
    code: refusal.code as RefusalCode,
    error: refusal.message,
    ...(refusal.fields ? { fields: refusal.fields } : {}),
  };
}

const PLACE_BID = {
  name: 'artmint_place_bid',
  text: `SELECT refusal, highest_text, next_text, log_seq, sale_kind
    FROM artmint_place_bid($1::int, $2::numeric, $3::numeric, $4::numeric, $5::text, $6::int,
      $7::text, $8::numeric, $9::text, $10::numeric)`,
};

/** The same, counted against the write limit first (migrations 009 and 010). */
const PLACE_BID_LIMITED = {
  name: 'artmint_place_bid_limited',
  text: `SELECT retry, refusal, highest_text, next_text, log_seq, sale_kind
    FROM artmint_place_bid_limited($11::text, $12::int, $13::float8, $1::int, $2::numeric,
      $3::numeric, $4::numeric, $5::text, $6::int, $7::text, $8::numeric, $9::text,
      $10::numeric)`,
};

interface PlaceBidRow {
  retry?: number | null;
  refusal: BidRefusalCode | null;
  highest_text: string | null;
  next_text: string | null;
  log_seq: number;
  sale_kind: string | null;
}

/**
 * Places a bid as a push's mutation `id`: decided, stored with its result and logged by one
 * call of artmint_place_bid, a statement of its own and so its own transaction, in which the
 * change log's lock is held only inside the database. Throws the claim's error (a unique
 * violation) when the id is already taken (push.ts answers from the stored result), and
 * WriteLimited when `limit` is given and the bid is past it (counted in the same call).
 */
export async function placeBid(
  db: Database,
  account: SessionAccount,
  mutation: { id: string; hash: string },
  args: BidArgs,
  limit: WriteLimit | null = null,
): Promise<{ result: PushResult; seq: number }> {
  const params = [
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
  ];
  const { rows } = limit
    ? await db.query<PlaceBidRow>(PLACE_BID_LIMITED, [
        ...params,
        limit.key,
        limit.max,
        limit.windowSecs,
      ])
    : await db.query<PlaceBidRow>(PLACE_BID, params);
  const row = rows[0];
  if (!row) throw new Error('artmint_place_bid answered no row');
  if (row.retry !== undefined && row.retry !== null) throw new WriteLimited(row.retry);
  const seq = Number(row.log_seq);
  if (row.refusal === null) return { result: { id: mutation.id, status: 'applied' }, seq };
  const result = bidResult({
    id: mutation.id,
    status: 'refused',
    code: row.refusal as RefusalCode,
    highest: row.highest_text,
    next: row.next_text,
    saleKind: row.sale_kind,
  } as PushResult & BidFigures);
  return { result, seq };
}
