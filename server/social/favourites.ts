// Favourite an item, on or off (idempotent). Who favourites what stays private (GET /api/me);
// only the item's new count enters the public change log; the account's own log gets the
// favourite (docs/sync.md "Account channel").
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import { recordItemChange } from '../core/snapshots.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { recordAccountChanges } from '../core/account-log.ts';

export type FavouriteArgs = v.InferOutput<(typeof MUTATION_ARGS)['favourite']>;

export async function setFavourite(
  tx: Sql,
  account: SessionAccount,
  args: FavouriteArgs,
): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM items WHERE id = $1 FOR UPDATE', [args.itemId]);
  if (rows.length === 0) throw new Refusal('not-found', 'This item no longer exists.');
  const changed = args.on
    ? await tx.query(
        `INSERT INTO favourites (account_id, item_id) VALUES ($1, $2)
         ON CONFLICT (account_id, item_id) DO NOTHING`,
        [account.id, args.itemId],
      )
    : await tx.query('DELETE FROM favourites WHERE account_id = $1 AND item_id = $2', [
        account.id,
        args.itemId,
      ]);
  if (changed.rowCount === 0) return;
  await recordItemChange(tx, args.itemId);
  await recordAccountChanges(tx, account.id, [
    { topic: 'favourite', key: args.itemId, data: args.on ? { on: true } : null },
  ]);
}
