// Bids and purchases as devices show them (src/data/types.ts Bid and Purchase; a bid also
// carries its status), read back from the database.
import type { ServerBid } from '../../src/data/sync/protocol.ts';
import type { Purchase } from '../../src/data/types.ts';
import type { Sql } from '../db/database.ts';

export interface BidRow {
  id: string;
  itemId: number;
  priceEth: string;
  quantity: number;
  bidder: string;
  status: ServerBid['status'];
  created_at: Date;
}

export const BID_COLUMNS = `id, item_id AS "itemId", trim_scale(price_eth)::text AS "priceEth",
  quantity, bidder, status, created_at`;

export function toBid(row: BidRow): ServerBid {
  const { created_at: createdAt, ...bid } = row;
  return { ...bid, at: createdAt.toISOString() };
}

export async function bidsWhere(tx: Sql, where: string, params: unknown[]): Promise<ServerBid[]> {
  const { rows } = await tx.query<BidRow>(
    `SELECT ${BID_COLUMNS} FROM bids WHERE ${where} ORDER BY created_at DESC, id`,
    params,
  );
  return rows.map(toBid);
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
