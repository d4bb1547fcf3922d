// The account's notifications on the device (docs/product.md "Notifications"): what the account
// channel brought (landed by notification-records.ts), kept per account ([owner, id]: another
// account on the device never reads them). Marking read changes the device at once and waits
// in the outbox as `notification-read` or `notifications-read`, so it works offline and every
// device of the account sees it read.
import * as v from 'valibot';
import {
  NotificationSchema,
  type Notification,
  type NotificationsPage,
} from '@shared/notifications';
import type { ApiResult } from '../contract/data-access';
import { serverIdOfOwner, type Owner } from '../owner';
import type { DeviceContext } from './context';
import { runWrite, sharedRead } from './db';
import { unowned } from './readers';
import { below, putNotification, readAllKey } from './notification-records';
import { afterQueued, queueIn } from './queue';

/** A page of the account's notifications when the caller names no size. */
const PAGE_DEFAULT = 20;

const isNotification = (value: unknown): value is Notification => v.is(NotificationSchema, value);

/** Only an account of the server has notifications; nobody signed in has none. */
const hasInbox = (owner: Owner) => serverIdOfOwner(owner) !== null;

/** A page of the signed-in account's notifications, newest first, older than `before`. */
export async function listNotifications(
  ctx: DeviceContext,
  before?: number,
  limit = PAGE_DEFAULT,
): Promise<{ notifications: Notification[]; next: number | null }> {
  const owner = ctx.owner();
  const none = { notifications: [], next: null };
  if (!hasInbox(owner) || typeof indexedDB === 'undefined') return none;
  const size = Math.max(1, Math.floor(limit));
  const found: Notification[] = [];
  let more = false;
  try {
    const store = (await ctx.db.get()).transaction('notifications').store;
    for (
      let cursor = await store.openCursor(below(owner, before), 'prev');
      cursor;
      cursor = await cursor.continue()
    ) {
      if (!isNotification(cursor.value)) continue;
      if (found.length === size) {
        more = true;
        break;
      }
      found.push(unowned(cursor.value));
    }
  } catch (error) {
    console.warn('Artmint: could not read the notifications on this device.', error);
    return none;
  }
  return { notifications: found, next: more ? (found.at(-1)?.id ?? null) : null };
}

/**
 * "Load older" past what the device holds: asks the server (`ask`) for the signed-in account's
 * notifications older than id `before` and keeps them on the device as the account channel's
 * (a read of this device still waiting keeps one read), so that they are marked read, and shown
 * offline, as the rest. Answers them, newest first, with `next` null when the server has none
 * older; nothing is asked while nobody is signed in.
 */
export async function landOlderNotifications(
  ctx: DeviceContext,
  ask: (before: number, limit?: number) => Promise<ApiResult<NotificationsPage>>,
  before: number,
  limit = PAGE_DEFAULT,
): Promise<ApiResult<{ notifications: Notification[]; next: number | null }>> {
  const owner = ctx.owner();
  if (!hasInbox(owner)) return { kind: 'signed-out' };
  const asked = await ask(before, Math.max(1, Math.floor(limit)));
  if (asked.kind !== 'ok') return asked;
  // Only what is older than asked (a server's page is trusted no further); kept under the owner
  // who asked, should the session change while the server answered.
  const page = asked.value.notifications.filter((n) => n.id < before);
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['notifications', 'mutations'], 'readwrite');
    const queued = await tx.objectStore('mutations').index('owner').getAll(owner);
    const waiting = new Set(queued.filter((m) => m.state === 'waiting').map((m) => m.key));
    for (const n of page) await putNotification(tx, owner, n.id, n, waiting);
    await tx.done;
  });
  const next = asked.value.next === null ? null : (page.at(-1)?.id ?? null);
  return { kind: 'ok', value: { notifications: page, next } };
}

/** How many of the signed-in account's notifications on the device are unread. */
export function unreadNotifications(ctx: DeviceContext): Promise<number> {
  const owner = ctx.owner();
  if (!hasInbox(owner) || typeof indexedDB === 'undefined') return Promise.resolve(0);
  return sharedRead(ctx.db, `unread notifications:${owner}`, async () => {
    try {
      const index = (await ctx.db.get()).transaction('notifications').store.index('owner');
      const all = await index.getAll(IDBKeyRange.only(owner));
      return all.filter((n) => isNotification(n) && !n.read).length;
    } catch {
      return 0;
    }
  });
}

/** Marks notification `id` of the signed-in account read, and queues `notification-read`. */
export async function markNotificationRead(ctx: DeviceContext, id: number): Promise<void> {
  const owner = ctx.owner();
  if (!hasInbox(owner)) return;
  const queued = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['notifications', 'mutations'], 'readwrite');
    const store = tx.objectStore('notifications');
    const held = await store.get([owner, id]);
    if (!held || held.read) {
      await tx.done;
      return false;
    }
    await Promise.all([
      store.put({ ...held, read: true }),
      queueIn(ctx, tx, owner, {
        kind: 'notification-read',
        args: { id },
        key: `notification:${id}`,
        label: 'Mark a notification read',
      }),
      tx.done,
    ]);
    return true;
  });
  if (queued) afterQueued(undefined);
}

/** Marks every notification the device holds of the signed-in account read, and queues
 * `notifications-read` up to the newest one held. */
export async function markAllNotificationsRead(ctx: DeviceContext): Promise<void> {
  const owner = ctx.owner();
  if (!hasInbox(owner)) return;
  const queued = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['notifications', 'mutations'], 'readwrite');
    const store = tx.objectStore('notifications');
    const all = (await store.index('owner').getAll(IDBKeyRange.only(owner))).filter(isNotification);
    const unread = all.filter((n) => !n.read);
    const upTo = Math.max(0, ...all.map((n) => n.id));
    if (unread.length === 0 || upTo === 0) {
      await tx.done;
      return false;
    }
    await Promise.all([
      ...unread.map((n) => store.put({ ...n, read: true, owner })),
      queueIn(ctx, tx, owner, {
        kind: 'notifications-read',
        args: { upTo },
        key: readAllKey(upTo),
        label: 'Mark all notifications read',
      }),
      tx.done,
    ]);
    return true;
  });
  if (queued) afterQueued(undefined);
}
