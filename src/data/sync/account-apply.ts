// The signed-in account's own records (docs/sync.md "The account's own records on every
// device"), landed in the device store: a batch of its log (a pull of GET /api/me/changes or the
// live stream's 'mine' event) or the whole of GET /api/me, each in one transaction with the
// account's cursor. Every record is checked against its topic's schema (accountRecord) and one
// that does not match is skipped; records under other owners are never touched.
import { type DbHandle, runWrite } from '../device/db';
import { accountCursorKey } from '../device/meta';
import { putNotificationPage, trimNotifications } from '../device/notification-records';
import type { Owner } from '../owner';
import { isObject } from '../schemas';
import { accountRecord, type AccountChange } from '@shared/account-channel';
import type { Answer } from '@shared/answers';
import { watchKey } from '@shared/watch';
import type { NotificationsPage } from '@shared/notifications';
import {
  landAccountEntry,
  setBid,
  setFavourite,
  setFollow,
  setProfileSection,
  setPurchase,
  setSavedSearch,
  waitingKeys,
  type AccountLanding,
} from './account-land';
import { landChanges } from './land-changes';
import { openTx, type Tx } from './store-tx';
import { syncSpan } from './timing';

/** Runs `land` in one transaction of the server's word, for `owner`; the uploads it gathered
 * land after it, as an opened item's record does (seen now, their device copies stepping aside),
 * and the account keeps its newest notifications only. */
function inAccountTx<T>(
  handle: DbHandle,
  owner: Owner,
  at: string,
  land: (l: AccountLanding, tx: Tx) => Promise<T>,
): Promise<T> {
  return runWrite(handle, async (db) => {
    const tx = openTx(db);
    const done = tx.done;
    let tick = 0;
    const base = Date.parse(at) || 0;
    const landing: AccountLanding = {
      tx,
      owner,
      waiting: await waitingKeys(tx, owner),
      stamp: () => new Date(base + tick++).toISOString(),
      uploads: [],
    };
    const result = await land(landing, tx);
    if (landing.uploads.length > 0) {
      await landChanges(tx, landing.uploads, { fromLog: false, at });
    }
    await trimNotifications(tx, owner);
    await done;
    return result;
  });
}

export interface AccountBatch {
  owner: Owner;
  /** Entries of the account's log, oldest first. */
  changes: readonly AccountChange[];
  /** The account's cursor once they have landed. */
  cursor: number;
  at: string;
}

/**
 * Lands the entries of `owner`'s log after the device's account cursor and moves the cursor to
 * `batch.cursor` (never back), in one transaction. Returns how many entries landed.
 */
export function applyAccountChanges(handle: DbHandle, batch: AccountBatch): Promise<number> {
  return syncSpan('apply', () =>
    inAccountTx(handle, batch.owner, batch.at, async (l, tx) => {
      const meta = tx.objectStore('syncMeta');
      const key = accountCursorKey(batch.owner);
      const stored = await meta.get(key);
      const since = typeof stored === 'number' ? stored : 0;
      let landed = 0;
      for (const change of batch.changes) {
        if (change.seq <= since) continue; // Landed before (another tab, a pull and the stream).
        const record = accountRecord(change.topic, change.data);
        if (record === undefined) continue; // Not the topic's record: skipped.
        await landAccountEntry(l, change.topic, change.key, record);
        landed += 1;
      }
      await meta.put(Math.max(since, batch.cursor), key);
      return landed;
    }),
  );
}

/** GET /api/me's answer, as the device reads it (shared/answers.ts). */
export type AccountWhole = Answer<'me'>;

/**
 * Lands GET /api/me as the whole of `owner`'s records: favourites, follows and watched searches
 * become the server's lists (one made elsewhere added, stamped a millisecond apart in the
 * server's newest-first order; one taken off elsewhere removed), its profile sections, bids and
 * purchases land, and the newest page of its notifications (GET /api/notifications, when the server has
 * an inbox); a record of a waiting change of this device keeps the device's word. The account's
 * cursor becomes the answer's (a reset may move it back); none: the server keeps no log of the
 * account, and the device keeps no cursor.
 */
export function applyAccountWhole(
  handle: DbHandle,
  owner: Owner,
  me: AccountWhole,
  at: string,
  inbox?: NotificationsPage,
): Promise<void> {
  const stamped = me.favourites.length + me.follows.length + (me.savedSearches?.length ?? 0);
  const newestFirst = Date.parse(at) - stamped;
  return syncSpan('apply', () =>
    inAccountTx(handle, owner, new Date(newestFirst).toISOString(), async (l, tx) => {
      await wholeList(l, 'favourites', [...me.favourites].reverse(), setFavourite);
      await wholeList(l, 'follows', [...me.follows].reverse(), setFollow);
      for (const [section, fields] of Object.entries(me.profile)) {
        // With its version: the device's next save of the section is based on it.
        if (isObject(fields)) {
          await setProfileSection(l, section, fields, me.profileVersions?.[section]);
        }
      }
      for (const bid of me.bids) {
        const record = accountRecord('bid', bid);
        if (record) await setBid(l, record.id, record, true);
      }
      for (const purchase of me.purchases) {
        const record = accountRecord('purchase', purchase);
        if (record) await setPurchase(l, record.id, record);
      }
      if (me.savedSearches) await wholeSearches(l, me.savedSearches);
      if (inbox) {
        const complete = inbox.next === null;
        await putNotificationPage(tx, owner, inbox.notifications, complete, l.waiting);
      }
      const key = accountCursorKey(owner);
      if (me.cursor === undefined) await tx.objectStore('syncMeta').delete(key);
      else await tx.objectStore('syncMeta').put(me.cursor, key);
    }),
  );
}

/** `owner`'s watched searches become the server's `searches` (newest first; one that does not
 * match the topic's schema is skipped). */
async function wholeSearches(l: AccountLanding, searches: readonly unknown[]): Promise<void> {
  const onServer = new Set<string>();
  for (const search of [...searches].reverse()) {
    const record = accountRecord('saved-search', search);
    if (!record) continue;
    const key = watchKey(record);
    onServer.add(key);
    await setSavedSearch(l, key, record);
  }
  const held = await l.tx.objectStore('savedSearches').index('owner').getAllKeys(l.owner);
  for (const [, key] of held) if (!onServer.has(key)) await setSavedSearch(l, key, null);
}

/** `owner`'s favourites (or follows) become `ids` (oldest first, so each added one is stamped
 * after the one before). */
async function wholeList(
  l: AccountLanding,
  store: 'favourites' | 'follows',
  ids: readonly number[],
  set: (l: AccountLanding, id: number, on: boolean) => Promise<boolean>,
): Promise<void> {
  const held = await l.tx.objectStore(store).index('owner').getAllKeys(l.owner);
  const onServer = new Set(ids);
  for (const id of ids) await set(l, id, true);
  for (const [, id] of held as [Owner, number][]) if (!onServer.has(id)) await set(l, id, false);
}
