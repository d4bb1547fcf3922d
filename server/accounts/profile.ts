// Profile sections: each saved for the signed-in account only (the account comes from the
// session, never from the body). Private (GET /api/me), except that the personal section's
// name, avatar and banner also update the account's public creator record, when it has one.
// A save carries the fields the device changed and the section's version it had (`base`); they
// merge field by field with the server's in the server's order (docs/sync.md "Edits merge").
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { LostEdit, MUTATION_ARGS } from '../../shared/protocol.ts';
import type { FormValue } from '../../shared/types.ts';
import { updateCreatorFromProfile } from '../catalog/creators.ts';
import { recordAccountChanges } from '../core/account-log.ts';
import type { Sql } from '../db/database.ts';

export type ProfileArgs = v.InferOutput<(typeof MUTATION_ARGS)['profile']>;
type Fields = Record<string, FormValue>;

/** A section as a save leaves it: its fields and its version (the number of saves that
 * changed it); what the account's devices are told (topic 'profile', keyed by the section). */
export interface SavedProfileSection {
  fields: Fields;
  version: number;
}

/** The section after a save, and the fields of the save another device changed first. */
export interface ProfileSave {
  saved: SavedProfileSection;
  lost: LostEdit[];
}

interface Stored {
  fields: Fields;
  version: number;
  fieldVersions: Record<string, number>;
}

const nameFrom = (fields: Fields) =>
  [fields.firstName, fields.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ')
    .slice(0, 60);

/**
 * The merge, pure. With a `base`: a field the save gives a new value is set unless a save after
 * `base` changed it (then the server's value stays, and the field is lost); a field given the
 * value it has is left alone. Without (an older app): the save's fields replace the section.
 * A save that changed a field counts one version; its changed fields carry it.
 */
export function mergeSection(stored: Stored, args: Pick<ProfileArgs, 'fields' | 'base'>) {
  const version = stored.version + 1;
  const fields: Fields = args.base === undefined ? { ...args.fields } : { ...stored.fields };
  const fieldVersions = { ...stored.fieldVersions };
  const lost: LostEdit[] = [];
  let changed = false;
  const keys =
    args.base === undefined
      ? new Set([...Object.keys(stored.fields), ...Object.keys(args.fields)])
      : Object.keys(args.fields);
  for (const field of keys) {
    const yours = args.fields[field];
    const kept = stored.fields[field];
    if (yours === kept) continue;
    if (args.base !== undefined && (fieldVersions[field] ?? 0) > args.base) {
      lost.push({ field, yours: yours ?? null, kept: kept ?? null });
      continue;
    }
    if (yours !== undefined) fields[field] = yours;
    fieldVersions[field] = version;
    changed = true;
  }
  return changed ? { fields, fieldVersions, version, lost } : { ...stored, lost };
}

export async function saveProfileSection(
  tx: Sql,
  account: SessionAccount,
  args: ProfileArgs,
): Promise<ProfileSave> {
  // The row first, then locked: two saves of one section merge one after the other.
  await tx.query(
    `INSERT INTO profile_sections (account_id, section, fields) VALUES ($1, $2, '{}')
     ON CONFLICT (account_id, section) DO NOTHING`,
    [account.id, args.section],
  );
  const { rows } = await tx.query<Stored>(
    `SELECT fields, version, field_versions AS "fieldVersions" FROM profile_sections
     WHERE account_id = $1 AND section = $2 FOR UPDATE`,
    [account.id, args.section],
  );
  const stored = rows[0];
  if (!stored) throw new Error('the profile section was not stored');
  const merged = mergeSection(stored, args);
  if (merged.version !== stored.version) {
    await tx.query(
      `UPDATE profile_sections SET fields = $3, field_versions = $4, version = $5,
         updated_at = now()
       WHERE account_id = $1 AND section = $2`,
      [
        account.id,
        args.section,
        JSON.stringify(merged.fields),
        JSON.stringify(merged.fieldVersions),
        merged.version,
      ],
    );
    // Every device of the account has the section as it now stands (docs/sync.md "Account
    // channel").
    await recordAccountChanges(tx, account.id, [
      {
        topic: 'profile',
        key: args.section,
        data: { fields: merged.fields, version: merged.version },
      },
    ]);
  }
  if (args.section === 'personal') {
    const { avatar, banner } = merged.fields;
    await updateCreatorFromProfile(tx, account, nameFrom(merged.fields), { avatar, banner });
  }
  return { saved: { fields: merged.fields, version: merged.version }, lost: merged.lost };
}
