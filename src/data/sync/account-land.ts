// The records of the signed-in account's own log, landed by topic in the device store
// (docs/sync.md "The account's own records on every device"), in the transaction of
// account-apply.ts. Each record was checked against its topic's schema (accountRecord) before it
// comes here; a record of this device's waiting change is left as the device has it, so the
// push carries the device's word.
import { undoBid, undoCheckout } from '../device/bids';
import { putNotification } from '../device/notification-records';
import { undoWatch } from '../device/saved-searches';
import { undoFavourite, undoFollow } from '../device/social';
import { isFormValues, isObject, isProfileSection } from '../schemas';
import { PUBLIC, type Owner } from '../owner';
import type { AccountTopic, ACCOUNT_CHANGE_SCHEMAS } from '@shared/account-channel';
import type { Change } from '@shared/protocol';
import { OUTBOX_KINDS, type OutboxKind } from '@shared/types';
import { watchKey, type WatchedSearch } from '@shared/watch';
import type { InferOutput } from 'valibot';
import type { Tx } from './store-tx';

/** An entry's record as its topic's schema reads it; null: it is gone. */
export type AccountRecordOf<T extends AccountTopic> = InferOutput<
  (typeof ACCOUNT_CHANGE_SCHEMAS)[T]
> | null;

/** What landing one batch of the account's records needs beside them. */
export interface AccountLanding {
  tx: Tx;
  owner: Owner;
  /** The outbox keys of this owner's waiting changes (`favourite:3`, `profile:social`...). */
  waiting: ReadonlySet<string>;
  /** When a favourite or follow added now counts as made, in the order they land. */
  stamp: () => string;
  /** The uploads, landed after the batch through the public records' path (land-changes.ts). */
  uploads: Change[];
}

/** The outbox keys of `owner`'s waiting changes. */
export async function waitingKeys(tx: Tx, owner: Owner): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const m of await tx.objectStore('mutations').index('owner').getAll(owner)) {
    if (isObject(m) && m.state === 'waiting' && typeof m.key === 'string') keys.add(m.key);
  }
  return keys;
}

