// Favourite an item, on or off (idempotent). Who favourites what stays private (GET /api/me);
// only the item's new count enters the public change log; the account's own log gets the
// favourite (docs/sync.md "Account channel"). Decided and written by one call of
// artmint_set_favourite (server/migrations/functions/artmint_set_favourite.sql), as a bid is.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { WriteLimit } from '../http/guards.ts';
import { callOnce } from './one-call.ts';

export type FavouriteArgs = v.InferOutput<(typeof MUTATION_ARGS)['favourite']>;

const SET_FAVOURITE = {
  name: 'artmint_set_favourite',
  text: `SELECT retry, result FROM artmint_set_favourite($1::text, $2::int, $3::float8,
    $4::text, $5::int, $6::text, $7::int, $8::boolean, $9::text)`,
};

/**
 * Sets the favourite as push mutation `mutation`, counted against `limit` when given (callOnce:
 * what it answers and throws).
 */
export function setFavourite(
  db: Database,
  account: SessionAccount,
  mutation: { id: string; hash: string },
  args: FavouriteArgs,
  limit: WriteLimit | null,
): ReturnType<typeof callOnce> {
  return callOnce(db, SET_FAVOURITE, limit, [
    mutation.id,
    account.id,
    mutation.hash,
    args.itemId,
    args.on,
    'This item no longer exists.',
  ]);
}
