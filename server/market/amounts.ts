// ETH amounts stay numeric(38, 18) in SQL: compared and added there, never as JS floats.
// And the item lock every market write takes first.
import type { Sql } from '../db/database.ts';

/** The statement that locks item $1's row until the transaction ends. */
export const LOCK_ITEM = 'SELECT 1 FROM items WHERE id = $1 FOR UPDATE';

/**
 * Locks the item's row for this transaction; false when there is no such item. Taken in its
 * own statement, so that the checks after it (PostgreSQL's READ COMMITTED gives each statement
 * a fresh snapshot) see what a concurrent write committed while this one waited.
 */
export async function lockItem(tx: Sql, id: number): Promise<boolean> {
  const { rows } = await tx.query(LOCK_ITEM, [id]);
  return rows.length > 0;
}

/** SQL text of an ETH amount with at least two decimals: 4.8 -> "4.80", 1.255 -> "1.255". */
export const ethText = (expression: string) =>
  `(CASE WHEN scale(trim_scale(${expression})) <= 2 THEN round(${expression}, 2)::text
    ELSE trim_scale(${expression})::text END)`;

/** The smallest step by which an auction bid must beat the highest bid (shared with the app). */
export { AUCTION_BID_STEP_ETH as AUCTION_STEP_ETH } from '../../shared/market.ts';
