// An item's sale as this transaction reads it, for the market's checks the device runs too
// (shared/sale-state.ts SaleFacts, shared/sale-checks.ts): the columns of `items i` to select,
// and the target the checks read. The end is the database's clock's to decide, as the bid's is.
import type { SaleTarget } from '../../shared/market.ts';
import { saleStateOf } from '../../shared/sale-state.ts';
import type { SaleKind } from '../../shared/types.ts';
import type { SessionAccount } from '../core/session-account.ts';
import type { Sql } from '../db/database.ts';
import { lockItem } from './amounts.ts';

/** The sale's facts of `items i`, as SaleFactsRow names them. */
const SALE_FACTS_COLUMNS = `i.owner_id, i.sale_kind, i.unlisted_at IS NOT NULL AS unlisted,
  (SELECT p.buyer FROM purchases p WHERE p.item_id = i.id) AS buyer,
  i.settled_at IS NOT NULL AS settled, coalesce(i.ends_at <= now(), false) AS end_passed`;

export interface SaleFactsRow {
  owner_id: number;
  sale_kind: string;
  unlisted: boolean;
  buyer: string | null;
  settled: boolean;
  end_passed: boolean;
}

/** The item as the market's checks read it, for `account`. */
export function saleTargetOf(row: SaleFactsRow, account: SessionAccount): SaleTarget {
  const saleKind = row.sale_kind as SaleKind;
  return {
    saleKind,
    own: row.owner_id === account.id,
    state: saleStateOf({
      saleKind,
      unlisted: row.unlisted,
      buyer: row.buyer,
      settled: row.settled,
      endPassed: row.end_passed,
    }),
  };
}

/** An item a market write sells or answers for: what its activity shows, and its sale's facts. */
export interface SaleItemRow extends SaleFactsRow {
  id: number;
  title: string;
  image: string;
}

/** Locks item `itemId` for this transaction and reads it; null when there is no such item. */
export async function lockSaleItem(tx: Sql, itemId: number): Promise<SaleItemRow | null> {
  if (!(await lockItem(tx, itemId))) return null;
  const { rows } = await tx.query<SaleItemRow>(
    `SELECT i.id, i.data->>'title' AS title, i.data->>'image' AS image, ${SALE_FACTS_COLUMNS}
     FROM items i WHERE i.id = $1`,
    [itemId],
  );
  return rows[0] ?? null;
}
