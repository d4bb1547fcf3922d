// The one path by which the server's word reaches the device store (docs/architecture.md 14): the
// changes of a pull and the results of a push land here, in one transaction with the cursor.
// A refused write is rolled back to the server's truth and kept, with its reason, for the panel.
import { isActivityEntry, isBid, isCreator, isObject } from '../schemas';
import { type DbHandle, runWrite } from '../device/db';
import { CURSOR_KEY, type ArtmintDb } from '../device/schema';
import { isRemoteItem } from '../device/remote';
import { PUBLIC, type Owner } from '../owner';
import { likeActivityId } from '../device/activity';
import { IDB_IMAGE_PREFIX } from '../records';
import { SYNCED_KEEP, type QueuedMutation } from '../core/outbox';
import { syncSpan } from './timing';
import { WorkingSet, protectedCreators, protectedItems, trimWorkingSet } from './working-set';
import {
  KEPT_ACTIVITY,
  KEPT_BIDS_PER_ITEM,
  type Change,
  type PushResult,
  type RefusalCode,
} from '@shared/protocol';

export interface ServerWord {
  changes?: readonly Change[];
  /**
   * The changes come from the change log (a pull, the live stream): an item this device does not
   * hold is stored only when it is new (working-set.ts), a bid only for an item it holds, and no
   * item counts as seen. Without it (a snapshot page, a list, an opened item) every record is
   * stored and its items count as seen now.
   */
  fromLog?: boolean;
  results?: readonly PushResult[];
  /** The newest sequence the device now has. */
  cursor?: number;
  /** ISO time recorded on mutations the answer settles. */
  at: string;
}

const STORES = [
  'remoteItems',
  'remoteCreators',
  'bids',
  'purchases',
  'activity',
  'favourites',
  'follows',
  'account',
  'items',
  'mutations',
  'syncMeta',
] as const;
export type Tx = ReturnType<typeof openTx>;
function openTx(db: ArtmintDb) {
  return db.transaction([...STORES], 'readwrite');
}

const FALLBACK_ERRORS: Record<RefusalCode, string> = {
  invalid: 'The server could not accept this change: check it and make it again.',
  'not-found': 'This no longer exists on the server.',
  forbidden: 'Only the owner can make this change.',
  outbid: 'Someone bid higher while you were offline: bid again.',
  'too-low': 'The amount was below the minimum: make it again with a higher amount.',
  ended: 'The sale had ended before this reached the server.',
  sold: 'This item was already sold.',
  unlisted: 'Its owner took this item off sale.',
  conflict: 'This clashed with a newer change on the server: make it again.',
  version: 'This app is out of date: reload to update, then make the change again.',
};

/**
 * An item the server sends with no end (ends_at NULL: an upload without an end date) carries a
 * null liveDate and date; on the device such an item has an empty liveDate and no date, as one
 * made on the device has (new-item.ts), and shows no countdown.
 */
function withoutNullEnd(data: unknown): unknown {
  if (!isObject(data) || (data.liveDate !== null && data.date !== null)) return data;
  const { date, ...rest } = data;
  return {
    ...rest,
    liveDate: data.liveDate ?? '',
    ...(date === null || date === undefined ? {} : { date }),
  };
}

/** The sequence of a stored record's last change (none: before sequences were kept). */
function seqOf(record: unknown): number {
  return isObject(record) && typeof record.seq === 'number' ? record.seq : -1;
}

/** What applying one word needs beside its changes. */
interface Landing {
  /** This device's uploads not yet replaced by the server's copy: image key → local id. */
  localImages: Map<string, number>;
  /** The word comes from the change log (ServerWord.fromLog). */
  fromLog: boolean;
  /** When its items count as seen (ms). */
  seenAt: number;
  working: WorkingSet;
}

