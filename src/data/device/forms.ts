// What the user's forms leave on the device: the outbox (newsletter, contact, support,
// reset password), drafts of long forms, profile sections and the local account.
import { ValidationError } from '../errors';
import type { AccountRecord, Draft, FormValues, Profile, ProfileSection } from '../records';
import {
  isAccountRecord,
  isDraft,
  isFormValues,
  isOutboxEntry,
  isProfileRecord,
  isProfileSection,
  isStringFields,
  OUTBOX_KINDS,
} from '../schemas';
import type { OutboxEntry, OutboxKind } from '../types';
import { nowIso, type DeviceContext } from './context';
import { ACCOUNT_KEY, readAll, readOne, runWrite } from './db';

function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message }, message);
}

export async function saveOutbox(
  ctx: DeviceContext,
  kind: OutboxKind,
  fields: Record<string, string>,
): Promise<OutboxEntry> {
  if (!OUTBOX_KINDS.includes(kind)) fail('kind', `Unknown kind of message: ${String(kind)}.`);
  if (!isStringFields(fields)) fail('fields', 'Every field must be text.');
  const entry: OutboxEntry = { id: ctx.newId(), kind, at: nowIso(ctx), fields: { ...fields } };
  await runWrite(ctx.db, (db) => db.put('outbox', entry));
  return entry;
}

export async function listOutbox(ctx: DeviceContext): Promise<OutboxEntry[]> {
  const entries = await readAll(ctx.db, 'outbox', isOutboxEntry);
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export async function clearOutbox(ctx: DeviceContext): Promise<void> {
  await runWrite(ctx.db, (db) => db.clear('outbox'));
}

export async function saveDraft(
  ctx: DeviceContext,
  formId: string,
  values: FormValues,
): Promise<void> {
  if (!formId) fail('formId', 'A draft needs a form id.');
  if (!isFormValues(values)) fail('values', 'A draft holds text, numbers and switches only.');
  const draft: Draft = { formId, values: { ...values }, savedAt: nowIso(ctx) };
  await runWrite(ctx.db, (db) => db.put('drafts', draft));
}

export async function loadDraft(ctx: DeviceContext, formId: string): Promise<Draft | null> {
  if (!formId) return null;
  return readOne(ctx.db, 'drafts', formId, isDraft);
}

export async function clearDraft(ctx: DeviceContext, formId: string): Promise<void> {
  if (!formId) return;
  await runWrite(ctx.db, (db) => db.delete('drafts', formId));
}

export async function saveProfileSection(
  ctx: DeviceContext,
  section: ProfileSection,
  values: FormValues,
): Promise<void> {
  if (!isProfileSection(section)) fail('section', `Unknown profile section: ${String(section)}.`);
  if (!isFormValues(values)) fail('values', 'A profile holds text, numbers and switches only.');
  await runWrite(ctx.db, (db) =>
    db.put('profile', { section, values: { ...values }, savedAt: nowIso(ctx) }),
  );
}

export async function loadProfile(ctx: DeviceContext): Promise<Profile> {
  const records = await readAll(ctx.db, 'profile', isProfileRecord);
  const profile: Profile = {};
  for (const record of records) profile[record.section] = record.values;
  return profile;
}

export async function saveAccount(ctx: DeviceContext, record: AccountRecord): Promise<void> {
  if (!isAccountRecord(record)) {
    fail('account', 'The account needs a name, an email and a password hash.');
  }
  await runWrite(ctx.db, (db) => db.put('account', { ...record }, ACCOUNT_KEY));
}

export async function loadAccount(ctx: DeviceContext): Promise<AccountRecord | null> {
  return readOne(ctx.db, 'account', ACCOUNT_KEY, isAccountRecord);
}
