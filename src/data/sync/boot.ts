// The first open's engine (docs/sync.md "At boot"): a small chunk the entry imports as it starts.
// The asks already left from the page's <head> (boot-asks.ts); this starts the engine once the
// first frame is painted, never before it; the engine's same requests take those answers
// (boot-asks.ts bootedFetch) instead of asking again, and check and land them through the one
// API client (core/api.ts) as any answer. Once the app is live, the screens read again
// after each sync (refreshOnSync).
import { getSyncStatus, subscribeSyncStatus } from '../core/status';
import { onListsStale } from '../server-lists';
import { endSyncSpan } from './timing';

/** Starts the sync engine in the task after the first frame. */
export function startSyncAfterPaint(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      import('./client').then((client) => client.startSync()).catch(() => undefined); // not loaded (offline): the header's status starts it later
    }, 0),
  );
}

/** Records the refresh as sync's work until the frame after the screens drew its answer. */
async function measuredRefresh(revalidate: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await revalidate();
  requestAnimationFrame(() => setTimeout(() => endSyncSpan('refresh', start), 0));
}

/**
 * Re-reads the screen's data (`revalidate`: the route loaders run again) whenever sync changed
 * the device store: a pull brought other collectors' bids, counts and items, or a push settled
 * (a refused write rolled back). From the page's start: what landed before the app was live
 * (the first open's answer) re-reads the screen once as it goes live. Changes that land while a
 * re-read runs are read by one more after it, not one each (a snapshot lands in several pages).
 * A list the re-read took from memory (server-lists.ts SERVER_LIST_FRESH_MS) is read again once
 * it goes stale. Returns the unsubscribe.
 */
export function refreshOnSync(revalidate: () => Promise<void>): () => void {
  let seen = 0;
  let running = false;
  let again = false;
  let stopped = false;
  const refresh = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void measuredRefresh(revalidate)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again && !stopped) {
          again = false;
          refresh();
        }
      });
  };
  const check = () => {
    const { version } = getSyncStatus();
    if (version === seen) return;
    seen = version;
    refresh();
  };
  const unsubscribe = subscribeSyncStatus(check);
  const unsubscribeStale = onListsStale(refresh);
  check();
  return () => {
    stopped = true;
    unsubscribe();
    unsubscribeStale();
  };
}
