// Newsletter, contact, support and reset-password messages sent from the app; signed out too.
// Private: stored for the team, never in the public change log.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';

export type MessageArgs = v.InferOutput<(typeof MUTATION_ARGS)['message']>;

export async function saveMessage(
  tx: Sql,
  account: SessionAccount | null,
  id: string,
  args: MessageArgs,
): Promise<void> {
  await tx.query(
    `INSERT INTO messages (id, account_id, kind, fields) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING`,
    [id, account?.id ?? null, args.kind, JSON.stringify(args.fields)],
  );
}
