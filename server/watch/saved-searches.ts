// Saved searches, "Watch this search" (docs/product.md "Saved searches"): the signed-in account
// saves explore's words and filters (at most SAVED_SEARCHES_MAX), lists them and removes one.
// Each is stored as search compares it (migration 027): its words folded by searchWords, the
// query explore's widest tier of those words runs, and its longest stem, by which a new item
// finds it (server/notifications/saved-search-matches.ts). Saving is an online request:
// offline the app says so.
import { Hono } from 'hono';
import {
  SAVED_SEARCHES_MAX,
  SavedSearchInputSchema,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchList,
} from '../../shared/saved-search.ts';
import { IdSchema } from '../../shared/list-query.ts';
import * as v from 'valibot';
import { searchWords } from '../catalog/lists.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { BadRequest, readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';

const RECORD = `id::int AS id, q, nullif(category, '') AS category, nullif(market, '') AS market,
  nullif(sale, '') AS sale`;

/** The account's saved searches, newest first. */
export async function savedSearches(db: Sql, accountId: number): Promise<SavedSearch[]> {
  const { rows } = await db.query<SavedSearch>(
    `SELECT ${RECORD} FROM saved_searches WHERE account_id = $1 ORDER BY id DESC`,
    [accountId],
  );
  return rows;
}

/**
 * Saves a search for the account (the same one again answers the one saved). Words that search
 * drops all of ("the", "and") are refused: explore finds nothing by them to watch.
 */
export async function saveSearch(
  tx: Sql,
  accountId: number,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const words = searchWords(input.q);
  const { rows: stems } = await tx.query<{ stem: string }>(
    `SELECT s AS stem FROM unnest(tsvector_to_array(to_tsvector('artmint_search', $1))) s
     ORDER BY length(s) DESC, s LIMIT 1`,
    [words.join(' ')],
  );
  const key = stems[0]?.stem ?? null;
  if (words.length > 0 && key === null) {
    throw new BadRequest('These words are too common to watch: add another word or a filter.');
  }
  // One account's saves one at a time, so the cap holds.
  await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const filters = [input.category ?? '', input.market ?? '', input.sale ?? ''];
  const { rows: same } = await tx.query<SavedSearch>(
    `SELECT ${RECORD} FROM saved_searches WHERE account_id = $1 AND words = $2::text[]
       AND category = $3 AND market = $4 AND sale = $5`,
    [accountId, words, ...filters],
  );
  if (same[0]) return same[0];
  const { rows: counted } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM saved_searches WHERE account_id = $1',
    [accountId],
  );
  if ((counted[0]?.n ?? 0) >= SAVED_SEARCHES_MAX) {
    throw new BadRequest(
      `You watch ${SAVED_SEARCHES_MAX} searches already: stop watching one to add another.`,
    );
  }
  const { rows } = await tx.query<SavedSearch>(
    `INSERT INTO saved_searches (account_id, q, words, query, key_word, category, market, sale)
     VALUES ($1, $2, $3::text[],
       CASE WHEN $4::text IS NULL THEN NULL ELSE to_tsquery('artmint_search', $5) END,
       $4, $6, $7, $8)
     RETURNING ${RECORD}`,
    [accountId, input.q, words, key, words.map((w) => `${w}:*`).join(' & '), ...filters],
  );
  const saved = rows[0];
  if (!saved) throw new Error('saved_searches gave no row');
  return saved;
}

/** GET, POST /api/saved-searches and DELETE /api/saved-searches/:id, signed in. */
export function savedSearchRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    if (!c.get('account')) return apiError(c, 401, 'Sign in to watch a search.');
    c.header('Cache-Control', 'no-store');
    return next();
  });
  app.get('/', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to watch a search.');
    const list: SavedSearchList = { searches: await savedSearches(db, account.id) };
    return c.json(list);
  });
  app.post('/', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to watch a search.');
    const input = await readJson(c, SavedSearchInputSchema);
    const saved = await db.transaction((tx) => saveSearch(tx, account.id, input));
    return c.json(saved, 201);
  });
  app.delete('/:id', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to watch a search.');
    const id = v.safeParse(IdSchema, c.req.param('id'));
    if (!id.success) return apiError(c, 400, 'The search id must be an id.');
    await db.query('DELETE FROM saved_searches WHERE id = $1 AND account_id = $2', [
      id.output,
      account.id,
    ]);
    return c.body(null, 204);
  });
  return app;
}
