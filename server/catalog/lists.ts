// GET /api/items: the catalogue answered by the server (docs/database.md "Lists and search"),
// so no device has to hold every item to filter, sort, count or search it. The filters of
// explore (category, market category, sale kind, creator) combine; the order is stable (the id
// breaks ties); a page is asked by number (up to MAX_PAGE, by offset) or after a known cursor
// (keyset, any depth), in the order devices list the catalogue; counts stop at COUNT_CAP
// ("10,000+"), a search's at SEARCH_COUNT_CAP. Search uses PostgreSQL's own means on both
// databases (migrations 013 and 017): full text with the named configuration artmint_search for
// words and prefixes, pg_trgm for a typo; a title outranks the rest, a whole word a prefix, a
// prefix a near miss; its work stops where its page does (searchPage).
import { Hono } from 'hono';
import { searchKey } from '../../shared/fold.ts';
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
import type { Database, Sql } from '../db/database.ts';
import { latestSeq } from '../core/change-log.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { Gate } from '../http/gate.ts';
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
  return searchKey(q)
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40))
    .slice(0, MAX_WORDS);
}

type Parsed = { ok: true; query: ItemListQuery } | { ok: false; error: string };

/** A whole number from min to max; undefined when not given, null when not one. */
export function whole(
  raw: string | undefined,
  min: number,
  max: number,
): number | null | undefined {
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

type Bind = (value: unknown) => string;
interface Found {
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
  return { rows, matching: counted[0]?.n ?? 0, cap: COUNT_CAP };
}

/** The page's items, built in the order picked (list_order is unique). */
async function buildRows(db: Sql, picked: { list_order: string }[]): Promise<ItemRow[]> {
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

/** A search's count stops here ("500+"): counting every match of a common word would cost
 * more than the page it comes with. */
export const SEARCH_COUNT_CAP = 500;
/** A row walked costs about a quarter of a row read from a word index (its page hit at random
 * and its words checked): measured at 100,000 items on PostgreSQL, 0.5 against 2 µs. */
const WALK_COST = 0.25;
/** Close words of the titles tried for each word of a search (a near miss). */
const NEAR_WORDS = 3;

/** The catalogue's size as the planner last saw it, read at most once a minute (a tier's walk
 * costs the page over the tier's share of it). */
let catalogue = { size: 10_000, at: 0 };
async function catalogueSize(db: Database): Promise<number> {
  if (Date.now() - catalogue.at > 60_000) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'item_search'::regclass`,
    );
    catalogue = { size: Math.max(10_000, Number(rows[0]?.n ?? 0)), at: Date.now() };
  }
  return catalogue.size;
}

/** For each word, up to NEAR_WORDS words of the titles a near miss of it, closest first, and
 * whether it is one itself (pg_trgm over search_words, migration 017). */
async function nearWords(db: Sql, words: string[]) {
  const { rows } = await db.query<{ known: boolean; near: string[] }>(
    `SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.q) AS known,
       array(SELECT s.word FROM search_words s WHERE s.word % w.q AND s.word <> w.q
             ORDER BY similarity(s.word, w.q) DESC, s.word LIMIT ${NEAR_WORDS}) AS near
     FROM unnest($1::text[]) WITH ORDINALITY AS w(q, n) ORDER BY w.n`,
    [words],
  );
  // Only words as search compares them go into a text-search query.
  return rows.map((row) => ({
    known: row.known,
    near: row.near.filter((word) => /^[\p{L}\p{N}]+$/u.test(word)),
  }));
}

/** A tier of a search's rank: a condition over `i` (item_search) and whether its index gives
 * the list's order by itself. */
interface Tier {
  when: (bind: Bind) => string;
  ordered?: boolean;
}

/**
 * The tiers of a ranked search of the words as typed, best first, each newest first: the title
 * is the query; every word whole in the title; every word in the title, as a prefix at least;
 * every word whole anywhere (who made it, the category, the description); every word anywhere
 * as a prefix.
 */
function wordTiers(words: string[]): Tier[] {
  const query = (parts: string[]) => (bind: Bind) =>
    `to_tsquery('artmint_search', ${bind(parts.join(' & '))})`;
  const whole = query(words);
  const prefix = query(words.map((w) => `${w}:*`));
  return [
    { when: (b) => `i.title_folded = ${b(words.join(' '))}`, ordered: true },
    { when: (b) => `i.title_words @@ ${whole(b)}` },
    { when: (b) => `i.title_words @@ ${prefix(b)}` },
    { when: (b) => `i.words @@ ${whole(b)}` },
    { when: (b) => `i.words @@ ${prefix(b)}` },
  ];
}

/**
 * The near misses, after the words as typed, when a word is close to words of the titles
 * ("nenon horizn"): the title is the query so corrected (each word no title has by its closest),
 * then the titles with every word or a close one.
 */
function nearTiers(words: string[], near: { known: boolean; near: string[] }[]): Tier[] {
  if (near.every((word) => word.near.length === 0)) return [];
  const parts = words.map((w, n) => `(${[`${w}:*`, ...(near[n]?.near ?? [])].join(' | ')})`);
  const tiers: Tier[] = [];
  const corrected = words.map((w, n) => (near[n]?.known ? w : (near[n]?.near[0] ?? w))).join(' ');
  if (corrected !== words.join(' ')) {
    tiers.push({ when: (b) => `i.title_folded = ${b(corrected)}`, ordered: true });
  }
  tiers.push({
    when: (b) => `i.title_words @@ to_tsquery('artmint_search', ${b(parts.join(' & '))})`,
  });
  return tiers;
}

/** Every match of the words as typed or as near misses: each tier lies within the words as
 * prefixes anywhere or the near misses' titles. */
function everyMatch(words: string[], near: { known: boolean; near: string[] }[]) {
  const widest = [...wordTiers(words).slice(-1), ...nearTiers(words, near).slice(-1)];
  return (b: Bind) => widest.map((tier) => `(${tier.when(b)})`).join(' OR ');
}

/** Some of the words (or close ones) whole in the title: the last resort of a search of several
 * words nothing else matched ("silver tide" finds Silver Temple). Whole words: a prefix of any
 * of them would find a large part of the catalogue to count. */
function someWordsTier(words: string[], near: { near: string[] }[]): Tier {
  const parts = words.flatMap((w, n) => [w, ...(near[n]?.near ?? [])]);
  return {
    when: (b) => `i.title_words @@ to_tsquery('artmint_search', ${b(parts.join(' | '))})`,
  };
}

/**
 * A search, over item_search (migration 017). Its work stops where the page does, so a common
 * word costs what a rare one does. Ranked, the page is taken tier by tier (wordTiers): each
 * tier's rows are counted up to a bound first; a tier with fewer is read from its index and
 * sorted, a denser one walked in the list's order, where its first rows come soon; the tiers
 * before the page are skipped by their counts. Sorted by rating, every match is one condition,
 * read the same way in the sort's order. The count stops at SEARCH_COUNT_CAP.
 */
async function searchPage(
  database: Database,
  query: ItemListQuery,
  words: string[],
  filter: string,
  params: unknown[],
): Promise<Found> {
  const size = await catalogueSize(database);
  // One transaction: the tiers' counts agree with each other, and the planner never answers a
  // tier by reading every row (a word index's estimate can make a scan that stops early look
  // cheap; for a word missing from the first rows it reads them all).
  return database.transaction(async (db) => {
    await db.query('SET LOCAL enable_seqscan = off');
    return searchIn(db, query, words, filter, params, size);
  });
}

async function searchIn(
  db: Sql,
  query: ItemListQuery,
  words: string[],
  filter: string,
  params: unknown[],
  size: number,
): Promise<Found> {
  // Each statement binds its own parameters after the filter's.
  const statement = () => {
    const own = [...params];
    const bind: Bind = (value) => {
      own.push(value);
      return `$${own.length}`;
    };
    return { params: own, bind };
  };
  const cap = SEARCH_COUNT_CAP;
  let skip = (query.page - 1) * query.pageSize;
  let need = query.pageSize + 1;
  // A tier counted up to `bound` rows: fewer are read and sorted (at most `bound` rows read from
  // the word index), more are walked (page / density rows, under page * catalogue / bound, each
  // WALK_COST of one read): the bound balances the two, and counts past the cap.
  const rowsUpTo = skip + need;
  const bound = Math.max(cap + 1, Math.ceil(Math.sqrt(rowsUpTo * size * WALK_COST)) + rowsUpTo);
  const countOf = async (condition: (bind: Bind) => string, upTo: number) => {
    const st = statement();
    const where = `${filter} AND ${condition(st.bind)}`;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM item_search i WHERE ${where} LIMIT ${upTo}) c`,
      st.params,
    );
    return rows[0]?.n ?? 0;
  };
  /** Rows of `condition` in `order`: walked by an index in that order, read from the
   * condition's own index and sorted, or (`plain`) as the planner sees fit. */
  const read = async (
    condition: (bind: Bind) => string,
    how: 'walk' | 'sort' | 'plain',
    order: { order: string; after: string | null },
    st: ReturnType<typeof statement>,
    bounds: string,
  ) => {
    // A walk checks the condition row by row (IS TRUE keeps the planner from reading its word
    // index whole first); a sort keeps the list's index from giving the order.
    const where = how === 'walk' ? `(${condition(st.bind)}) IS TRUE` : condition(st.bind);
    const sortBy =
      how === 'sort' ? order.order.replace(/i\.list_order/g, '(i.list_order + 0)') : order.order;
    const { rows } = await db.query<{ list_order: string }>(
      `SELECT i.list_order::text AS list_order FROM item_search i
       WHERE ${filter} AND ${where}${order.after ? ` AND ${order.after}` : ''}
       ORDER BY ${sortBy} ${bounds}`,
      st.params,
    );
    return rows;
  };
  const picked: { list_order: string }[] = [];
  let nearFound: { known: boolean; near: string[] }[] | null = null;
  const near = async () => (nearFound ??= await nearWords(db, words));
  let matching = 0;

  if (query.sort) {
    // Every match, one condition: a word as typed or a near miss; some of the words if none.
    const close = await near();
    let any = everyMatch(words, close);
    matching = await countOf(any, bound + 1);
    if (matching === 0 && words.length > 1) {
      any = someWordsTier(words, close).when;
      matching = await countOf(any, bound + 1);
    }
    if (matching > 0) {
      const st = statement();
      const order = orderOf(query, st.bind);
      const bounds = pageBounds(query, order.after !== null, st.bind);
      picked.push(...(await read(any, matching > bound ? 'walk' : 'sort', order, st, bounds)));
    }
    return { rows: await buildRows(db, picked), matching, cap };
  }

  const tiers = wordTiers(words);
  // Several words may have no item with them all: then every tier of the words as typed is
  // empty, which one look at the widest of them says (its index alone, when none).
  if (words.length > 1) {
    const st = statement();
    const widest = tiers.at(-1)?.when(st.bind) ?? 'false';
    const { rows } = await db.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM item_search i WHERE ${filter} AND ${widest}) AS any`,
      st.params,
    );
    if (!rows[0]?.any) tiers.length = 0;
  }
  let next = 0;
  // The tiers before, with rows: a row of a later tier is none of theirs.
  const found: Tier[] = [];
  const notFound = (b: Bind) => found.map((tier) => ` AND NOT (${tier.when(b)})`).join('');
  let nearAdded = false;
  let someAdded = false;
  while (need > 0) {
    const tier = tiers[next];
    if (!tier) {
      if (!nearAdded) {
        nearAdded = true;
        tiers.push(...nearTiers(words, await near()));
        continue;
      }
      if (!someAdded && matching === 0 && words.length > 1) {
        someAdded = true;
        tiers.push(someWordsTier(words, await near()));
        continue;
      }
      break;
    }
    next += 1;
    const exclusive = (b: Bind) => `${tier.when(b)}${notFound(b)}`;
    // The tier's rows up to the bound, counted, and the page's share of them when that is all
    // of them: a tier before the page is skipped by its count, a sparse one read from here.
    const st = statement();
    const { rows: probed } = await db.query<{ n: number; list_order: string | null }>(
      `WITH m AS (SELECT i.list_order FROM item_search i WHERE ${filter} AND ${exclusive(st.bind)}
         LIMIT ${bound + 1})
       SELECT c.n, p.list_order::text AS list_order
       FROM (SELECT count(*)::int AS n FROM m) c
       LEFT JOIN (SELECT list_order FROM m ORDER BY list_order
         LIMIT ${st.bind(need)} OFFSET ${st.bind(skip)}) p ON true
       ORDER BY p.list_order`,
      st.params,
    );
    const n = probed[0]?.n ?? 0;
    matching += n;
    if (n <= skip) {
      skip -= n;
      if (n > 0) found.push(tier);
      continue;
    }
    let rows = probed.flatMap((row) =>
      row.list_order === null ? [] : [{ list_order: row.list_order }],
    );
    if (n > bound) {
      // Dense: walked in the list's order (a title that is the query, by its own index).
      const page = statement();
      const bounds = `LIMIT ${page.bind(need)}${skip > 0 ? ` OFFSET ${page.bind(skip)}` : ''}`;
      const order = { order: 'i.list_order ASC', after: null };
      rows = await read(exclusive, tier.ordered ? 'plain' : 'walk', order, page, bounds);
    }
    picked.push(...rows);
    need -= rows.length;
    skip = 0;
    found.push(tier);
  }
  // The page is full before the last tier: the rest are counted at once, up to the cap (every
  // tier lies within the words as prefixes or the near misses' titles).
  if (matching <= cap && next < tiers.length + (nearAdded ? 0 : 1)) {
    const rest = everyMatch(words, await near());
    matching += await countOf((b) => `(${rest(b)})${notFound(b)}`, cap + 1 - matching);
  }
  return { rows: await buildRows(db, picked), matching, cap };
}

/** Searches run at once (docs/security.md "Limits"): on PostgreSQL at most two connections and
 * about the two cores' worth of searching, however many collectors search, so writes (a bid)
 * keep their share (docs/performance.md "Bids while searches run"); PGlite runs one statement
 * at a time anyway. */
export const SEARCHES_AT_ONCE = 2;
/** Searches waiting for a turn, at most; one more is answered 503. */
export const SEARCHES_WAITING = 64;

class SearchesBusy extends Error {}

export function listRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  const searches = new Gate(SEARCHES_AT_ONCE, SEARCHES_WAITING, () => new SearchesBusy());
  app.get('/', async (c) => {
    const parsed = parseListQuery((name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    c.header('Cache-Control', 'no-store');
    const query = parsed.query;
    if (searchWords(query.q).length === 0) return c.json(await listItems(db, query));
    try {
      return c.json(await searches.run(() => listItems(db, query)));
    } catch (error) {
      if (!(error instanceof SearchesBusy)) throw error;
      c.header('Retry-After', '1');
      return apiError(c, 503, 'Too many searches at once. Try again in a moment.');
    }
  });
  return app;
}
