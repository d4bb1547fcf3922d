// When and how the app hydrates a prerendered copy instead of rendering over it (main.tsx).
// The copy (scripts/prerender.mjs) shows the screen with the sample content and no user data,
// so hydrating is only right when the router shows that very screen and the device holds none
// of the user's records: anything else would differ from the copy's markup.
import { IDB_NAME } from '@/config/storage-keys';

/** What of the router's state this needs (router.state has it). */
export interface RouteShown {
  location: { pathname: string; search: string };
  errors: unknown;
}

/** True when the router shows the copy's path, with no query string and no route error. */
export function copyMatchesRoute(copy: HTMLElement, state: RouteShown): boolean {
  return (
    state.location.pathname === copy.dataset.prerender &&
    state.location.search === '' &&
    state.errors === null
  );
}

/**
 * True when no store of the app's IndexedDB database holds a record (or there is no database
 * yet); false when that cannot be told. Plain IndexedDB, so the app's entry does not take in the
 * data layer for it: a missing database is not created (its upgrade is aborted).
 */
export function deviceIsFresh(name = IDB_NAME): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(false);
      return;
    }
    request.onupgradeneeded = () => {
      request.transaction?.abort();
      resolve(true);
    };
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      const names = Array.from(db.objectStoreNames);
      if (names.length === 0) {
        db.close();
        resolve(true);
        return;
      }
      const tx = db.transaction(names, 'readonly');
      const counts = names.map((store) => tx.objectStore(store).count());
      tx.oncomplete = () => {
        db.close();
        resolve(counts.every((count) => count.result === 0));
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        resolve(false);
      };
    };
  });
}

type Settled = PromiseLike<unknown> & { status?: string; value?: unknown; reason?: unknown };

const isThenable = (value: unknown): value is Settled =>
  typeof value === 'object' && value !== null && typeof (value as Settled).then === 'function';

/**
 * Waits for the promises that loaders hand over unawaited (the home's section data) and marks
 * each one settled the way React's `use()` reads a promise (`status`, `value` or `reason`), so
 * hydrating reads them at once instead of suspending on them.
 */
export async function settleDeferred(loaderData: Record<string, unknown>): Promise<void> {
  const pending: PromiseLike<unknown>[] = [];
  for (const data of Object.values(loaderData)) {
    if (typeof data !== 'object' || data === null) continue;
    for (const value of Object.values(data)) {
      if (!isThenable(value) || value.status !== undefined) continue;
      pending.push(
        // The callbacks return nothing: returning the promise itself would adopt its outcome.
        value.then(
          (result) => {
            Object.assign(value, { status: 'fulfilled', value: result });
          },
          (reason: unknown) => {
            Object.assign(value, { status: 'rejected', reason });
          },
        ),
      );
    }
  }
  await Promise.all(pending);
}
