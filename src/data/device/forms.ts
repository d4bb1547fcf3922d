// What the user's forms leave on the device: the outbox (newsletter, contact, support,
// reset password), drafts of long forms, profile sections and the local account.
import type { AccountRecord, Draft, Profile } from '../records';
import {
  OUTBOX_KINDS,
  PROFILE_SECTIONS,
  type FormValue,
  type FormValues,
  type OutboxEntry,
  type OutboxKind,
  type ProfileSection,
} from '@shared/types';
import {
  isAccountRecord,
  isDraft,
  isFormValues,
  isOutboxEntry,
  isProfileRecord,
  isProfileSection,
  isStringFields,
} from '../schemas';
import { toDataError, ValidationError } from '../errors';
import type { StoredMessage } from '../types';
import { MESSAGE_LABELS } from '../message-labels';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import { isAccountOwner, ownerOfAccount, SIGNED_OUT } from '../owner';
import { runWrite } from './db';
import { readOne, readOwned } from './readers';
import { REMEMBERED_KEY } from './schema';
import { afterQueued, queueIn } from './queue';
import type { QueuedMutation } from '../core/outbox';

const SECTION_LABELS: Record<ProfileSection, string> = {
  personal: 'Profile: personal details',
  social: 'Profile: social links',
  'account-notifications': 'Profile: account notifications',
  'marketing-notifications': 'Profile: marketing notifications',
  'marketplace-notifications': 'Profile: marketplace notifications',
  contact: 'Profile: contact details',
};

type ProfileMutation = Extract<QueuedMutation, { kind: 'profile' }>;
/** The ids of earlier saves a waiting save keeps: the one on its way is among the newest. */
const ABSORBED_KEEP = 10;

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
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['outbox', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('outbox').put({ ...entry, owner }),
      queueIn(ctx, tx, owner, {
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
  const entries = await readOwned(ctx.db, 'outbox', ctx.owner(), isOutboxEntry);
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export async function clearOutbox(ctx: DeviceContext): Promise<void> {
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction('outbox', 'readwrite');
    const keys = await tx.store.index('owner').getAllKeys(IDBKeyRange.only(owner));
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  });
}

/**
 * Where a message stands, from its mutation in the sync queue (same id): waiting or refused
 * while the queue holds it so; sent once synced, or once the queue no longer holds it (the
 * queue forgets a synced change after the newest SYNCED_KEEP, and a refused one the user
 * dismissed in the sync panel).
 */
function deliveryOf(queued: unknown): Pick<StoredMessage, 'delivery' | 'error'> {
  const state =
    typeof queued === 'object' && queued !== null && 'state' in queued ? queued.state : null;
  if (state === 'waiting') return { delivery: 'waiting' };
  if (state === 'refused') {
    const error = (queued as { error?: unknown }).error;
    return { delivery: 'refused', ...(typeof error === 'string' ? { error } : {}) };
  }
  return { delivery: 'sent' };
}

export async function listStoredMessages(ctx: DeviceContext): Promise<StoredMessage[]> {
  const entries = await listOutbox(ctx);
  if (entries.length === 0) return [];
  try {
    const db = await ctx.db.get();
    const tx = db.transaction('mutations', 'readonly');
    const queued = await Promise.all(entries.map((entry) => tx.store.get(entry.id)));
    return entries.map((entry, n) => ({ ...entry, ...deliveryOf(queued[n]) }));
  } catch (error) {
    throw toDataError(error);
  }
}

export async function clearSentMessages(ctx: DeviceContext): Promise<number> {
  const owner = ctx.owner();
  return runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['outbox', 'mutations'], 'readwrite');
    const outbox = tx.objectStore('outbox');
    const keys = await outbox.index('owner').getAllKeys(IDBKeyRange.only(owner));
    const queued = await Promise.all(keys.map((key) => tx.objectStore('mutations').get(key)));
    const sent = keys.filter((_, n) => deliveryOf(queued[n]).delivery === 'sent');
    await Promise.all([...sent.map((key) => outbox.delete(key)), tx.done]);
    return sent.length;
  });
}

