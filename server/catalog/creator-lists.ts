// GET /api/creators: the creators list answered by the server (docs/database.md "Lists and
// search"), so no device has to hold every creator, however many accounts make one. Two orders,
// each a page read from its index (migration 018): the list's (accounts' creators newest first,
// then the sample's in their order, as devices list them) and the most followed first (ties by
// id). A page is asked by number (up to PAGE_MAX, by offset) or after a known cursor (keyset,
// any depth); the count stops at COUNT_CAP. A deleted account's placeholder is never listed.
// With `q`, the best hits of a search of names and handles, for the header search. GET
// /api/creators/:id answers one creator (a placeholder too: an item still names it).
import { Hono } from 'hono';
import {
  COUNT_CAP,
  CREATOR_ORDERS,
  CreatorListQuerySchema,
  parseId,
  parseQuery,
} from '../../shared/list-query.ts';
import { FIRST_ACCOUNT_ID } from '../../shared/protocol.ts';
import { searchKey } from '../../shared/query.ts';
import type { Creator } from '../../shared/types.ts';
import { latestSeq } from '../core/change-log.ts';
import { CREATOR_JSON, creatorSnapshot } from '../core/snapshots.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';

export { CREATOR_ORDERS };
export type CreatorOrder = (typeof CREATOR_ORDERS)[number];

/** The creators grid's page (docs/product.md "Fixed values": "creators grid max 9"). */
export const DEFAULT_CREATOR_PAGE_SIZE = 9;

export interface CreatorListQuery {
  order: CreatorOrder;
  /** A search of names and handles (searchKey's form; null for none): its best `pageSize`
   * hits, unpaged, as the header search shows them ('' finds none: nothing to compare). */
  q: string | null;
  page: number;
  pageSize: number;
  /** The cursor of the previous page's last creator (keyset). */
  after: string | null;
}

export interface CreatorListPage {
  creators: Creator[];
  /** The change log's newest sequence read before the creators: each is at least that current. */
  cursor: number;
  /** How many creators are listed, up to COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  page: number;
  /** The cursor after this page's last creator (null: the last page). */
  next: string | null;
}

/** The list's order key (migration 018's index): an account's id negated, so newest first. */
export const CREATOR_LIST_KEY = `(CASE WHEN c.id < ${FIRST_ACCOUNT_ID} THEN c.id ELSE -c.id END)`;
/** The followers shown, the most followed order's key (migration 018's index). */
export const CREATOR_FOLLOWERS = '(c.followers_base + c.follower_count)';
/** The creators listed: not a deleted account's placeholder. */
export const CREATOR_LISTED = `NOT c.data ? 'deleted'`;

type Parsed = { ok: true; query: CreatorListQuery } | { ok: false; error: string };

export function parseCreatorQuery(get: (name: string) => string | undefined): Parsed {
  const parsed = parseQuery(CreatorListQuerySchema, get);
  if (!parsed.ok) return parsed;
  const { order, q, page, pageSize, after } = parsed.query;
  return {
    ok: true,
    query: {
      order,
      q: q ? searchKey(q) : null,
      page: page ?? 1,
      pageSize: pageSize ?? DEFAULT_CREATOR_PAGE_SIZE,
      after: after ?? null,
    },
  };
}

interface CreatorRow {
  key: number;
  followers: number;
  data: Creator;
}

/** LIKE's pattern characters in `text`, escaped. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Trigram indexes need three characters: a shorter search matches from the start only. */
const TRIGRAM = 3;

/** Matches of the word and anywhere tiers ranked, at most: a common fragment ("ann") costs
 * what a rare one does. */
export const SEARCH_CANDIDATES = 1_000;

/**
 * The best `limit` creators for a search, ranked as the device ranks (shared/query.ts
 * rankMatch): a name or handle that starts with it (in name order, from the prefix indexes),
 * then a name or handle with a word that does, then one that has it anywhere (in the list's
 * order, among the first SEARCH_CANDIDATES matches the trigram indexes find); each tier stopped
 * at `limit`. One transaction with sequential scans off: a trigram index's estimate never makes
 * a walk of the whole list in its order look cheap (for a fragment nobody has, it would read
 * every row).
 */
