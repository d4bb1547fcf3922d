// The one path by which the server's word reaches the device store (docs/architecture.md 14): the
// changes of a pull and the results of a push land here, in one transaction with the cursor.
// A refused write is rolled back to the server's truth and kept, with its reason, for the panel.
import { isActivityEntry, isBid, isCreator, isObject } from '../schemas';
import type { ArtmintDb, DbHandle } from '../device/db';
import { CURSOR_KEY, runWrite } from '../device/db';
import { isRemoteItem } from '../device/remote';
import { PUBLIC } from '../owner';
import { IDB_IMAGE_PREFIX } from '../records';
import { SYNCED_KEEP, type QueuedMutation } from './outbox';
import type { Change, PushResult, RefusalCode } from './protocol';

export interface ServerWord {
  changes?: readonly Change[];
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
  'items',
  'mutations',
  'syncMeta',
] as const;
type Tx = ReturnType<typeof openTx>;
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

async function applyChange(tx: Tx, change: Change, localImages: Map<string, number>) {
  const { topic, key, data } = change;
  if (topic === 'item') {
    const id = Number(key);
    if (data === null) await tx.objectStore('remoteItems').delete(id);
    else {
      const item = withoutNullEnd(data);
      if (!isRemoteItem(item)) return;
      await tx.objectStore('remoteItems').put(item);
      // Our own upload, now on the server: its device copy steps aside.
      for (const [imageKey, localId] of localImages) {
        if (item.image.includes(imageKey)) await tx.objectStore('items').delete(localId);
      }
    }
  } else if (topic === 'creator') {
    const id = Number(key);
    if (data === null) await tx.objectStore('remoteCreators').delete(id);
    else if (isCreator(data)) await tx.objectStore('remoteCreators').put(data);
  } else if (topic === 'bid') {
    if (data === null) await tx.objectStore('bids').delete(key);
    // Everyone's (the device's own copy of the bid, under the same id, steps aside).
    else if (isBid(data)) await tx.objectStore('bids').put({ ...data, owner: PUBLIC });
  } else if (topic === 'activity') {
    if (data === null) await tx.objectStore('activity').delete([PUBLIC, key]);
    else if (isActivityEntry(data)) {
      await tx.objectStore('activity').put({ ...data, owner: PUBLIC });
    }
  }
}

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
      for (const change of word.changes) await applyChange(tx, change, localImages);
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

export async function readCursor(handle: DbHandle): Promise<number> {
  try {
    const value = await (await handle.get()).get('syncMeta', CURSOR_KEY);
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}
