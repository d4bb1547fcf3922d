// Newsletter, contact, support and reset-password messages sent from the app; signed out too.
// Private: stored for the team, never in the public change log; a signed-in sender's own log
// gets it (docs/sync.md "Account channel").
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';
import { recordAccountChanges } from '../core/account-log.ts';

export type MessageArgs = v.InferOutput<(typeof MUTATION_ARGS)['message']>;

export async function saveMessage(
  tx: Sql,
  account: SessionAccount | null,
  id: string,
  args: MessageArgs,
): Promise<void> {
  const { rows } = await tx.query<{ created_at: Date }>(
    `INSERT INTO messages (id, account_id, kind, fields) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING RETURNING created_at`,
    [id, account?.id ?? null, args.kind, JSON.stringify(args.fields)],
  );
  const stored = rows[0];
  if (!account || !stored) return;
  const at = stored.created_at.toISOString();
  await recordAccountChanges(tx, account.id, [
    { topic: 'message', key: id, data: { kind: args.kind, at, fields: args.fields } },
  ]);
}