async function applyChange(tx: Tx, change: Change, landing: Landing) {
  const { topic, key, data, seq } = change;
  if (topic === 'item') {
    const id = Number(key);
    const store = tx.objectStore('remoteItems');
    const held = await store.get(id);
    if (seqOf(held) > seq) return; // Never backwards.
    if (data === null) await store.delete(id);
    else {
      const item = withoutNullEnd(data);
      if (!isRemoteItem(item)) return;
      const own = [...landing.localImages].filter(([imageKey]) => item.image.includes(imageKey));
      if (landing.fromLog && !held && own.length === 0 && !(await landing.working.isNew(id))) {
        return; // Not in the working set: the lists ask the server for it.
      }
      const seenAt = landing.fromLog ? (held?.seenAt ?? landing.seenAt) : landing.seenAt;
      await store.put({ ...item, seq, seenAt });
      landing.working.stored(id);
      // Our own upload, now on the server: its device copy steps aside.
      for (const [, localId] of own) await tx.objectStore('items').delete(localId);
    }
  } else if (topic === 'creator') {
    const id = Number(key);
    const store = tx.objectStore('remoteCreators');
    const held = await store.get(id);
    if (seqOf(held) > seq) return;
    if (data === null) await store.delete(id);
    else if (isCreator(data)) {
      if (landing.fromLog && !held && !(await landing.working.keepsCreator(id))) return;
      await store.put({ ...data, seq });
      landing.working.storedCreator(id);
    }
  } else if (topic === 'bid') {
    const store = tx.objectStore('bids');
    const held = await store.get(key);
    if (seqOf(held) > seq) return;
    if (data === null) await store.delete(key);
    else if (isBid(data)) {
      if (landing.fromLog && !held && !(await landing.working.holds(data.itemId))) return;
      // Everyone's (the device's own copy of the bid, under the same id, steps aside); a bid
      // this device made stays marked as its collector's, so trimming never takes it.
      const by = held && held.owner !== PUBLIC ? held.owner : held?.by;
      await store.put({ ...data, owner: PUBLIC, seq, ...(by === undefined ? {} : { by }) });
    }
  } else if (topic === 'activity') {
    const store = tx.objectStore('activity');
    if (seqOf(await store.get([PUBLIC, key])) > seq) return;
    if (data === null) await store.delete([PUBLIC, key]);
    else if (isActivityEntry(data)) await store.put({ ...data, owner: PUBLIC, seq });
  }
}

const byNewest = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * What the device keeps of the public history (docs/sync.md "Snapshot"): the newest
 * KEPT_BIDS_PER_ITEM bids of each item the changes touched, beside this device's own, and the
 * newest KEPT_ACTIVITY public activity entries (trimmed once they pass it by a margin, so a
 * batch does not read them all).
 */
async function trim(tx: Tx, changes: readonly Change[]) {
  const items = new Set<number>();
  let activity = false;
  for (const change of changes) {
    if (change.topic === 'activity') activity = true;
    if (change.topic === 'bid' && isObject(change.data) && typeof change.data.itemId === 'number') {
      items.add(change.data.itemId);
    }
  }
  const bids = tx.objectStore('bids');
  for (const itemId of items) {
    const shared = (await bids.index('itemId').getAll(itemId)).filter(
      (bid) => bid.owner === PUBLIC && bid.by === undefined,
    );
    if (shared.length <= KEPT_BIDS_PER_ITEM) continue;
    for (const bid of shared.sort(byNewest).slice(KEPT_BIDS_PER_ITEM)) await bids.delete(bid.id);
  }
  if (!activity) return;
  const entries = tx.objectStore('activity');
  const count = await entries.index('owner').count(PUBLIC);
  if (count <= KEPT_ACTIVITY + ACTIVITY_TRIM_MARGIN) return;
  const shared = await entries.index('owner').getAll(PUBLIC);
  for (const entry of shared.sort(byNewest).slice(KEPT_ACTIVITY)) {
    await entries.delete([PUBLIC, entry.id]);
  }
}

/** Public activity kept past KEPT_ACTIVITY before a trim. */
const ACTIVITY_TRIM_MARGIN = 50;

/** Undoes a refused write on the device, among the records of the account that made it;
 * later waiting writes of the same record win. */
