// Favourite an item, on or off (idempotent). Who favourites what stays private (GET /api/me);
// only the item's new count enters the public change log; the account's own log gets the
// favourite (docs/sync.md "Account channel"). Decided and written by one call of
// artmint_set_favourite (server/migrations/functions/artmint_set_favourite.sql), as a bid is.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { WriteLimit } from '../http/guards.ts';
import { oneCallResult, type OneCallRow } from './one-call.ts';

export type FavouriteArgs = v.InferOutput<(typeof MUTATION_ARGS)['favourite']>;

const SET_FAVOURITE = {
  name: 'artmint_set_favourite',
  text: `SELECT retry, result FROM artmint_set_favourite($1::text, $2::int, $3::float8,
    $4::text, $5::int, $6::text, $7::int, $8::boolean, $9::text)`,
};

/**
 * Sets the favourite as push mutation `mutation`, counted against `limit` when given. Throws
 * WriteLimited past it, and the claim's error (a unique violation) when the id is already taken.
 */
export async function setFavourite(
  db: Database,
  account: SessionAccount,
  mutation: { id: string; hash: string },
  args: FavouriteArgs,
  limit: WriteLimit | null,
): Promise<ReturnType<typeof oneCallResult>> {
  const { rows } = await db.query<OneCallRow>(SET_FAVOURITE, [
    limit?.key ?? null,
    limit?.max ?? 0,
    limit?.windowSecs ?? 0,
    mutation.id,
    account.id,
    mutation.hash,
    args.itemId,
    args.on,
    'This item no longer exists.',
  ]);
  return oneCallResult(rows[0]);
}
