// Follow a creator, on or off (idempotent); never oneself. Who follows whom stays private
// (GET /api/me); only the creator's new follower count enters the public change log; the
// account's own log gets the follow (docs/sync.md "Account channel").
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import { recordCreatorChange } from '../core/snapshots.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { recordAccountChanges } from '../core/account-log.ts';
import { notify } from '../notifications/write.ts';

export type FollowArgs = v.InferOutput<(typeof MUTATION_ARGS)['follow']>;

export async function setFollow(tx: Sql, account: SessionAccount, args: FollowArgs): Promise<void> {
  const { rows } = await tx.query<{ account_id: number | null }>(
    'SELECT account_id FROM creators WHERE id = $1 FOR UPDATE',
    [args.creatorId],
  );
  const creator = rows[0];
  if (!creator) throw new Refusal('not-found', 'This creator no longer exists.');
  if (args.creatorId === account.id || creator.account_id === account.id) {
    throw new Refusal('forbidden', 'You cannot follow yourself.');
  }
  const changed = args.on
    ? await tx.query(
        `INSERT INTO follows (account_id, creator_id) VALUES ($1, $2)
         ON CONFLICT (account_id, creator_id) DO NOTHING`,
        [account.id, args.creatorId],
      )
    : await tx.query('DELETE FROM follows WHERE account_id = $1 AND creator_id = $2', [
        account.id,
        args.creatorId,
      ]);
  if (changed.rowCount === 0) return;
  await recordCreatorChange(tx, args.creatorId);
  await recordAccountChanges(tx, account.id, [
    { topic: 'follow', key: args.creatorId, data: args.on ? { on: true } : null },
  ]);
  if (args.on) await notify(tx, 'follower', { to: [creator.account_id], actor: account.id });
}
