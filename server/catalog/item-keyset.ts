// The keyset SQL of the item lists (docs/database.md "Lists and search"): a list's order and
// its condition after a cursor, a page's rows built after its places are picked, and a list
// without words read by its order.
import { COUNT_CAP } from '../../shared/list-query.ts';
import { ITEM_JSON, type ItemSnapshot } from '../core/snapshots.ts';
import type { Database, Sql } from '../db/database.ts';
import type { ItemListQuery } from './item-query.ts';

/**
 * The order of a list and its keyset condition after a cursor. The base order is the
 * catalogue's as devices list it (list_order: new items newest first, then the sample in its
 * order); a sort by rating keeps it among equal ratings, as the device's stable sort does.
 */
export function orderOf(query: ItemListQuery, bind: (value: unknown) => string) {
  const [first, second] = (query.after ?? '').split(':');
  if (query.running) {
    // By end to the millisecond, as devices compare liveDate (migration 015's index).
    const end = `date_trunc('milliseconds', i.ends_at AT TIME ZONE 'UTC')`;
    let after: string | null = null;
    if (query.after !== null && second !== undefined) {
      const at = `(timestamp 'epoch' + ${bind(first)}::bigint * interval '1 millisecond')`;
      after = `(${end} > ${at} OR (${end} = ${at} AND i.list_order > ${bind(second)}::bigint))`;
    }
    return {
      order: `${end} ASC, i.list_order ASC`,
      after,
      cursor: (row: ItemRow) => `${Date.parse(row.item.liveDate ?? '')}:${row.list_order}`,
    };
  }
  if (query.sort === 'top' || query.sort === 'low') {
    const desc = query.sort === 'top';
    let after: string | null = null;
    if (query.after !== null && second !== undefined) {
      const rating = `${bind(first)}::numeric`;
      after = `(i.rating ${desc ? '<' : '>'} ${rating}
        OR (i.rating = ${rating} AND i.list_order > ${bind(second)}::bigint))`;
    }
    return {
      order: `i.rating ${desc ? 'DESC' : 'ASC'}, i.list_order ASC`,
      after,
      cursor: (row: ItemRow) => `${row.rating}:${row.list_order}`,
    };
  }
  return {
    order: 'i.list_order ASC',
    after: query.after === null ? null : `i.list_order > ${bind(first)}::bigint`,
    cursor: (row: ItemRow) => String(row.list_order),
  };
}

export interface ItemRow {
  id: number;
  rating: string;
  list_order: string;
  item: ItemSnapshot;
}

export type Bind = (value: unknown) => string;
export interface Found {
  rows: ItemRow[];
  /** The matches counted, up to `cap` + 1 at least. */
  matching: number;
  /** Where the count stops: COUNT_CAP for a list, SEARCH_COUNT_CAP for a search. */
  cap: number;
}

/**
 * The page's rows, one item built per row shown: `picked` selects the page's list_order in its
 * order (from an index alone when it can), and the items are read by list_order (unique: ids
 * from 100000 negated) afterwards, so an offset skips rows without building them.
 */
const PAGE_SQL = (picked: string, order: string) =>
  `SELECT i.id, trim_scale(i.rating)::text AS rating, i.list_order::text AS list_order,
     ${ITEM_JSON} AS item
   FROM (${picked}) p JOIN items i ON i.list_order = p.list_order
   ORDER BY ${order}`;

export const pageBounds = (query: ItemListQuery, keyset: boolean, bind: Bind) => {
  const skip = keyset ? 0 : (query.page - 1) * query.pageSize;
  return `LIMIT ${bind(query.pageSize + 1)}${skip > 0 ? ` OFFSET ${bind(skip)}` : ''}`;
};

/** A list without words: the page by its order, the count by the filter alone. */
export async function listPage(
  db: Database,
  query: ItemListQuery,
  filter: string,
  params: unknown[],
  bind: Bind,
): Promise<Found> {
  // The count takes the filter's parameters only; the order's come after.
  const countParams = [...params];
  const { order, after } = orderOf(query, bind);
  const picked = `SELECT i.list_order FROM items i
    WHERE ${filter}${after ? ` AND ${after}` : ''}
    ORDER BY ${order} ${pageBounds(query, after !== null, bind)}`;
  const { rows } = await db.query<ItemRow>(PAGE_SQL(picked, order), params);
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM items i WHERE ${filter} LIMIT ${COUNT_CAP + 1}) c`,
    countParams,
  );
  return { rows, matching: counted[0]?.n ?? 0, cap: COUNT_CAP };
}

/** The page's items, built in the order picked (list_order is unique). */
export async function buildRows(db: Sql, picked: { list_order: string }[]): Promise<ItemRow[]> {
  if (picked.length === 0) return [];
  const { rows } = await db.query<ItemRow>(
    `SELECT i.id, trim_scale(i.rating)::text AS rating, i.list_order::text AS list_order,
       ${ITEM_JSON} AS item
     FROM items i WHERE i.list_order = ANY($1::bigint[])`,
    [picked.map((row) => row.list_order)],
  );
  const byOrder = new Map(rows.map((row) => [row.list_order, row]));
  return picked.flatMap((row) => byOrder.get(row.list_order) ?? []);
}
