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
import { afterQueued, queueIn } from './queue';

const MESSAGE_LABELS: Record<OutboxKind, string> = {
  newsletter: 'Newsletter sign-up',
  contact: 'Contact message',
  support: 'Support request',
  'reset-password': 'Password reset request',
};

const SECTION_LABELS: Record<ProfileSection, string> = {
  personal: 'Profile: personal details',
  social: 'Profile: social links',
  'account-notifications': 'Profile: account notifications',
  'marketing-notifications': 'Profile: marketing notifications',
  contact: 'Profile: contact details',
};

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
  const entry: OutboxEntry = {
    id: ctx.newMutationId(),
    kind,
    at: nowIso(ctx),
    fields: { ...fields },
  };
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['outbox', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('outbox').put(entry),
      queueIn(ctx, tx, {
        id: entry.id,
        kind: 'message',
        args: { kind, fields: { ...fields } },
        key: `message:${entry.id}`,
        label: MESSAGE_LABELS[kind],
      }),
      tx.done,
    ]);
  });
  return afterQueued(entry);
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
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['profile', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('profile').put({ section, values: { ...values }, savedAt: nowIso(ctx) }),
      queueIn(ctx, tx, {
        kind: 'profile',
        args: { section, fields: { ...values } },
        key: `profile:${section}`,
        label: SECTION_LABELS[section],
      }),
      tx.done,
    ]);
  });
  afterQueued(null);
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
