// The service worker's Web Push handlers (docs/product.md "Notifications"), bundled into
// /sw-sync.js (scripts/sw-sync-script.ts), which the generated sw.js loads with importScripts: a
// push shows the message the server sent (shared/push.ts pushMessage: its words, the item's
// picture, one tag per item, so three outbids show as one); a click focuses an open Artmint
// window and takes it to the item (or profile, or the inbox), or opens one.
import * as v from 'valibot';
import { PushMessageSchema, type PushMessage } from '@shared/push';

/** The app's icon (manifest.webmanifest). */
const ICON = '/icons/icon-192.png';
/** Where a message without a readable page opens. */
const FALLBACK_URL = '/notifications';

/** What these handlers use of a window client (the WindowClient of a service worker). */
export interface WindowLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface ClientsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

interface ShownNotification {
  data?: unknown;
  close(): void;
}

interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}

/** What these handlers use of the service worker's global scope. */
export interface PushScopeLike {
  location: { origin: string };
  clients: ClientsLike;
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: ShownNotification }) => void,
  ): void;
}

/** The message a push carries, or null when it is not one of ours. */
export function readPushMessage(data: { json(): unknown } | null): PushMessage | null {
  try {
    const parsed = v.safeParse(PushMessageSchema, data?.json());
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Shows a message: its title, words, icon, the item's picture, and its tag. */
export function showPushMessage(scope: PushScopeLike, message: PushMessage): Promise<void> {
  return scope.registration.showNotification(message.title, {
    body: message.body,
    icon: ICON,
    badge: ICON,
    ...(message.image ? { image: message.image } : {}),
    tag: message.tag,
    renotify: true,
    data: { url: message.url },
  });
}

/** The page a notification opens: a path of this origin, or the inbox. */
function pageOf(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return new URL(FALLBACK_URL, origin).href;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : new URL(FALLBACK_URL, origin).href;
}

/**
 * A click on a notification: an open Artmint window (the focused one first) is focused and
 * taken to the notification's page; with none, or one that cannot be taken there, a new window
 * opens on it.
 */
export async function openNotification(
  clients: ClientsLike,
  origin: string,
  data: unknown,
): Promise<void> {
  const page = pageOf(data, origin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === origin,
  );
  const open = windows.find((w) => w.focused) ?? windows[0];
  if (open) {
    try {
      await open.focus();
      if (open.url !== page) await open.navigate(page);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one opens.
    }
  }
  await clients.openWindow(page);
}

/** Registers the push and notificationclick handlers on the service worker's scope. */
export function handleWebPush(scope: PushScopeLike): void {
  scope.addEventListener('push', (event) => {
    const message = readPushMessage(event.data);
    if (message) event.waitUntil(showPushMessage(scope, message));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(
      openNotification(scope.clients, scope.location.origin, event.notification.data),
    );
  });
}
