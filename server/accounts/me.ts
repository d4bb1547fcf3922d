// GET /api/me: the signed-in account's own records, which never enter the public change log
// (favourites, follows, watched searches, profile sections), plus its newest bids and its purchases, so a second
// device of the same account gets them; GET /api/me/bids pages its older bids, and
// GET /api/me/changes follows the account's own log from GET /api/me's `cursor`
// (account-changes.ts).
import { Hono } from 'hono';
import { ME_BIDS_LIMIT, type BoundedMeResponse } from '../../shared/history.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { purchasesOf } from '../market/bid-records.ts';
import { bidsPage, pageQuery } from '../market/history.ts';
import { accountChangeRoutes } from './account-changes.ts';
import { accountCursor } from '../core/account-log.ts';
import { watchedSearches } from '../watch/saved-searches.ts';

/** The account's records, with its newest ME_BIDS_LIMIT bids (BoundedMeResponse). */
export async function loadMe(
  db: Database,
  account: MeResponse['account'],
): Promise<BoundedMeResponse> {
  // The account log's newest entry, read first: whatever is written after it comes with the
  // log from this cursor (docs/sync.md "Account channel"), and nothing before it is missed.
  const cursor = await accountCursor(db, account.id);
  const [favourites, follows, sections, bids, purchases, searches] = await Promise.all([
    db.query<{ item_id: number }>(
      'SELECT item_id FROM favourites WHERE account_id = $1 ORDER BY created_at DESC, item_id',
      [account.id],
    ),
    db.query<{ creator_id: number }>(
      'SELECT creator_id FROM follows WHERE account_id = $1 ORDER BY created_at DESC, creator_id',
      [account.id],
    ),
    db.query<{
      section: keyof MeResponse['profile'];
      fields: Record<string, unknown>;
      version: number;
    }>('SELECT section, fields, version FROM profile_sections WHERE account_id = $1', [account.id]),
    bidsPage(db, { accountId: account.id }, { before: null, limit: ME_BIDS_LIMIT }),
    purchasesOf(db, account.id),
    watchedSearches(db, account.id),
  ]);
  const profile: MeResponse['profile'] = {};
  const profileVersions: NonNullable<MeResponse['profileVersions']> = {};
  for (const row of sections.rows) {
    profile[row.section] = row.fields;
    profileVersions[row.section] = row.version;
  }
  return {
    account,
    favourites: favourites.rows.map((row) => row.item_id),
    follows: follows.rows.map((row) => row.creator_id),
    profile,
    profileVersions,
    bids: bids.bids,
    bidsNext: bids.next,
    purchases,
    savedSearches: searches,
    cursor,
  };
}

export function meRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Not signed in.');
    c.header('Cache-Control', 'no-store');
    return c.json(await loadMe(db, { id: account.id, email: account.email, name: account.name }));
  });
  // The account's older bids, after the ones GET /api/me carries (its bidsNext).
  app.get('/bids', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Not signed in.');
    const query = pageQuery(c);
    if ('error' in query) return apiError(c, 400, query.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await bidsPage(db, { accountId: account.id }, query));
  });
  app.route('/changes', accountChangeRoutes(db));
  return app;
}
