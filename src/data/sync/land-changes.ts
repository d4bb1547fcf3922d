// The changes of a pull, a live batch, a snapshot page or an opened item, landed in the device
// store by topic (item, creator, bid, activity), never backwards, then the public history trimmed.
import { isActivityEntry, isBid, isCreator, isObject } from '../schemas';
import { isRemoteItem } from '../device/remote';
import { CURSOR_KEY } from '../device/schema';
import { PUBLIC } from '../owner';
import { IDB_IMAGE_PREFIX } from '../records';
import type { Change, ChangeTopic } from '@shared/protocol';
import { NotKept } from './not-kept';
import { seqOf, type Tx } from './store-tx';
import { trim } from './trim';
import { UNSEEN, WorkingSet, trimCreators, trimWorkingSet } from './working-set';

/** What landing one word's changes needs beside them. */
interface Landing {
  /** This device's uploads not yet replaced by the server's copy: image key → local id. */
  localImages: Map<string, number>;
  /** The word comes from the change log (ServerWord.fromLog, apply.ts). */
  fromLog: boolean;
  /** The word is an answer read at this sequence (ServerWord.readAt, apply.ts). */
  readAt: number | undefined;
  notKept: NotKept;
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

/**
 * Whether a record the device does not hold may land from this word: always from the log or a
 * snapshot page; from an answer read at `readAt` (a list, an opened item), only when no entry of
 * the record the device did not keep (not-kept.ts) is newer than the answer.
 */
async function mayLand(landing: Landing, topic: ChangeTopic, key: string): Promise<boolean> {
  return landing.readAt === undefined || landing.notKept.allows(topic, key, landing.readAt);
}

/** A deletion, remembered so that an older copy does not bring the record back. */
async function gone(
  landing: Landing,
  deleting: Promise<unknown>,
  topic: ChangeTopic,
  key: string,
  seq: number,
): Promise<void> {
  await deleting;
  await landing.notKept.remember(topic, key, seq);
}

async function landItem(tx: Tx, { key, data, seq }: Change, landing: Landing) {
  const id = Number(key);
  const store = tx.objectStore('remoteItems');
  const held = await store.get(id);
  if (seqOf(held) > seq) return; // Never backwards.
  if (!held && !(await mayLand(landing, 'item', key))) return;
  if (data === null) return gone(landing, store.delete(id), 'item', key, seq);
  const item = withoutNullEnd(data);
  if (!isRemoteItem(item)) return;
  const own = [...landing.localImages].filter(([imageKey]) => item.image.includes(imageKey));
  if (landing.fromLog && !held && own.length === 0 && !(await landing.working.isNew(id))) {
    // Not in the working set: the lists ask the server for it.
    return landing.notKept.remember('item', key, seq);
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
  if (!held && !(await mayLand(landing, 'creator', key))) return;
  if (data === null) return gone(landing, store.delete(id), 'creator', key, seq);
  if (!isCreator(data)) return;
  if (landing.fromLog && !held && !(await landing.working.keepsCreator(id))) {
    return landing.notKept.remember('creator', key, seq);
  }
  const seenAt = landing.fromLog ? (held?.seenAt ?? UNSEEN) : landing.seenAt;
  await store.put({ ...data, seq, seenAt });
  landing.working.storedCreator(id);
}

async function landBid(tx: Tx, { key, data, seq }: Change, landing: Landing) {
  const store = tx.objectStore('bids');
  const held = await store.get(key);
  if (seqOf(held) > seq) return;
  if (!held && !(await mayLand(landing, 'bid', key))) return;
  if (data === null) return gone(landing, store.delete(key), 'bid', key, seq);
  if (!isBid(data)) return;
  if (landing.fromLog && !held && !(await landing.working.holds(data.itemId))) {
    return landing.notKept.remember('bid', key, seq);
  }
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
 * Lands `changes` in order (`fromLog`: from the change log, ServerWord.fromLog; `readAt`: an
 * answer's, ServerWord.readAt; `at`: when their items count as seen), then trims the public
 * history and the working set (items and creators).
 */
export async function landChanges(
  tx: Tx,
  changes: readonly Change[],
  { fromLog, readAt, at }: { fromLog: boolean; readAt?: number; at: string },
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
    readAt,
    notKept: new NotKept(tx),
    seenAt: Date.parse(at) || 0,
    working: new WorkingSet(tx),
  };
  for (const change of changes) {
    // A topic this version does not know is left alone.
    if (Object.hasOwn(LAND, change.topic)) await LAND[change.topic](tx, change, landing);
  }
  await trim(tx, changes);
  const trimmed = (await trimWorkingSet(tx)) + (await trimCreators(tx));
  if (trimmed > 0) {
    // What went was not remembered one by one: an answer older than what the device held
    // lands only what it still holds.
    const cursor = await tx.objectStore('syncMeta').get(CURSOR_KEY);
    const newest = Math.max(typeof cursor === 'number' ? cursor : 0, ...changes.map((c) => c.seq));
    await landing.notKept.startAt(newest);
  }
  await landing.notKept.save();
}
