// GET /api/items: the catalogue answered by the server (docs/database.md "Lists and search"),
// so no device has to hold every item to filter, sort, count or search it. The filters of
// explore (category, market category, sale kind, creator) combine; the order is stable (the id
// breaks ties); a page is asked by number (up to MAX_PAGE, by offset) or after a known cursor
// (keyset, any depth), in the order devices list the catalogue; counts stop at COUNT_CAP ("10,000+"). Search uses PostgreSQL's own means
// on both databases (migration 013): full text with the named configuration artmint_search for
// words and prefixes, pg_trgm for a typo; a title outranks the rest, a whole word a prefix, a
// prefix a near miss.
import { Hono } from 'hono';
import {
  ITEM_CATEGORIES,
  MARKET_CATEGORIES,
  SALE_KINDS,
  SORT_KEYS,
  type ItemCategory,
  type MarketCategory,
  type SaleKind,
  type SortKey,
} from '../../shared/types.ts';
import type { Database } from '../db/database.ts';
import { latestSeq } from '../core/change-log.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { ITEM_JSON, type ItemSnapshot } from '../core/snapshots.ts';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 60;
/** Pages asked by number, at most; deeper ones go by cursor. */
export const MAX_PAGE = 50;
/** Counts stop here: a larger one is shown as "10,000+". */
export const COUNT_CAP = 10_000;
/** Words of a search, at most (the rest are ignored). */
const MAX_WORDS = 8;

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

/** The words of a search as they are compared: folded like the device's (query.ts). */
export function searchWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40))
    .slice(0, MAX_WORDS);
}

type Parsed = { ok: true; query: ItemListQuery } | { ok: false; error: string };

function whole(raw: string | undefined, min: number, max: number): number | null | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

function oneOf<T extends string>(allowed: readonly T[], raw: string | undefined) {
  if (raw === undefined || raw === '') return { value: null };
  return (allowed as readonly string[]).includes(raw) ? { value: raw as T } : null;
}

