// Web Push on this device (docs/product.md "Notifications"), loaded with import() only where its
// button is: whether this browser can show notifications, whether this device is subscribed, and
// turning it on (the browser's permission, pushManager.subscribe with the server's key, the
// subscription sent to the server) or off (the server forgets it, the browser drops it). Never
// called on load: only the button subscribes.
import { apiRequest } from '@/data/core/api';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTION_PATH } from '@shared/push';

/** What the button shows: on or off for this device, blocked by the browser, not supported. */
export type DevicePushState = 'on' | 'off' | 'blocked' | 'unsupported';

/** What a turn on or off came to: the new state, or words saying why not. */
export type DevicePushResult = { state: DevicePushState } | { error: string };

/** How long the service worker may take to be ready before the device counts as unsupported. */
const READY_MS = 5000;

export const PUSH_WORDS = {
  offline:
    'You are offline: turning notifications on or off needs the server. Try again once online.',
  failed: 'The server could not take this device’s notifications. Try again in a moment.',
  signedOut: 'Sign in again to turn notifications on.',
} as const;

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_MS));
  return Promise.race([ready, late]);
}

/** This device's state now (reads only: never asks for permission, never subscribes). */
export async function devicePushState(): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) return 'off';
  const subscription = await found.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const failure = (kind: string): DevicePushResult => ({
  error:
    kind === 'offline'
      ? PUSH_WORDS.offline
      : kind === 'signed-out'
        ? PUSH_WORDS.signedOut
        : PUSH_WORDS.failed,
});

/** Turns notifications on for this device, from the button's click. */
export async function turnOnDevicePush(): Promise<DevicePushResult> {
  if (!supported()) return { state: 'unsupported' };
  if (!navigator.onLine) return { error: PUSH_WORDS.offline };
  const key = await apiRequest('GET', PUSH_KEY_PATH, { answer: 'pushKey', cache: 'no-store' });
  if (key.kind !== 'ok') return failure(key.kind);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { state: 'blocked' };
  if (permission !== 'granted') return { state: 'off' };
  const found = await registration();
  if (!found) return { state: 'unsupported' };
  let subscription: PushSubscription;
  try {
    subscription = await found.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key.value.publicKey,
    });
  } catch {
    return { error: PUSH_WORDS.failed };
  }
  const sent = await apiRequest('POST', PUSH_SUBSCRIPTION_PATH, {
    answer: null,
    body: { json: subscription.toJSON() },
  });
  if (sent.kind === 'ok') return { state: 'on' };
  await subscription.unsubscribe().catch(() => false);
  return sent.kind === 'refused' ? { error: sent.error } : failure(sent.kind);
}

/** Turns notifications off for this device: the server forgets it, then the browser. */
export async function turnOffDevicePush(): Promise<DevicePushResult> {
  if (!supported()) return { state: 'unsupported' };
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  if (!subscription) return { state: 'off' };
  const removed = await apiRequest('DELETE', PUSH_SUBSCRIPTION_PATH, {
    answer: null,
    body: { json: { endpoint: subscription.endpoint } },
  });
  // Signed out, the server has forgotten it already (the session took it along).
  if (removed.kind !== 'ok' && removed.kind !== 'signed-out') return failure(removed.kind);
  await subscription.unsubscribe().catch(() => false);
  return { state: 'off' };
}
