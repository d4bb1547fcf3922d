// Follow a creator, on or off (idempotent); never oneself. Who follows whom stays private
// (GET /api/me); only the creator's new follower count enters the public change log; the
// account's own log gets the follow (docs/sync.md "Account channel"), and the creator's account
// a `follower` notification. Decided and written by one call of artmint_set_follow
// (server/migrations/functions/artmint_set_follow.sql), as a bid is.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_TOGGLE_DEFAULTS } from '../../shared/notifications.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { WriteLimit } from '../http/guards.ts';
import { callOnce } from './one-call.ts';

export type FollowArgs = v.InferOutput<(typeof MUTATION_ARGS)['follow']>;

const SET_FOLLOW = {
  name: 'artmint_set_follow',
  text: `SELECT retry, result FROM artmint_set_follow($1::text, $2::int, $3::float8,
    $4::text, $5::int, $6::text, $7::int, $8::boolean, $9::text, $10::text, $11::text,
    $12::text, $13::boolean)`,
};

const { section, toggle } = NOTIFICATION_KINDS.follower;
const toggleDefaults: Record<string, boolean> = NOTIFICATION_TOGGLE_DEFAULTS[section];

/**
 * Sets the follow as push mutation `mutation`, counted against `limit` when given (callOnce:
 * what it answers and throws).
 */
export function setFollow(
  db: Database,
  account: SessionAccount,
  mutation: { id: string; hash: string },
  args: FollowArgs,
  limit: WriteLimit | null,
): ReturnType<typeof callOnce> {
  return callOnce(db, SET_FOLLOW, limit, [
    mutation.id,
    account.id,
    mutation.hash,
    args.creatorId,
    args.on,
    'This creator no longer exists.',
    'You cannot follow yourself.',
    section,
    toggle,
    toggleDefaults[toggle] ?? false,
  ]);
}