/** Reads and checks the query string; a value that is not one says which. */
export function parseListQuery(get: (name: string) => string | undefined): Parsed {
  const q = (get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
  const category = oneOf(ITEM_CATEGORIES, get('category'));
  if (!category)
    return { ok: false, error: `category must be one of ${ITEM_CATEGORIES.join(', ')}.` };
  const market = oneOf(MARKET_CATEGORIES, get('market'));
  if (!market)
    return { ok: false, error: `market must be one of ${MARKET_CATEGORIES.join(', ')}.` };
  const sale = oneOf(SALE_KINDS, get('sale'));
  if (!sale) return { ok: false, error: `sale must be one of ${SALE_KINDS.join(', ')}.` };
  const sort = oneOf(SORT_KEYS, get('sort'));
  if (!sort) return { ok: false, error: `sort must be one of ${SORT_KEYS.join(', ')}.` };
  const creator = whole(get('creator'), 1, 2_147_483_647);
  if (creator === null) return { ok: false, error: 'creator must be an id.' };
  const owner = whole(get('owner'), 1, 2_147_483_647);
  if (owner === null) return { ok: false, error: 'owner must be an id.' };
  const running = get('running') ?? '';
  if (running !== '' && running !== '1') return { ok: false, error: 'running must be 1.' };
  if (running && (q || sort.value)) {
    return { ok: false, error: 'running lists by end: not with q or sort.' };
  }
  const page = whole(get('page'), 1, MAX_PAGE);
  if (page === null) {
    return { ok: false, error: `page must be from 1 to ${MAX_PAGE}; go further with after.` };
  }
  const pageSize = whole(get('pageSize'), 1, MAX_PAGE_SIZE);
  if (pageSize === null)
    return { ok: false, error: `pageSize must be from 1 to ${MAX_PAGE_SIZE}.` };
  const after = get('after') ?? null;
  const cursorShape = running ? /^\d{1,15}:-?\d{1,10}$/ : /^(\d{1,4}(\.\d{1,4})?:)?-?\d{1,10}$/;
  if (after !== null && !cursorShape.test(after)) {
    return { ok: false, error: 'after is not a cursor of this list.' };
  }
  if (after !== null && q && !sort.value) {
    return { ok: false, error: 'A search is paged by number, not with after.' };
  }
  return {
    ok: true,
    query: {
      q,
      category: category.value,
      market: market.value,
      sale: sale.value,
      sort: sort.value,
      creator: creator ?? null,
      owner: owner ?? null,
      running: running === '1',
      page: page ?? 1,
      pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      after,
    },
  };
}

/**
 * The order of a list and its keyset condition after a cursor. The base order is the
 * catalogue's as devices list it (list_order: new items newest first, then the sample in its
 * order); a sort by rating keeps it among equal ratings, as the device's stable sort does.
 */
function orderOf(query: ItemListQuery, bind: (value: unknown) => string) {
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

interface ItemRow {
  id: number;
  rating: string;
  list_order: string;
  item: ItemSnapshot;
}

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
  const { rows, matching } =
    words.length > 0
      ? await searchPage(db, query, words, filter, params, bind)
      : await listPage(db, query, filter, params, bind);
  const more = rows.length > query.pageSize;
  const shown = more ? rows.slice(0, query.pageSize) : rows;
  const last = shown.at(-1);
  const byRank = words.length > 0 && !query.sort;
  return {
    items: shown.map((row) => row.item),
    cursor: seq,
    total: Math.min(matching, COUNT_CAP),
    capped: matching > COUNT_CAP,
    page: query.page,
    next: more && last && !byRank ? orderOf(query, () => '').cursor(last) : null,
  };
}

type Bind = (value: unknown) => string;
interface Found {
  rows: ItemRow[];
  /** The matches counted (a list without words stops at COUNT_CAP + 1). */
  matching: number;
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

const pageBounds = (query: ItemListQuery, keyset: boolean, bind: Bind) => {
  const skip = keyset ? 0 : (query.page - 1) * query.pageSize;
  return `LIMIT ${bind(query.pageSize + 1)}${skip > 0 ? ` OFFSET ${bind(skip)}` : ''}`;
};

/** A list without words: the page by its order, the count by the filter alone. */
async function listPage(
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
  return { rows, matching: counted[0]?.n ?? 0 };
}

/**
 * A search: the matches found once (materialized), counted and ordered from there. Each part of
 * the match uses its own index: the words (items_search, GIN) and, for the items they miss, a
 * near miss of the title (items_title_trgm), which ranks below every word match.
 */
async function searchPage(
  db: Database,
  query: ItemListQuery,
  words: string[],
  filter: string,
  params: unknown[],
  bind: Bind,
): Promise<Found> {
  const tsquery = (suffix: string) =>
    `to_tsquery('artmint_search', ${bind(words.map((w) => `${w}${suffix}`).join(' & '))})`;
  const text = bind(words.join(' '));
  const prefix = tsquery(':*');
  const tier = `CASE WHEN i.search @@ ${tsquery(':A')} THEN 6
    WHEN i.search @@ ${tsquery(':*A')} THEN 5
    WHEN i.search @@ ${tsquery('')} THEN 4 ELSE 3 END`;
  // The similarity of a title, the costliest part of the rank, is left to the ranking below.
  const matches = `m AS MATERIALIZED (
      SELECT i.list_order, i.rating, ${tier} AS tier, i.title_folded
      FROM items i WHERE ${filter} AND i.search @@ ${prefix}
      UNION ALL
      SELECT i.list_order, i.rating, 0, i.title_folded
      FROM items i WHERE ${filter} AND (i.title_folded % ${text} OR ${text} <% i.title_folded)
        AND NOT i.search @@ ${prefix})`;
  // The count alone (below) takes the matches' parameters only; the page's come after.
  const matchParams = params.length;
  const { order, after } = orderOf(query, bind);
  const bounds = pageBounds(query, after !== null, bind);
  let picked: string;
  if (query.sort) {
    // A sort by rating orders the matches as a list does (orderOf, over the matches as `i`).
    picked = `SELECT i.list_order FROM m i ${after ? `WHERE ${after}` : ''}
      ORDER BY ${order} ${bounds}`;
  } else {
    // The rank: whole word in the title, prefix in the title, whole word, prefix, near miss;
    // then the closer title, then the list's order. Only the tiers down to that of the page's
    // last row are ranked by similarity: every row of a lower one comes after the page.
    const last = bind((query.page - 1) * query.pageSize + query.pageSize);
    picked = `SELECT i.list_order, i.tier, similarity(i.title_folded, ${text}) AS sim FROM m i
      WHERE i.tier >= coalesce((SELECT tier FROM m ORDER BY tier DESC OFFSET ${last} LIMIT 1), 0)
      ORDER BY i.tier DESC, sim DESC, i.list_order ASC ${bounds}`;
  }
  const pageOrder = query.sort ? order : 'p.tier DESC, p.sim DESC, i.list_order ASC';
  const { rows } = await db.query<ItemRow & { n: number }>(
    `WITH ${matches}
     SELECT (SELECT count(*) FROM m)::int AS n, page.* FROM (${PAGE_SQL(picked, pageOrder)}) page`,
    params,
  );
  if (rows[0] || (query.page === 1 && !after)) return { rows, matching: rows[0]?.n ?? 0 };
  // A page past the last: the count alone.
  const { rows: counted } = await db.query<{ n: number }>(
    `WITH ${matches} SELECT count(*)::int AS n FROM m`,
    params.slice(0, matchParams),
  );
  return { rows, matching: counted[0]?.n ?? 0 };
}

export function listRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const parsed = parseListQuery((name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await listItems(db, parsed.query));
  });
  return app;
}
