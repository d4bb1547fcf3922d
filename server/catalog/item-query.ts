// The query of GET /api/items as the server lists it: read and checked by the one schema of
// shared/list-query.ts (the filters, the order, a page by number or after a cursor).
import { parseQuery, ItemListQuerySchema } from '../../shared/list-query.ts';
import type { ItemCategory, MarketCategory, SaleKind, SortKey } from '../../shared/types.ts';

/** Items in a page unless `pageSize` says otherwise. */
export const DEFAULT_PAGE_SIZE = 12;

export interface ItemListQuery {
  q: string;
  category: ItemCategory | null;
  market: MarketCategory | null;
  sale: SaleKind | null;
  sort: SortKey | null;
  creator: number | null;
  /** Items owned by this account. */
  owner: number | null;
  /** The Live Auction list: auctions still running, ending soonest first (query.ts
   * runningAuctions); not with a sort or a search. */
  running: boolean;
  page: number;
  pageSize: number;
  /** The cursor of the previous page's last item (keyset); not with a text search. */
  after: string | null;
}

type Parsed = { ok: true; query: ItemListQuery } | { ok: false; error: string };

/** Reads and checks the query string; a value that is not one says which. */
export function parseListQuery(get: (name: string) => string | undefined): Parsed {
  const parsed = parseQuery(ItemListQuerySchema, get);
  if (!parsed.ok) return parsed;
  const { creator, owner, page, pageSize, after, ...rest } = parsed.query;
  return {
    ok: true,
    query: {
      ...rest,
      creator: creator ?? null,
      owner: owner ?? null,
      page: page ?? 1,
      pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      after: after ?? null,
    },
  };
}
