// Bids and purchases as devices show them (shared/types.ts Bid and Purchase; a bid also
// carries its status), read back from the database.
import type { Change } from '../core/change-log.ts';
import { isoTime } from '../core/snapshots.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { Purchase } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';

/** SQL of a bid as devices get it (ServerBid) over the bids row `b`. */
export const bidJson = (b: string) =>
  `jsonb_build_object('id', ${b}.id, 'itemId', ${b}.item_id,
    'priceEth', trim_scale(${b}.price_eth)::text, 'quantity', ${b}.quantity,
    'bidder', ${b}.bidder, 'status', ${b}.status, 'at', ${isoTime(`${b}.created_at`)})`;

/** The log's entry of each bid, from rows that carry one `bid` (bidJson). */
export const bidChanges = (rows: { bid: ServerBid }[]): Change[] =>
  rows.map(({ bid }) => ({ topic: 'bid', key: bid.id, data: bid }));

export async function bidsWhere(tx: Sql, where: string, params: unknown[]): Promise<ServerBid[]> {
  const { rows } = await tx.query<{ bid: ServerBid }>(
    `SELECT ${bidJson('b')} AS bid FROM bids b WHERE ${where} ORDER BY b.created_at DESC, b.id`,
    params,
  );
  return rows.map((row) => row.bid);
}

interface PurchaseRow {
  id: string;
  itemId: number;
  priceEth: string;
  buyer: string;
  created_at: Date;
}

export async function purchasesOf(tx: Sql, accountId: number): Promise<Purchase[]> {
  const { rows } = await tx.query<PurchaseRow>(
    `SELECT id, item_id AS "itemId", trim_scale(price_eth)::text AS "priceEth", buyer, created_at
     FROM purchases WHERE account_id = $1 ORDER BY created_at DESC, id`,
    [accountId],
  );
  return rows.map(({ created_at: createdAt, ...purchase }) => ({
    ...purchase,
    at: createdAt.toISOString(),
  }));
}
