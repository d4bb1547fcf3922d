// GET /api/items: the catalogue answered by the server (docs/database.md "Lists and search"),
// so no device has to hold every item to filter, sort, count or search it. The filters of
// explore (category, market category, sale kind, creator) combine; the order is stable (the id
// breaks ties); a page is asked by number (up to PAGE_MAX, by offset) or after a known cursor
// (keyset, any depth), in the order devices list the catalogue; counts stop at COUNT_CAP
// ("10,000+"), a search's at SEARCH_COUNT_CAP. Search uses PostgreSQL's own means on both
// databases (migrations 013 and 017): full text with the named configuration artmint_search for
// words and prefixes, pg_trgm for a typo; a title outranks the rest, a whole word a prefix, a
// prefix a near miss; its work stops where its page does (searchPage).
import { searchWords } from '../../shared/fold.ts';
import { latestSeq } from '../core/change-log.ts';
import type { ItemSnapshot } from '../core/snapshots.ts';
import type { Database } from '../db/database.ts';
import { listPage, orderOf } from './item-keyset.ts';
import type { ItemListQuery } from './item-query.ts';
import { searchPage } from './item-search.ts';

export interface ItemListPage {
  items: ItemSnapshot[];
  /** The change log's newest sequence read before the items: each is at least that current. */
  cursor: number;
  /** How many items match, up to COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  page: number;
  /** The cursor after this page's last item (null: the last page, or a text search). */
  next: string | null;
}

/** The words of a search as they are compared: folded like the device's (shared/fold.ts). */
export { searchWords };

export async function listItems(db: Database, query: ItemListQuery): Promise<ItemListPage> {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.category) where.push(`i.category = ${bind(query.category)}`);
  if (query.market) where.push(`i.market_category = ${bind(query.market)}`);
  if (query.sale) where.push(`i.sale_kind = ${bind(query.sale)}`);
  if (query.creator !== null) where.push(`i.creator_id = ${bind(query.creator)}`);
  if (query.owner !== null) where.push(`i.owner_id = ${bind(query.owner)}`);
  if (query.running) {
    where.push(`i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.unlisted_at IS NULL
      AND i.ends_at > now() AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id)`);
  }
  const filter = where.length > 0 ? where.join(' AND ') : 'true';
  const words = searchWords(query.q);
  const seq = await latestSeq(db);
  const { rows, matching, cap } =
    words.length > 0
      ? await searchPage(db, query, words, filter, params)
      : await listPage(db, query, filter, params, bind);
  const more = rows.length > query.pageSize;
  const shown = more ? rows.slice(0, query.pageSize) : rows;
  const last = shown.at(-1);
  const byRank = words.length > 0 && !query.sort;
  return {
    items: shown.map((row) => row.item),
    cursor: seq,
    total: Math.min(matching, cap),
    capped: matching > cap,
    page: query.page,
    next: more && last && !byRank ? orderOf(query, () => '').cursor(last) : null,
  };
}
