// Saved searches, "Watch this search" (docs/product.md "Saved searches"): the signed-in account
// saves explore's words and filters (at most SAVED_SEARCHES_MAX), lists them and removes one.
// Each is stored as search compares it (migration 027): its words folded by searchWords, the
// query explore's widest tier of those words runs, and its longest stem, by which a new item
// finds it (server/notifications/saved-search-matches.ts). A device watches and stops watching
// through its outbox (the mutation 'watch-search', server/sync/apply.ts), naming the search by
// its words and filters (shared/watch.ts); every save and removal enters the account's log
// (topic 'saved-search'), so the account's other devices get it.
import { Hono } from 'hono';
import {
  SavedSearchInputSchema,
  type SavedSearch,
  type SavedSearchList,
} from '../../shared/saved-search.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import {
  SAVED_SEARCHES_MAX,
  TOO_COMMON_WORDS,
  WATCH_CAP_WORDS,
  watchedSearch,
  watchKey,
  type WatchedSearch,
} from '../../shared/watch.ts';
import { IdSchema } from '../../shared/list-query.ts';
import * as v from 'valibot';
import { searchWords } from '../catalog/lists.ts';
import { recordAccountChanges } from '../core/account-log.ts';
import type { SessionAccount } from '../core/session-account.ts';
import { Refusal } from '../core/refusal.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';

export type WatchArgs = v.InferOutput<(typeof MUTATION_ARGS)['watch-search']>;

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

/** The account's saved searches as GET /api/me carries them, newest first, without their ids. */
export async function watchedSearches(db: Sql, accountId: number): Promise<WatchedSearch[]> {
  return (await savedSearches(db, accountId)).map(watchedSearch);
}

/** The entry of the account's log of a search saved (or, `on` false, removed). */
const logEntry = (search: WatchedSearch, on: boolean) => ({
  topic: 'saved-search' as const,
  key: watchKey(search),
  data: on ? watchedSearch(search) : null,
});

/**
 * Saves a search for the account (the same one again answers the one saved, and logs nothing).
 * Words that search drops all of ("the", "and") are refused: explore finds nothing by them to
 * watch; so is a search past SAVED_SEARCHES_MAX.
 */
export async function saveSearch(
  tx: Sql,
  accountId: number,
  input: WatchedSearch,
): Promise<SavedSearch> {
  const words = searchWords(input.q);
  const { rows: stems } = await tx.query<{ stem: string }>(
    `SELECT s AS stem FROM unnest(tsvector_to_array(to_tsvector('artmint_search', $1))) s
     ORDER BY length(s) DESC, s LIMIT 1`,
    [words.join(' ')],
  );
  const key = stems[0]?.stem ?? null;
  if (words.length > 0 && key === null) {
    throw new Refusal('invalid', TOO_COMMON_WORDS);
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
    throw new Refusal('invalid', WATCH_CAP_WORDS);
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
  await recordAccountChanges(tx, accountId, [logEntry(saved, true)]);
  return saved;
}

/** Removes the account's saved search of these words and filters (none: nothing changes). */
export async function removeSearch(tx: Sql, accountId: number, search: WatchedSearch) {
  const { rows } = await tx.query<SavedSearch>(
    `DELETE FROM saved_searches WHERE account_id = $1 AND words = $2::text[]
       AND category = $3 AND market = $4 AND sale = $5 RETURNING ${RECORD}`,
    [
      accountId,
      searchWords(search.q),
      search.category ?? '',
      search.market ?? '',
      search.sale ?? '',
    ],
  );
  const gone = rows[0];
  if (gone) await recordAccountChanges(tx, accountId, [logEntry(gone, false)]);
}

/** The mutation 'watch-search': the account watches the search, or stops watching it. */
export async function setWatch(tx: Sql, account: SessionAccount, args: WatchArgs) {
  const search = watchedSearch(args);
  if (args.on) await saveSearch(tx, account.id, search);
  else await removeSearch(tx, account.id, search);
}

/** A refusal of a save, answered as the route's 400. */
const refusal400 = (error: unknown) => (error instanceof Refusal ? error.message : null);

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
    try {
      const saved = await db.transaction((tx) => saveSearch(tx, account.id, input));
      return c.json(saved, 201);
    } catch (error) {
      const words = refusal400(error);
      if (words === null) throw error;
      return apiError(c, 400, words);
    }
  });
  app.delete('/:id', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to watch a search.');
    const id = v.safeParse(IdSchema, c.req.param('id'));
    if (!id.success) return apiError(c, 400, 'The search id must be an id.');
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<SavedSearch>(
        `DELETE FROM saved_searches WHERE id = $1 AND account_id = $2 RETURNING ${RECORD}`,
        [id.output, account.id],
      );
      const gone = rows[0];
      if (gone) await recordAccountChanges(tx, account.id, [logEntry(gone, false)]);
    });
    return c.body(null, 204);
  });
  return app;
}
