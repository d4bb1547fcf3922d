// Taking over a prerendered copy (scripts/prerender.mjs). The copy shows its screen with the
// sample content and none of the user's data, so the app hydrates it (adopts its DOM rather than
// building it again) only when the URL is the copy's own and the device holds none of the
// user's records: anything else would differ from the copy's markup.
import { IDB_NAME } from '@/config/storage-keys';

/** The prerendered copy of this very URL's screen while it is still on show, else null. */
export function prerenderedCopy(): HTMLElement | null {
  if (typeof document === 'undefined') return null; // the build's own prerender
  const copy = document.querySelector<HTMLElement>('#root > [data-prerender]');
  const own = copy?.dataset.prerender === location.pathname && location.search === '';
  return own ? copy : null;
}

/**
 * True when no store of the app's IndexedDB database holds a record, or there is no database
 * yet (which this does not create); false when that cannot be told. Plain IndexedDB, so the
 * app's entry does not take in the data layer for it.
 */
export function deviceIsFresh(name = IDB_NAME): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => {
        request.transaction?.abort();
        resolve(true);
      };
      request.onerror = request.onblocked = () => resolve(false);
      request.onsuccess = () => {
        const db = request.result;
        // Closed at once: an open connection would hold back the data layer's own upgrade.
        const done = (fresh: boolean) => {
          db.close();
          resolve(fresh);
        };
        const names = Array.from(db.objectStoreNames);
        if (names.length === 0) return done(true);
        const tx = db.transaction(names, 'readonly');
        const counts = names.map((store) => tx.objectStore(store).count());
        tx.oncomplete = () => done(counts.every((count) => count.result === 0));
        tx.onerror = tx.onabort = () => done(false);
      };
    } catch {
      resolve(false);
    }
  });
}
