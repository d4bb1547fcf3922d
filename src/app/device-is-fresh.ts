// Asked before the app hydrates a prerendered copy (main.tsx), in a chunk of its own with plain
// IndexedDB: the app's entry does not take in the data layer for it.
import { IDB_NAME } from '@/config/storage-keys';

/** True when no store of the app's database holds a record, or there is no database yet (which
 * this does not create); false when that cannot be told. */
export function deviceIsFresh(name = IDB_NAME): Promise<boolean> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => (request.transaction?.abort(), resolve(true));
    request.onerror = request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      // Closed at once: an open connection would hold back the data layer's own upgrade.
      const done = (fresh: boolean) => (db.close(), resolve(fresh));
      const names = [...db.objectStoreNames];
      if (names.length === 0) return done(true);
      const tx = db.transaction(names);
      const counts = names.map((store) => tx.objectStore(store).count());
      tx.oncomplete = () => done(counts.every((count) => count.result === 0));
      tx.onerror = tx.onabort = () => done(false);
    };
  });
}