export async function saveDraft(
  ctx: DeviceContext,
  formId: string,
  values: FormValues,
): Promise<void> {
  if (!formId) fail('formId', 'A draft needs a form id.');
  if (!isFormValues(values)) fail('values', 'A draft holds text, numbers and switches only.');
  const draft: Draft = { formId, values: { ...values }, savedAt: nowIso(ctx) };
  await runWrite(ctx.db, (db) => db.put('drafts', { ...draft, owner: ctx.owner() }));
}

const isBlank = (value: FormValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * One draft of a form from two (the account's and one typed signed out on this device, met at
 * sign-in): what was typed last wins field by field, and a field it left blank keeps what the
 * other draft holds, so no typed field is dropped for an empty one. Pure.
 */
export function combineDrafts(a: Draft, b: Draft): Draft {
  const [older, newer] = Date.parse(a.savedAt) <= Date.parse(b.savedAt) ? [a, b] : [b, a];
  const values: FormValues = { ...older.values };
  for (const [field, value] of Object.entries(newer.values)) {
    if (!isBlank(value) || isBlank(values[field])) values[field] = value;
  }
  return { formId: newer.formId, values, savedAt: newer.savedAt };
}

export async function loadDraft(ctx: DeviceContext, formId: string): Promise<Draft | null> {
  if (!formId) return null;
  const key: [string, string] = [ctx.owner(), formId];
  return readOne(ctx.db, 'drafts', key, isDraft);
}

export async function clearDraft(ctx: DeviceContext, formId: string): Promise<void> {
  if (!formId) return;
  await runWrite(ctx.db, (db) => db.delete('drafts', [ctx.owner(), formId]));
}

/**
 * The fields of `values` that differ from the stored section: what a save sends. A field the
 * section never had and left blank is no change. Pure.
 */
export function changedFields(stored: FormValues | undefined, values: FormValues): FormValues {
  const changed: FormValues = {};
  for (const [field, value] of Object.entries(values)) {
    const before = stored?.[field];
    if (value === before || (before === undefined && isBlank(value))) continue;
    changed[field] = value;
  }
  return changed;
}

/**
 * Saves a section on the device and queues the fields it changed, against `base`: the version
 * the form's values were based on, never above the version the device holds (docs/sync.md "Edits
 * merge"): the fields that differ from what the device holds, except a field left as the form
 * showed it (`shown`, the values the form started from) that another device's save changed on
 * this device while the form was open, before the form showed it: that save stays, on the device
 * and on the server. A save of the section still waiting takes these changes instead (the older
 * base kept): the server merges one save.
 */
export async function saveProfileSection(
  ctx: DeviceContext,
  section: ProfileSection,
  values: FormValues,
  base?: number,
  shown?: FormValues,
): Promise<void> {
  if (base !== undefined && !(Number.isInteger(base) && base >= 0)) {
    fail('base', 'A base version is a whole number from 0.');
  }
  if (!isProfileSection(section)) fail('section', `Unknown profile section: ${String(section)}.`);
  if (!isFormValues(values)) fail('values', 'A profile holds text, numbers and switches only.');
  if (shown !== undefined && !isFormValues(shown)) {
    fail('shown', 'A profile holds text, numbers and switches only.');
  }
  const owner = ctx.owner();
  const key = `profile:${section}`;
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['profile', 'mutations'], 'readwrite');
    const profile = tx.objectStore('profile');
    const mutations = tx.objectStore('mutations');
    const [found, queued] = await Promise.all([
      profile.get([owner, section]),
      mutations.index('owner').getAll(owner),
    ]);
    const stored = isProfileRecord(found) ? found : null;
    const version = stored?.version;
    // A field left as the form showed it, that another device's save changed on this device
    // since: no change of this save, and the device keeps that save's value.
    const landed: FormValues = {};
    for (const [field, held] of Object.entries(stored?.values ?? {})) {
      if (shown && field in shown && values[field] === shown[field] && held !== shown[field]) {
        landed[field] = held;
      }
    }
    const changed = changedFields(stored?.values, { ...values, ...landed });
    const waiting = queued.findLast(
      (m): m is ProfileMutation => m.kind === 'profile' && m.key === key && m.state === 'waiting',
    );
    const from = Math.min(base ?? Infinity, version ?? 0);
    const args = waiting
      ? {
          ...waiting.args,
          fields: { ...waiting.args.fields, ...changed },
          ...(waiting.args.base === undefined ? {} : { base: Math.min(waiting.args.base, from) }),
        }
      : { section, fields: changed, base: from };
    await Promise.all([
      profile.put({
        section,
        values: { ...values, ...landed },
        savedAt: nowIso(ctx),
        owner,
        ...(version === undefined ? {} : { version }),
      }),
      ...(waiting ? [mutations.delete(waiting.id)] : []),
      queueIn(ctx, tx, owner, {
        kind: 'profile',
        args,
        key,
        label: SECTION_LABELS[section],
        ...(waiting
          ? { absorbed: [...(waiting.absorbed ?? []), waiting.id].slice(-ABSORBED_KEEP) }
          : {}),
      }),
      tx.done,
    ]);
  });
  afterQueued(null);
}

