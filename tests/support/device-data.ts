import type { Page } from '@playwright/test';

// Reads what the app stored on the device, straight from the browser (account, upload and
// profile specs): every IndexedDB store of the app, and both web storages.

export interface DeviceDump {
  /** Store name -> its records (ArrayBuffers appear as their byte length). */
  stores: Record<string, unknown[]>;
  local: Record<string, string>;
  session: Record<string, string>;
}

export async function dumpDevice(page: Page): Promise<DeviceDump> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('artmint');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores: Record<string, unknown[]> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      stores[name] = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () =>
          resolve(
            request.result.map((record: unknown) =>
              JSON.parse(
                JSON.stringify(record, (_key, value: unknown) =>
                  value instanceof ArrayBuffer ? { bytes: value.byteLength } : value,
                ),
              ),
            ),
          );
        request.onerror = () => reject(request.error);
      });
    }
    db.close();
    return { stores, local: { ...localStorage }, session: { ...sessionStorage } };
  });
}
