// Profile sections: each saved for the signed-in account only (the account comes from the
// session, never from the body). Private (GET /api/me), except that the personal section's
// name, avatar and banner also update the account's public creator record, when it has one.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import { updateCreatorFromProfile } from '../catalog/creators.ts';
import type { Sql } from '../db/database.ts';

export type ProfileArgs = v.InferOutput<(typeof MUTATION_ARGS)['profile']>;

const nameFrom = (fields: ProfileArgs['fields']) =>
  [fields.firstName, fields.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ')
    .slice(0, 60);

export async function saveProfileSection(
  tx: Sql,
  account: SessionAccount,
  args: ProfileArgs,
): Promise<void> {
  await tx.query(
    `INSERT INTO profile_sections (account_id, section, fields) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, section) DO UPDATE SET fields = EXCLUDED.fields, updated_at = now()`,
    [account.id, args.section, JSON.stringify(args.fields)],
  );
  if (args.section === 'personal') {
    const { avatar, banner } = args.fields;
    await updateCreatorFromProfile(tx, account, nameFrom(args.fields), { avatar, banner });
  }
}
