// The search-tier planner of GET /api/items (docs/database.md "Lists and search"): the page of a
// search over item_search (migrations 013 and 017), taken tier by tier so its work stops where
// its page does, and its count capped at SEARCH_COUNT_CAP.
import type { Database, Sql } from '../db/database.ts';
import { buildRows, orderOf, pageBounds, type Bind, type Found } from './item-keyset.ts';
import type { ItemListQuery } from './item-query.ts';

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
export async function searchPage(
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