/** A key that names a record of the server's (an item's or a creator's id), or null. */
function idOf(key: string): number | null {
  const id = Number(key);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A favourite on or off as the server says (undoing the opposite change writes just that),
 * unless a change of this device waits. True when the device store changed. */
export async function setFavourite(l: AccountLanding, itemId: number, on: boolean) {
  if (l.waiting.has(`favourite:${itemId}`)) return false;
  const held = (await l.tx.objectStore('favourites').get([l.owner, itemId])) !== undefined;
  if (held === on) return false;
  await undoFavourite(l.tx, l.owner, { itemId, on: !on }, l.stamp());
  return true;
}

/** A follow on or off as the server says, as setFavourite. */
export async function setFollow(l: AccountLanding, creatorId: number, on: boolean) {
  if (l.waiting.has(`follow:${creatorId}`)) return false;
  const held = (await l.tx.objectStore('follows').get([l.owner, creatorId])) !== undefined;
  if (held === on) return false;
  await undoFollow(l.tx, l.owner, { creatorId, on: !on }, l.stamp());
  return true;
}

/** A watched search as the server says (`search` null: no longer watched), unless a change of
 * this device to it waits. True when the device store changed. */
export async function setSavedSearch(l: AccountLanding, key: string, search: WatchedSearch | null) {
  if (l.waiting.has(`watch-search:${key}`) || (search && watchKey(search) !== key)) return false;
  const held = await l.tx.objectStore('savedSearches').get([l.owner, key]);
  if ((held !== undefined) === (search !== null)) return false;
  if (search) await undoWatch(l.tx, l.owner, { ...search, on: false }, l.stamp());
  else if (held) await undoWatch(l.tx, l.owner, { ...held, on: true }, l.stamp());
  return true;
}

/** A profile section's fields as the server has them, and their `version` when the answer names
 * it, unless a save of this device waits. Fields a form cannot hold (or `null`: the
 * section is gone) leave nothing of the section. */
export async function setProfileSection(
  l: AccountLanding,
  section: string,
  fields: Record<string, unknown> | null,
  version?: number,
) {
  if (!isProfileSection(section) || l.waiting.has(`profile:${section}`)) return;
  const store = l.tx.objectStore('profile');
  if (fields === null) return store.delete([l.owner, section]);
  if (!isFormValues(fields)) return;
  // An answer that names no version (an older server) keeps the one the device holds.
  const kept = version ?? (await store.get([l.owner, section]))?.version;
  await store.put({
    section,
    values: fields,
    savedAt: l.stamp(),
    ...(kept === undefined ? {} : { version: kept }),
    owner: l.owner,
  });
}

/**
 * A bid as the server has it, with its status: the account's own (`mine`: marked `by` the
 * account, as the server's copy of a bid made here is, so it shows as theirs and is never
 * trimmed) or an offer on an item it owns. It is everyone's bid (owner PUBLIC); it keeps the
 * sequence the change log stamped it with, so the public log's newer entries still land on it.
 */
export async function setBid(
  l: AccountLanding,
  key: string,
  record: AccountRecordOf<'bid'>,
  mine: boolean,
) {
  const store = l.tx.objectStore('bids');
  const held = await store.get(key);
  if (record === null) {
    if (held) await undoBid(l.tx, l.owner, key);
    return;
  }
  if (record.id !== key) return;
  const by = mine ? l.owner : held && held.owner !== PUBLIC ? held.owner : held?.by;
  await store.put({
    ...record,
    owner: PUBLIC,
    ...(held?.seq === undefined ? {} : { seq: held.seq }),
    ...(by === undefined ? {} : { by }),
  });
}

/** A purchase of the account (what it owns), under the account. */
export async function setPurchase(
  l: AccountLanding,
  key: string,
  record: AccountRecordOf<'purchase'>,
) {
  const store = l.tx.objectStore('purchases');
  if (record === null) {
    if ((await store.get(key))?.owner === l.owner) await undoCheckout(l.tx, l.owner, key);
    return;
  }
  if (record.id === key) await store.put({ ...record, owner: l.owner });
}

const isOutboxKind = (kind: string): kind is OutboxKind =>
  (OUTBOX_KINDS as readonly string[]).includes(kind);

/** A message the account stored (its delivery reads as sent: the server has it). */
async function setMessage(l: AccountLanding, key: string, record: AccountRecordOf<'message'>) {
  const store = l.tx.objectStore('outbox');
  if (record === null) {
    if ((await store.get(key))?.owner === l.owner && !l.waiting.has(`message:${key}`)) {
      await store.delete(key);
    }
    return;
  }
  if (!key || !isOutboxKind(record.kind)) return;
  await store.put({
    id: key,
    kind: record.kind,
    at: record.at,
    fields: record.fields,
    owner: l.owner,
  });
}

/** Lands one entry of the account's log, its record already checked. */
export async function landAccountEntry(
  l: AccountLanding,
  topic: AccountTopic,
  key: string,
  record: unknown,
): Promise<void> {
  switch (topic) {
    case 'favourite': {
      const itemId = idOf(key);
      if (itemId !== null) await setFavourite(l, itemId, record !== null);
      return;
    }
    case 'follow': {
      const creatorId = idOf(key);
      if (creatorId !== null) await setFollow(l, creatorId, record !== null);
      return;
    }
    case 'profile': {
      const section = record as AccountRecordOf<'profile'>;
      return setProfileSection(l, key, section?.fields ?? null, section?.version);
    }
    case 'bid':
      return setBid(l, key, record as AccountRecordOf<'bid'>, true);
    case 'offer-received':
      return setBid(l, key, record as AccountRecordOf<'offer-received'>, false);
    case 'purchase':
      return setPurchase(l, key, record as AccountRecordOf<'purchase'>);
    case 'upload':
      // The public log deletes an item the device holds; an upload's own entry only adds.
      if (record !== null && idOf(key) !== null) {
        l.uploads.push({ seq: 0, topic: 'item', key, data: record });
      }
      return;
    case 'message':
      return setMessage(l, key, record as AccountRecordOf<'message'>);
    case 'saved-search':
      await setSavedSearch(l, key, record as AccountRecordOf<'saved-search'>);
      return;
    case 'notification': {
      const id = idOf(key);
      const notification = record as AccountRecordOf<'notification'>;
      if (id !== null) await putNotification(l.tx, l.owner, id, notification, l.waiting);
      return;
    }
  }
}
