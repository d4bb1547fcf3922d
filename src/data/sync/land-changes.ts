// The changes of a pull, a live batch, a snapshot page or an opened item, landed in the device
// store by topic (item, creator, bid, activity), never backwards, then the public history trimmed.
import { isActivityEntry, isBid, isCreator, isObject } from '../schemas';
import { isRemoteItem } from '../device/remote';
import { PUBLIC } from '../owner';
import { IDB_IMAGE_PREFIX } from '../records';
import type { Change, ChangeTopic } from '@shared/protocol';
import { seqOf, type Tx } from './store-tx';
import { trim } from './trim';
import { UNSEEN, WorkingSet, trimCreators, trimWorkingSet } from './working-set';

/** What landing one word's changes needs beside them. */
interface Landing {
  /** This device's uploads not yet replaced by the server's copy: image key → local id. */
  localImages: Map<string, number>;
  /** The word comes from the change log (ServerWord.fromLog, apply.ts). */
  fromLog: boolean;
  /** When its items count as seen (ms). */
  seenAt: number;
  working: WorkingSet;
}

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

async function landItem(tx: Tx, { key, data, seq }: Change, landing: Landing) {
  const id = Number(key);
  const store = tx.objectStore('remoteItems');
  const held = await store.get(id);
  if (seqOf(held) > seq) return; // Never backwards.
  if (data === null) return store.delete(id);
  const item = withoutNullEnd(data);
  if (!isRemoteItem(item)) return;
  const own = [...landing.localImages].filter(([imageKey]) => item.image.includes(imageKey));
  if (landing.fromLog && !held && own.length === 0 && !(await landing.working.isNew(id))) {
    return; // Not in the working set: the lists ask the server for it.
  }
  // From the log, a new item nobody here listed or opened counts as unseen (working-set.ts).
  const arrived = own.length > 0 ? landing.seenAt : UNSEEN;
  const seenAt = landing.fromLog ? (held?.seenAt ?? arrived) : landing.seenAt;
  await store.put({ ...item, seq, seenAt });
  landing.working.stored(id);
  // Our own upload, now on the server: its device copy steps aside.
  for (const [, localId] of own) await tx.objectStore('items').delete(localId);
}

async function landCreator(tx: Tx, { key, data, seq }: Change, landing: Landing) {
  const id = Number(key);
  const store = tx.objectStore('remoteCreators');
  const held = await store.get(id);
  if (seqOf(held) > seq) return;
  if (data === null) return store.delete(id);
  if (!isCreator(data)) return;
  if (landing.fromLog && !held && !(await landing.working.keepsCreator(id))) return;
  const seenAt = landing.fromLog ? (held?.seenAt ?? UNSEEN) : landing.seenAt;
  await store.put({ ...data, seq, seenAt });
  landing.working.storedCreator(id);
}

async function landBid(tx: Tx, { key, data, seq }: Change, landing: Landing) {
  const store = tx.objectStore('bids');
  const held = await store.get(key);
  if (seqOf(held) > seq) return;
  if (data === null) return store.delete(key);
  if (!isBid(data)) return;
  if (landing.fromLog && !held && !(await landing.working.holds(data.itemId))) return;
  // Everyone's (the device's own copy of the bid, under the same id, steps aside); a bid
  // this device made stays marked as its collector's, so trimming never takes it.
  const by = held && held.owner !== PUBLIC ? held.owner : held?.by;
  await store.put({ ...data, owner: PUBLIC, seq, ...(by === undefined ? {} : { by }) });
}

async function landActivity(tx: Tx, { key, data, seq }: Change) {
  const store = tx.objectStore('activity');
  if (seqOf(await store.get([PUBLIC, key])) > seq) return;
  if (data === null) return store.delete([PUBLIC, key]);
  if (isActivityEntry(data)) await store.put({ ...data, owner: PUBLIC, seq });
}

const LAND: Record<ChangeTopic, (tx: Tx, change: Change, landing: Landing) => Promise<void>> = {
  item: landItem,
  creator: landCreator,
  bid: landBid,
  activity: landActivity,
};

/**
 * Lands `changes` in order (`fromLog`: from the change log, ServerWord.fromLog; `at`: when their
 * items count as seen), then trims the public history and the working set (items and creators).
 */
export async function landChanges(
  tx: Tx,
  changes: readonly Change[],
  { fromLog, at }: { fromLog: boolean; at: string },
): Promise<void> {
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
    fromLog,
    seenAt: Date.parse(at) || 0,
    working: new WorkingSet(tx),
  };
  for (const change of changes) {
    // A topic this version does not know is left alone.
    if (Object.hasOwn(LAND, change.topic)) await LAND[change.topic](tx, change, landing);
  }
  await trim(tx, changes);
  await trimWorkingSet(tx);
  await trimCreators(tx);
}
