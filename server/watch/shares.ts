// Shares (docs/product.md "Notifications"): the item's share button records a share, and the
// item's owner is told (kind `share`, toggle "shares", off by default). One share per account
// and item counts, so sharing again tells nobody again; a share signed out records nothing (the
// writes' rate limit bounds its requests like any other, server/app.ts).
import { Hono } from 'hono';
import * as v from 'valibot';
import { ID_MAX } from '../../shared/list-query.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';
import { notify } from '../notifications/write.ts';

const ShareSchema = v.object({
  itemId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ID_MAX)),
});

/** Records the account's share of the item; false when there is no such item. */
export async function recordShare(tx: Sql, accountId: number, itemId: number): Promise<boolean> {
  const { rows } = await tx.query<{ owner_id: number; title: string }>(
    `SELECT owner_id, coalesce(data->>'title', '') AS title FROM items WHERE id = $1`,
    [itemId],
  );
  const item = rows[0];
  if (!item) return false;
  const { rowCount } = await tx.query(
    `INSERT INTO item_shares (item_id, account_id) VALUES ($1, $2)
     ON CONFLICT (item_id, account_id) DO NOTHING`,
    [itemId, accountId],
  );
  if (rowCount === 0) return true;
  await notify(tx, 'share', {
    to: [item.owner_id],
    actor: accountId,
    itemId,
    facts: { title: item.title },
  });
  return true;
}

/** POST /api/shares {itemId}: 204; signed out, nothing is recorded. */
export function shareRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { itemId } = await readJson(c, ShareSchema);
    const account = c.get('account');
    if (!account) return c.body(null, 204);
    const found = await db.transaction((tx) => recordShare(tx, account.id, itemId));
    if (!found) return apiError(c, 404, 'This item no longer exists.');
    return c.body(null, 204);
  });
  return app;
}
