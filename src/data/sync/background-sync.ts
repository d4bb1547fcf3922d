// Background Sync, the page's side: when changes wait and the network or the server is gone,
// the engine asks the browser for a one-off sync event (`registration.sync.register`). The
// browser fires it once it has a network again, tabs open or not, and the service worker
// pushes the outbox then (background-push.ts). Where the browser has no Background Sync
// (Firefox, Safari) nothing changes: the engine pushes at the next start, `online` or retry.
import { serverIdOfOwner, SIGNED_OUT, type Owner } from '../owner';
import type { QueuedMutation } from '../core/outbox';
import { ANONYMOUS_KINDS } from '@shared/protocol';

/** The one sync tag: the browser keeps one registration per tag, however often it is asked. */
export const BACKGROUND_SYNC_TAG = 'artmint-push';

/** What the service worker posts to the app's windows after it pushed the outbox. */
export const BACKGROUND_PUSHED = 'artmint:background-pushed';

/** The part of a registration's SyncManager used here (TypeScript's DOM types lack it). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Whether the service worker could push `m` for `owner` (who is signed in in the app): an
 * account known to the server pushes its changes under its session; signed out, only what
 * needs no account goes; an account kept on this device only never pushes.
 */
export function pushableLater(owner: Owner, m: Pick<QueuedMutation, 'kind'>): boolean {
  if (owner === SIGNED_OUT) return ANONYMOUS_KINDS.includes(m.kind);
  return serverIdOfOwner(owner) !== null;
}

/**
 * Registers the one-off sync, where the browser has Background Sync and the service worker is
 * active; true when registered. Never throws: a browser without it, a refused permission or no
 * service worker (the dev server) leave sync as it was.
 */
export async function requestBackgroundSync(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<boolean> {
  if (
    !container ||
    typeof ServiceWorkerRegistration === 'undefined' ||
    !('sync' in ServiceWorkerRegistration.prototype)
  ) {
    return false;
  }
  try {
    const registration = await container.getRegistration();
    if (!registration?.active) return false;
    const { sync } = registration as ServiceWorkerRegistration & { sync?: SyncManagerLike };
    if (!sync) return false;
    await sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