/** The signed-in account's profile, or the profile of `account` (a login about to start, the
 * account the lock screen shows). */
export async function loadProfile(ctx: DeviceContext, account?: AccountRecord): Promise<Profile> {
  const owner = account ? ownerOfAccount(account) : ctx.owner();
  const records = await readOwned(ctx.db, 'profile', owner, isProfileRecord);
  const profile: Profile = {};
  for (const record of records) profile[record.section] = record.values;
  return profile;
}

/**
 * The version of each section the device holds; a section it holds none of is at 0, as the
 * server starts one: a form opened on it saves against 0, never against a version of another
 * device's save that landed while it was open (the fields it never showed would overwrite it).
 */
export async function loadProfileVersions(
  ctx: DeviceContext,
): Promise<Partial<Record<ProfileSection, number>>> {
  const records = await readOwned(ctx.db, 'profile', ctx.owner(), isProfileRecord);
  const versions: Partial<Record<ProfileSection, number>> = Object.fromEntries(
    PROFILE_SECTIONS.map((section) => [section, 0]),
  );
  for (const record of records) versions[record.section] = record.version ?? 0;
  return versions;
}

/** Saves the account's record under its own owner and remembers it as the last login. */
export async function saveAccount(ctx: DeviceContext, record: AccountRecord): Promise<void> {
  if (!isAccountRecord(record)) {
    fail('account', 'The account needs a name, an email and a password hash.');
  }
  const owner = ownerOfAccount(record);
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['account', 'syncMeta'], 'readwrite');
    await Promise.all([
      tx.objectStore('account').put({ ...record }, owner),
      tx.objectStore('syncMeta').put(owner, REMEMBERED_KEY),
      tx.done,
    ]);
  });
}

/** The owner of the account this device remembers (the last login), if any. */
export async function rememberedOwner(ctx: DeviceContext): Promise<string | null> {
  return readOne(ctx.db, 'syncMeta', REMEMBERED_KEY, isOwnerKey);
}

const isOwnerKey = (value: unknown): value is string =>
  typeof value === 'string' && isAccountOwner(value);

/** The signed-in account's record; while nobody is signed in, the account this device
 * remembers (the lock screen's, and the one a login offline is checked against). */
export async function loadAccount(ctx: DeviceContext): Promise<AccountRecord | null> {
  const current = ctx.owner();
  const owner = current === SIGNED_OUT ? await rememberedOwner(ctx) : current;
  if (owner === null) return null;
  return readOne(ctx.db, 'account', owner, isAccountRecord);
}
