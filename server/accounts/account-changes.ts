// GET /api/me/changes?since=<cursor>&limit=<n> (shared/account-channel.ts, docs/sync.md "Account
// channel"): the signed-in account's own log after its cursor, oldest first, a page at most
// ACCOUNT_PULL_LIMIT. A cursor older than what is kept of the log (pruned by
// server/housekeeping.ts), or ahead of its newest entry (a database restored from an older
// backup), is answered `reset`: the device reads GET /api/me again.
import { Hono } from 'hono';
import { ACCOUNT_PULL_LIMIT, type AccountPullResponse } from '../../shared/account-channel.ts';
import { AccountPullQuerySchema, parseQuery } from '../../shared/list-query.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { accountLogAfter } from '../core/account-log.ts';

export function accountChangeRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Not signed in.');
    const parsed = parseQuery(AccountPullQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const { since = 0, limit = ACCOUNT_PULL_LIMIT } = parsed.query;
    c.header('Cache-Control', 'no-store');
    const page = await accountLogAfter(db, account.id, since, limit);
    if (since < page.prunedThrough || since > page.newest) {
      const reset: AccountPullResponse = {
        changes: [],
        cursor: page.newest,
        more: false,
        reset: true,
        accountId: account.id,
      };
      return c.json(reset);
    }
    const answer: AccountPullResponse = {
      changes: page.changes,
      cursor: page.changes.at(-1)?.seq ?? since,
      more: page.more,
      accountId: account.id,
    };
    return c.json(answer);
  });
  return app;
}