async function searchCreators(database: Database, key: string, limit: number) {
  const starts = `${literal(key)}%`;
  const anywhere = `%${literal(key)}%`;
  // Each statement takes the rows wanted as its last parameter.
  const ordered = (condition: string, order: string, n: number) =>
    `SELECT ${CREATOR_JSON} AS data FROM creators c WHERE ${CREATOR_LISTED} AND ${condition}
     ORDER BY ${order}, c.id LIMIT $${n}`;
  // The matches' ids and keys first, the page's creators built after.
  const ranked = (condition: string, n: number) =>
    `SELECT ${CREATOR_JSON} AS data FROM (
       SELECT id, key FROM (
         SELECT c.id, ${CREATOR_LIST_KEY} AS key FROM creators c
         WHERE ${CREATOR_LISTED} AND ${condition} LIMIT ${SEARCH_CANDIDATES}) m
       ORDER BY key LIMIT $${n}) page
     JOIN creators c ON c.id = page.id ORDER BY page.key`;
  const tiers: [string, unknown[]][] = [
    [ordered('c.name_key COLLATE "C" LIKE $1', 'c.name_key COLLATE "C"', 2), [starts]],
    [ordered('c.handle_key COLLATE "C" LIKE $1', 'c.handle_key COLLATE "C"', 2), [starts]],
  ];
  if (key.length >= TRIGRAM) {
    tiers.push(
      [
        ranked(
          `(c.name_key LIKE $1 AND (' ' || c.name_key) LIKE $2)
           OR (c.handle_key LIKE $1 AND (' ' || c.handle_key) LIKE $2)`,
          3,
        ),
        [anywhere, `% ${literal(key)}%`],
      ],
      [ranked('(c.name_key LIKE $1 OR c.handle_key LIKE $1)', 2), [anywhere]],
    );
  }
  return database.transaction(async (db) => {
    await db.query('SET LOCAL enable_seqscan = off');
    const found = new Map<number, Creator>();
    for (const [statement, params] of tiers) {
      if (found.size >= limit) break;
      const { rows } = await db.query<{ data: Creator }>(statement, [
        ...params,
        limit + found.size,
      ]);
      for (const { data } of rows) if (found.size < limit) found.set(data.id, data);
    }
    return [...found.values()];
  });
}

export async function listCreators(
  db: Database,
  query: CreatorListQuery,
): Promise<CreatorListPage> {
  if (query.q !== null) {
    const cursor = await latestSeq(db);
    const creators = query.q ? await searchCreators(db, query.q, query.pageSize) : [];
    return { creators, cursor, total: creators.length, capped: false, page: 1, next: null };
  }
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let order: string;
  let after: string | null = null;
  const [first, second] = (query.after ?? '').split(':');
  if (query.order === 'followers') {
    order = `${CREATOR_FOLLOWERS} DESC, c.id ASC`;
    if (query.after !== null) {
      const followers = `${bind(Number(first))}::int`;
      after = `(${CREATOR_FOLLOWERS} < ${followers}
        OR (${CREATOR_FOLLOWERS} = ${followers} AND c.id > ${bind(Number(second))}::int))`;
    }
  } else {
    order = `${CREATOR_LIST_KEY} ASC`;
    if (query.after !== null) after = `${CREATOR_LIST_KEY} > ${bind(Number(first))}::int`;
  }
  const skip = after === null ? (query.page - 1) * query.pageSize : 0;
  const seq = await latestSeq(db);
  const { rows } = await db.query<CreatorRow>(
    `SELECT ${CREATOR_LIST_KEY} AS key, ${CREATOR_FOLLOWERS} AS followers, ${CREATOR_JSON} AS data
     FROM creators c WHERE ${CREATOR_LISTED}${after ? ` AND ${after}` : ''}
     ORDER BY ${order} LIMIT ${bind(query.pageSize + 1)}${skip > 0 ? ` OFFSET ${bind(skip)}` : ''}`,
    params,
  );
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM creators c WHERE ${CREATOR_LISTED}
       LIMIT ${COUNT_CAP + 1}) listed`,
  );
  const matching = counted[0]?.n ?? 0;
  const more = rows.length > query.pageSize;
  const shown = more ? rows.slice(0, query.pageSize) : rows;
  const last = shown.at(-1);
  let next: string | null = null;
  if (more && last) {
    next = query.order === 'followers' ? `${last.followers}:${last.data.id}` : String(last.key);
  }
  return {
    creators: shown.map((row) => row.data),
    cursor: seq,
    total: Math.min(matching, COUNT_CAP),
    capped: matching > COUNT_CAP,
    page: query.page,
    next,
  };
}

export function creatorRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const parsed = parseCreatorQuery((name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await listCreators(db, parsed.query));
  });
  app.get('/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return apiError(c, 400, 'The creator id must be a whole number.');
    const cursor = await latestSeq(db);
    const creator = await creatorSnapshot(db, id);
    if (!creator) return apiError(c, 404, `There is no creator ${id}.`);
    c.header('Cache-Control', 'no-store');
    return c.json({ creator, cursor });
  });
  return app;
}