async function rollBack(tx: Tx, m: QueuedMutation, laterWaiting: boolean, at: string) {
  const { owner } = m;
  switch (m.kind) {
    case 'bid':
      await tx.objectStore('bids').delete(m.id);
      await tx.objectStore('activity').delete([owner, `bid-${m.id}`]);
      return;
    case 'checkout':
      await tx.objectStore('purchases').delete(m.id);
      await tx.objectStore('activity').delete([owner, `purchase-${m.id}`]);
      return;
    case 'favourite': {
      if (laterWaiting) return;
      const { itemId } = m.args;
      if (m.args.on) {
        await tx.objectStore('favourites').delete([owner, itemId]);
        await tx.objectStore('activity').delete([owner, `like-${itemId}`]);
      } else await tx.objectStore('favourites').put({ itemId, at, owner });
      return;
    }
    case 'follow': {
      if (laterWaiting) return;
      const { creatorId } = m.args;
      if (m.args.on) {
        await tx.objectStore('follows').delete([owner, creatorId]);
        await tx.objectStore('activity').delete([owner, `follow-${creatorId}`]);
      } else await tx.objectStore('follows').put({ creatorId, at, owner });
      return;
    }
    case 'item': {
      const localId = Number(m.key.slice('item:'.length));
      if (Number.isInteger(localId)) await tx.objectStore('items').delete(localId);
      return;
    }
    default:
      // Profile, creator profile and messages: what was typed stays on the device.
      return;
  }
}

async function settle(tx: Tx, results: readonly PushResult[], at: string) {
  const store = tx.objectStore('mutations');
  const all = (await store.getAll()).filter((m): m is QueuedMutation => isObject(m));
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const result of results) {
    const m = byId.get(result.id);
    if (!m || m.state !== 'waiting') continue;
    if (result.status === 'applied') {
      await store.put({ ...m, state: 'synced', doneAt: at });
      continue;
    }
    const error = result.error || FALLBACK_ERRORS[result.code];
    await store.put({ ...m, state: 'refused', doneAt: at, code: result.code, error });
    const laterWaiting = all.some((o) => o.key === m.key && o.id > m.id && o.state === 'waiting');
    await rollBack(tx, m, laterWaiting, at);
  }
  // Keep the newest synced changes only.
  const synced = (await store.getAll()).filter((m) => m.state === 'synced');
  const extra = synced.length - SYNCED_KEEP;
  for (const m of synced.slice(0, Math.max(0, extra))) await store.delete(m.id);
}

/** Applies what the server said (pulled changes, push results, the cursor) in one transaction. */
export function applyServerWord(handle: DbHandle, word: ServerWord): Promise<void> {
  return syncSpan('apply', () => applyWord(handle, word));
}

function applyWord(handle: DbHandle, word: ServerWord): Promise<void> {
  return runWrite(handle, async (db) => {
    const tx = openTx(db);
    const done = tx.done;
    if (word.results?.length) await settle(tx, word.results, word.at);
    if (word.changes?.length) {
      const localImages = new Map<string, number>();
      for (const item of await tx.objectStore('items').getAll()) {
        if (isObject(item) && typeof item.image === 'string') {
          if (item.image.startsWith(IDB_IMAGE_PREFIX)) {
            localImages.set(item.image.slice(IDB_IMAGE_PREFIX.length), item.id);
          }
        }
      }
      const landing: Landing = {
        localImages,
        fromLog: word.fromLog === true,
        seenAt: Date.parse(word.at) || 0,
        working: new WorkingSet(tx),
      };
      for (const change of word.changes) await applyChange(tx, change, landing);
      await trim(tx, word.changes);
      await trimWorkingSet(tx);
    }
    if (word.cursor !== undefined) {
      const meta = tx.objectStore('syncMeta');
      const current = await meta.get(CURSOR_KEY);
      const previous = typeof current === 'number' ? current : 0;
      await meta.put(Math.max(previous, word.cursor), CURSOR_KEY);
    }
    await done;
  });
}

/**
 * The favourites of `owner` as the server has them (GET /api/me, newest first: own-favourites.ts):
 * one made on another device is added, one taken off there is removed (with its activity
 * entry); an item with a waiting favourite change of this device keeps the device's word, which
 * the push carries. The added ones are stamped `at`, a millisecond apart in the server's order.
 * Returns whether anything changed.
 */
