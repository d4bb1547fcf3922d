// The account's notifications as the server has them, landed in the device store (the account
// channel's `notification` topic and the newest page read with the whole account: sync/
// account-land.ts, account-apply.ts), per account, its newest NOTIFICATIONS_KEPT; a read of this
// device that still waits keeps one read. Apart from notifications.ts (the inbox's reads and
// marks), so the sync engine's first code carries only this.
import { NOTIFICATIONS_KEPT, type Notification } from '@shared/notifications';
import type { Owner } from '../owner';
import type { WriteTx } from './write-tx';

/** The largest id a notification can have (shared/notifications.ts). */
const ID_MAX = Number.MAX_SAFE_INTEGER;

/** The key range of `owner`'s notifications below `before` (none: all of them). */
export function below(owner: Owner, before?: number): IDBKeyRange {
  return before === undefined
    ? IDBKeyRange.bound([owner, 0], [owner, ID_MAX])
    : IDBKeyRange.bound([owner, 0], [owner, before], false, true);
}

/** The outbox key of a waiting `notifications-read` ends with its `upTo`. */
const READ_ALL_KEY = 'notifications-read:';

/** The outbox key of `notifications-read` up to `upTo`. */
export const readAllKey = (upTo: number) => `${READ_ALL_KEY}${upTo}`;

/** Whether this device's waiting changes (their outbox keys) mark notification `id` read. */
export function readWaits(waiting: ReadonlySet<string>, id: number): boolean {
  if (waiting.has(`notification:${id}`)) return true;
  for (const key of waiting) {
    if (key.startsWith(READ_ALL_KEY) && Number(key.slice(READ_ALL_KEY.length)) >= id) return true;
  }
  return false;
}

/** Lands `owner`'s notification as the server has it (null: gone); a read this device has not
 * pushed yet keeps it read. */
export async function putNotification(
  tx: WriteTx,
  owner: Owner,
  id: number,
  record: Notification | null,
  waiting: ReadonlySet<string>,
): Promise<void> {
  const store = tx.objectStore('notifications');
  if (record === null) return store.delete([owner, id]);
  if (record.id !== id) return;
  const read = record.read || readWaits(waiting, id);
  await store.put({ ...record, read, owner });
}

/**
 * The whole of `owner`'s notifications from the newest page the server sent (`page`, newest
 * first; `complete`: no older ones): each lands, and one the device holds within the page's
 * range (or any, when the page is complete) that the page lacks is gone on the server.
 */
export async function putNotificationPage(
  tx: WriteTx,
  owner: Owner,
  page: readonly Notification[],
  complete: boolean,
  waiting: ReadonlySet<string>,
): Promise<void> {
  const store = tx.objectStore('notifications');
  const oldest = complete ? 0 : Math.min(...page.map((n) => n.id));
  if (Number.isFinite(oldest)) {
    const sent = new Set(page.map((n) => n.id));
    const held = await store.getAllKeys(IDBKeyRange.bound([owner, oldest], [owner, ID_MAX]));
    for (const key of held) if (!sent.has(key[1])) await store.delete(key);
  }
  for (const n of page) await putNotification(tx, owner, n.id, n, waiting);
}

/** Keeps the newest NOTIFICATIONS_KEPT notifications of `owner`; older ones go. */
export async function trimNotifications(tx: WriteTx, owner: Owner): Promise<void> {
  const store = tx.objectStore('notifications');
  const extra = (await store.index('owner').count(IDBKeyRange.only(owner))) - NOTIFICATIONS_KEPT;
  if (extra <= 0) return;
  const oldest = await store.getAllKeys(below(owner), extra);
  for (const key of oldest) await store.delete(key);
}
