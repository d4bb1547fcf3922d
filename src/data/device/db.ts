// The device store's connection: one lazily opened handle on the IndexedDB database (which
// runs the upgrade steps of migrations.ts when it opens an older one), every write through
// runWrite, and reads shared while no write has started. The schema is schema.ts, the readers
// that validate what comes back are readers.ts.
import { openDB } from 'idb';
import { IDB_NAME, IDB_VERSION } from '@/config/storage-keys';
import { toDataError } from '../errors';
import { upgradeDatabase } from './migrations';
import type { ArtmintDb, ArtmintSchema } from './schema';

/** A lazily opened connection that reopens after another tab upgrades or the engine closes it. */
export interface DbHandle {
  get(): Promise<ArtmintDb>;
  close(): void;
}

export function createDbHandle(name = IDB_NAME, version = IDB_VERSION): DbHandle {
  let pending: Promise<ArtmintDb> | null = null;
  const reset = () => {
    pending = null;
  };
  return {
    get() {
      pending ??= openDB<ArtmintSchema>(name, version, {
        upgrade: (db, oldVersion, _newVersion, tx) => {
          // A failed step aborts the upgrade: the database stays as it was, nothing is lost.
          upgradeDatabase(db, oldVersion, tx).catch((error: unknown) => {
            console.warn('Artmint: the device store could not be upgraded.', error);
            // The open's caller meets the abort; the transaction's own promise is answered
            // here, or the page reports it as an uncaught error.
            tx.done.catch(() => undefined);
            tx.abort();
          });
        },
        blocking: () => {
          // A newer version of the app wants to upgrade in another tab: step aside.
          void pending?.then((db) => db.close());
          reset();
        },
        terminated: reset,
      }).catch((error: unknown) => {
        reset();
        throw error;
      });
      return pending;
    },
    close() {
      void pending?.then((db) => db.close());
      reset();
    },
  };
}

// Every write of this tab starts here (runWrite), so a read that began before one is never
// handed to a caller who asks after it began.
let writesStarted = 0;
const reading = new WeakMap<DbHandle, Map<string, { since: number; result: Promise<unknown> }>>();

/**
 * One read of `key` shared by every caller who asks while it runs and no write has started
 * since it began. A screen asks for the same records many times at once: the home page's
 * sections each merge the whole catalogue, and each card asks whether it is a favourite. The
 * result is shared, so callers must not change it.
 */
export function sharedRead<T>(handle: DbHandle, key: string, read: () => Promise<T>): Promise<T> {
  let running = reading.get(handle);
  if (!running) reading.set(handle, (running = new Map()));
  const current = running.get(key);
  if (current?.since === writesStarted) return current.result as Promise<T>;
  const entry = { since: writesStarted, result: read() };
  running.set(key, entry);
  const done = () => {
    if (running.get(key) === entry) running.delete(key);
  };
  entry.result.then(done, done);
  return entry.result;
}

/** Runs a device write; any failure comes out as a typed error (StorageFullError...). */
export async function runWrite<T>(
  handle: DbHandle,
  write: (db: ArtmintDb) => Promise<T>,
): Promise<T> {
  writesStarted += 1;
  try {
    return await write(await handle.get());
  } catch (error) {
    throw toDataError(error);
  }
}