export function applyFavourites(
  handle: DbHandle,
  owner: Owner,
  itemIds: readonly number[],
  at: string,
): Promise<boolean> {
  return runWrite(handle, async (db) => {
    const tx = db.transaction(['favourites', 'activity', 'mutations'], 'readwrite');
    const done = tx.done;
    const waiting = new Set<string>();
    for (const m of await tx.objectStore('mutations').index('owner').getAll(owner)) {
      if (isObject(m) && m.state === 'waiting' && typeof m.key === 'string') waiting.add(m.key);
    }
    const settled = (itemId: number) => !waiting.has(`favourite:${itemId}`);
    const favourites = tx.objectStore('favourites');
    const held = new Set((await favourites.index('owner').getAll(owner)).map((f) => f.itemId));
    const onServer = new Set(itemIds);
    const base = Date.parse(at) || 0;
    let changed = false;
    for (const [index, itemId] of itemIds.entries()) {
      if (held.has(itemId) || !settled(itemId)) continue;
      await favourites.put({ itemId, at: new Date(base - index).toISOString(), owner });
      changed = true;
    }
    for (const itemId of held) {
      if (onServer.has(itemId) || !settled(itemId)) continue;
      await favourites.delete([owner, itemId]);
      await tx.objectStore('activity').delete([owner, likeActivityId(itemId)]);
      changed = true;
    }
    await done;
    return changed;
  });
}

/**
 * Ends a snapshot whose first page was current at `base` (docs/sync.md "Snapshot"), in one
 * transaction: public records older than `base` were not in it, so the server no longer has
 * them, and they go, unless a waiting change of this device is about them (the collector's
 * own records are in stores of their own and are never touched); the device then follows the
 * log from `base`.
 */
export function finishSnapshot(handle: DbHandle, base: number): Promise<number> {
  return syncSpan('finish-snapshot', () => removeStale(handle, base));
}

/** Removes what the snapshot no longer had; returns how many records went. */
function removeStale(handle: DbHandle, base: number): Promise<number> {
  return runWrite(handle, async (db) => {
    let removed = 0;
    const tx = openTx(db);
    const done = tx.done;
    const waiting = new Set<string>();
    for (const m of await tx.objectStore('mutations').getAll()) {
      if (isObject(m) && m.state === 'waiting' && typeof m.key === 'string') waiting.add(m.key);
    }
    const stale = (record: unknown) => seqOf(record) < base;
    const items = tx.objectStore('remoteItems');
    // The collector's own (favourites, bids, purchases, waiting changes) stay, as their stores do.
    const kept = await protectedItems(tx);
    for (const item of await items.getAll()) {
      if (stale(item) && !kept.has(item.id)) {
        await items.delete(item.id);
        removed += 1;
      }
    }
    const creators = tx.objectStore('remoteCreators');
    // Those a collector here follows and the accounts' own stay too (the snapshot carries the
    // creators the home page shows, not every creator).
    const keptCreators = await protectedCreators(tx);
    for (const creator of await creators.getAll()) {
      if (stale(creator) && !waiting.has(`follow:${creator.id}`) && !keptCreators.has(creator.id)) {
        await creators.delete(creator.id);
        removed += 1;
      }
    }
    const bids = tx.objectStore('bids');
    for (const bid of await bids.index('owner').getAll(PUBLIC)) {
      if (stale(bid) && bid.by === undefined) {
        await bids.delete(bid.id);
        removed += 1;
      }
    }
    const activity = tx.objectStore('activity');
    for (const entry of await activity.index('owner').getAll(PUBLIC)) {
      if (stale(entry)) {
        await activity.delete([PUBLIC, entry.id]);
        removed += 1;
      }
    }
    await tx.objectStore('syncMeta').put(base, CURSOR_KEY);
    await done;
    return removed;
  });
}

/** The device's cursor; null when it has none (it never pulled: it starts from the snapshot). */
export async function readStoredCursor(handle: DbHandle): Promise<number | null> {
  const value = await (await handle.get()).get('syncMeta', CURSOR_KEY);
  return typeof value === 'number' ? value : null;
}

export async function readCursor(handle: DbHandle): Promise<number> {
  try {
    const value = await (await handle.get()).get('syncMeta', CURSOR_KEY);
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}
