// The pages of history served from the tables, not the change log (docs/database.md "Pages of
// history"): an item's bids, the public activity and an account's bids, newest first in a
// stable order (created_at DESC, id DESC), each read by keyset from its index
// (server/migrations/010_counters_and_history.sql). The cursor is the last record's place in
// that order, as an opaque string.
import { Hono, type Context } from 'hono';
import { HistoryQuerySchema, parseId, parseQuery } from '../../shared/list-query.ts';
import { HISTORY_PAGE_SIZE, type ActivityPage, type BidsPage } from '../../shared/history.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { ActivityEntry } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { bidJson } from './bid-records.ts';

/** A place in the order: the record's time (to the microsecond) and id. */
interface Place {
  at: string;
  id: string;
}

/** SQL of a row's place as cursor text, `<time> <id>`, over its table's alias. */
const placeText = (t: string) =>
  `to_char(${t}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || ${t}.id`;

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A time from year 1 (PostgreSQL has no year 0) and an id without control characters (a NUL
 * cannot be compared with text). */
const PLACE_RE = /^((?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.(\d{3})\d{3}Z) ([^\p{Cc}]{1,200})$/su;

/** The place a cursor names, or null when it is not one this server makes. */
export function decodeCursor(cursor: string): Place | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  const match = PLACE_RE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[3]) return null;
  // A real time only (no 30 February): the database would refuse it.
  const ms = Date.parse(match[1].slice(0, 23) + 'Z');
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== match[1].slice(0, 23) + 'Z') return null;
  return { at: match[1], id: match[3] };
}

export type PageQuery = { before: Place | null; limit: number } | { error: string };

/** `before` and `limit` of a page request, or the words of what is wrong with them. */
export function pageQuery(c: Context): PageQuery {
  const parsed = parseQuery(HistoryQuerySchema, (name) => c.req.query(name));
  if (!parsed.ok) return { error: parsed.error };
  const { limit = HISTORY_PAGE_SIZE, before: rawBefore } = parsed.query;
  if (rawBefore === undefined) return { before: null, limit };
  const before = decodeCursor(rawBefore);
  if (!before) {
    return { error: 'before must be the next cursor of an earlier page, as the server gave it.' };
  }
  return { before, limit };
}

/**
 * One page of `table` (alias `t`) where `where` holds (its parameters from $1), newest first,
 * after `before`: `json` the SQL of a record. The LIMIT asks one more row than the page, to
 * know whether another page follows.
 */
async function page<T>(
  db: Sql,
  source: { table: string; json: string; where: string; params: unknown[] },
  query: { before: Place | null; limit: number },
): Promise<{ records: T[]; next: string | null }> {
  const params = [...source.params];
  let where = source.where;
  if (query.before) {
    params.push(query.before.at, query.before.id);
    where += ` AND (t.created_at, t.id) < ($${params.length - 1}::timestamptz, $${params.length}::text)`;
  }
  params.push(query.limit + 1);
  const { rows } = await db.query<{ record: T; place: string }>(
    `SELECT ${source.json} AS record, ${placeText('t')} AS place
     FROM ${source.table} t WHERE ${where}
     ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length}`,
    params,
  );
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown.at(-1);
  return {
    records: shown.map((row) => row.record),
    next: more && last ? encode(last.place) : null,
  };
}

export async function bidsPage(
  db: Sql,
  by: { itemId: number } | { accountId: number },
  query: { before: Place | null; limit: number },
): Promise<BidsPage> {
  const [where, id] =
    'itemId' in by ? ['t.item_id = $1', by.itemId] : ['t.account_id = $1', by.accountId];
  const { records, next } = await page<ServerBid>(
    db,
    { table: 'bids', json: bidJson('t'), where, params: [id] },
    query,
  );
  return { bids: records, next };
}

export async function activityPage(
  db: Sql,
  query: { before: Place | null; limit: number },
): Promise<ActivityPage> {
  const { records, next } = await page<ActivityEntry>(
    db,
    { table: 'activity', json: 't.data', where: 'true', params: [] },
    query,
  );
  return { entries: records, next };
}

/**
 * GET /api/items/:id/bids and GET /api/activity: public, for anyone. A page is never cached:
 * the newest first page changes with every bid.
 */
export function historyRoutes(db: Sql) {
  const app = new Hono<AppEnv>();
  app.get('/items/:id/bids', async (c) => {
    const itemId = parseId(c.req.param('id'));
    if (itemId === null) return apiError(c, 400, 'The item id must be a whole number.');
    const query = pageQuery(c);
    if ('error' in query) return apiError(c, 400, query.error);
    const answer = await bidsPage(db, { itemId }, query);
    if (answer.bids.length === 0) {
      const { rows } = await db.query('SELECT 1 FROM items WHERE id = $1', [itemId]);
      if (rows.length === 0) return apiError(c, 404, `There is no item ${itemId}.`);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });
  app.get('/activity', async (c) => {
    const query = pageQuery(c);
    if ('error' in query) return apiError(c, 400, query.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await activityPage(db, query));
  });
  return app;
}
