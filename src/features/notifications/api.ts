// The inbox (docs/product.md "Notifications"): the signed-in account's notifications as the
// device holds them, through the data-access interface. The data layer loads with import(): the
// header's bell sits on every page and must not bring it with the first code.
import { useSyncExternalStore } from 'react';
import { getSyncVersion, subscribeSyncStatus } from '@/data/core/status';
import { useTransitionStore } from '@/lib/use-transition-store';
import type { Notification } from '@shared/notifications';

export type { Notification };

const data = () => import('@/data/data-access').then((m) => m.getDataAccess());

/** A page of the inbox, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of the inbox older than `before` (none: from the newest). */
export async function loadNotifications(before?: number, limit = NOTIFICATIONS_PAGE_SIZE) {
  return (await data()).listNotifications(before, limit);
}

/** Older notifications than the device holds, from the server (kept on the device), older than
 * id `before`. */
export async function loadOlderFromServer(before: number, limit = NOTIFICATIONS_PAGE_SIZE) {
  return (await data()).olderNotifications(before, limit);
}

/** What "Load older" says when the server could not give the older ones. */
export function olderFailedWords(kind: 'offline' | 'signed-out' | 'refused' | 'failed'): string {
  switch (kind) {
    case 'offline':
      return 'Older notifications need a connection. Try again once you are online.';
    case 'signed-out':
      return 'Sign in again to see older notifications.';
    default:
      return 'Older notifications could not be loaded. Try again later.';
  }
}

export async function loadUnreadCount(): Promise<number> {
  return (await data()).unreadNotifications();
}

// Marking read here tells this tab's bell at once; a sync tells every tab (the sync version).
let marks = 0;
const markListeners = new Set<() => void>();
function marked(): void {
  marks += 1;
  for (const listener of markListeners) listener();
}

export async function markRead(id: number): Promise<void> {
  await (await data()).markNotificationRead(id);
  marked();
}

export async function markAllRead(): Promise<void> {
  await (await data()).markAllNotificationsRead();
  marked();
}

const subscribeMarks = (listener: () => void) => {
  markListeners.add(listener);
  return () => void markListeners.delete(listener);
};
const markVersion = () => marks;

/** Changes each time a sync changed the device store, or this tab marked something read: the
 * bell and the inbox read the device again. */
export function useInboxVersion(): string {
  // A sync's change renders as a transition (lib/use-transition-store.ts); this tab's mark at once.
  const synced = useTransitionStore(subscribeSyncStatus, getSyncVersion);
  const read = useSyncExternalStore(subscribeMarks, markVersion, markVersion);
  return `${synced}:${read}`;
}

const subscribeNothing = () => () => undefined;

/** False while React hydrates a prerendered page (which knows nobody signed in), true after:
 * what depends on the session shows once the page is the device's. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** The bell's badge: the count, "99+" above 99, none at 0. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's accessible name: "Notifications", with the unread count when there are some. */
export function bellName(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}
