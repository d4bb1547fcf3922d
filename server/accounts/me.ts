// GET /api/me: the signed-in account's own records, which never enter the public change log
// (favourites, follows, profile sections), plus its bids and purchases, so a second device of
// the same account gets them.
import { Hono } from 'hono';
import type { MeResponse } from '../../src/data/sync/protocol.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { bidsWhere, purchasesOf } from '../market/bid-records.ts';

export async function loadMe(db: Database, account: MeResponse['account']): Promise<MeResponse> {
  const [favourites, follows, sections, bids, purchases] = await Promise.all([
    db.query<{ item_id: number }>(
      'SELECT item_id FROM favourites WHERE account_id = $1 ORDER BY created_at DESC, item_id',
      [account.id],
    ),
    db.query<{ creator_id: number }>(
      'SELECT creator_id FROM follows WHERE account_id = $1 ORDER BY created_at DESC, creator_id',
      [account.id],
    ),
    db.query<{ section: keyof MeResponse['profile']; fields: Record<string, unknown> }>(
      'SELECT section, fields FROM profile_sections WHERE account_id = $1',
      [account.id],
    ),
    bidsWhere(db, 'account_id = $1', [account.id]),
    purchasesOf(db, account.id),
  ]);
  const profile: MeResponse['profile'] = {};
  for (const row of sections.rows) profile[row.section] = row.fields;
  return {
    account,
    favourites: favourites.rows.map((row) => row.item_id),
    follows: follows.rows.map((row) => row.creator_id),
    profile,
    bids,
    purchases,
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
  return app;
}
