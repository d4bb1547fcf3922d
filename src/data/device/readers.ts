// The device store's readers: every record they hand back has passed its guard; a record that
// fails it is deleted (and the rest kept), and a store that cannot be read reads as empty, so
// the sample content still shows.
import type { Owner } from '../owner';
import type { DbHandle } from './db';
import type { IndexNames } from 'idb';
import type { ArtmintDb, ArtmintSchema, OwnedStore, StoreName } from './schema';

type Value<N extends StoreName> = ArtmintSchema[N]['value'];
type Key<N extends StoreName> = ArtmintSchema[N]['key'];

async function deleteKeys<N extends StoreName>(db: ArtmintDb, store: N, keys: Key<N>[]) {
  if (keys.length === 0) return;
  try {
    const tx = db.transaction(store, 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
    console.warn(`Artmint: removed ${keys.length} unreadable record(s) from "${store}".`);
  } catch (error) {
    console.warn(`Artmint: could not remove unreadable records from "${store}".`, error);
  }
}

/**
 * False where there is no IndexedDB at all: the build's prerender renders the screens in Node,
 * with no device and so nothing of the user's. The readers below then read nothing, quietly.
 */
function hasDeviceStore(): boolean {
  return typeof indexedDB !== 'undefined';
}

/**
 * The valid records among the keys and values `read` takes from `store` (in one transaction);
 * invalid ones are deleted and skipped; [] when the store cannot be read.
 */
async function readChecked<N extends StoreName, T>(
  handle: DbHandle,
  store: N,
  read: (db: ArtmintDb) => Promise<[Key<N>[], unknown[]]>,
  isValid: (value: unknown) => value is T,
): Promise<T[]> {
  if (!hasDeviceStore()) return [];
  let db: ArtmintDb;
  let keys: Key<N>[];
  let values: unknown[];
  try {
    db = await handle.get();
    [keys, values] = await read(db);
  } catch (error) {
    console.warn(`Artmint: could not read "${store}" from this device.`, error);
    return [];
  }
  const valid: T[] = [];
  const invalid: Key<N>[] = [];
  values.forEach((value, index) => {
    const key = keys[index];
    if (isValid(value)) valid.push(value);
    else if (key !== undefined) invalid.push(key);
  });
  await deleteKeys(db, store, invalid);
  return valid;
}

/**
 * Every valid record of a store, in key order. Invalid records are deleted and skipped, the
 * rest kept. When the device store cannot be read at all, returns [] so that sample content
 * still shows.
 */
export function readAll<N extends Exclude<StoreName, OwnedStore>>(
  handle: DbHandle,
  store: N,
  isValid: (value: unknown) => value is Value<N>,
): Promise<Value<N>[]> {
  return readChecked(
    handle,
    store,
    (db) => {
      const tx = db.transaction(store, 'readonly');
      return Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    },
    isValid,
  );
}

/** The record as the app sees it: whose it is stays in the store. */
export function unowned<T>(record: T): T {
  if (typeof record !== 'object' || record === null || !('owner' in record)) return record;
  const copy: Record<string, unknown> = { ...record };
  delete copy.owner;
  return copy as T;
}

/**
 * Every valid record of `owners` in an owned store, in key order per owner; no other owner's
 * record is ever read. Invalid ones are deleted and skipped; [] when the store cannot be read.
 */
export async function readOwned<N extends OwnedStore, T>(
  handle: DbHandle,
  store: N,
  owners: Owner | readonly Owner[],
  isValid: (value: unknown) => value is T,
): Promise<T[]> {
  if (!hasDeviceStore()) return [];
  let db: ArtmintDb;
  const valid: T[] = [];
  const invalid: Key<N>[] = [];
  try {
    db = await handle.get();
    const index = db.transaction(store, 'readonly').store.index('owner');
    for (const owner of typeof owners === 'string' ? [owners] : owners) {
      const range = IDBKeyRange.only(owner);
      const [keys, values] = await Promise.all([index.getAllKeys(range), index.getAll(range)]);
      values.forEach((value: unknown, i) => {
        const key = keys[i] as Key<N> | undefined;
        if (isValid(value)) valid.push(unowned(value));
        else if (key !== undefined) invalid.push(key);
      });
    }
  } catch (error) {
    console.warn(`Artmint: could not read "${store}" from this device.`, error);
    return [];
  }
  await deleteKeys(db, store, invalid);
  return valid;
}

/**
 * Every valid record of `store` whose `index` holds `key`, whoever's it is (the caller picks by
 * its `owner`). Invalid ones are deleted and skipped; [] when the store cannot be read.
 */
export function readIndexed<N extends StoreName, T>(
  handle: DbHandle,
  store: N,
  index: IndexNames<ArtmintSchema, N>,
  key: IDBValidKey,
  isValid: (value: unknown) => value is T,
): Promise<T[]> {
  return readChecked(
    handle,
    store,
    (db) => {
      const found = db.transaction(store, 'readonly').store.index(index);
      const range = IDBKeyRange.only(key);
      return Promise.all([found.getAllKeys(range), found.getAll(range)]);
    },
    isValid,
  );
}

/** One valid record, or null when it is missing, unreadable (then deleted) or the store fails. */
export async function readOne<N extends StoreName, T>(
  handle: DbHandle,
  store: N,
  key: Key<N>,
  isValid: (value: unknown) => value is T,
): Promise<T | null> {
  if (!hasDeviceStore()) return null;
  let db: ArtmintDb;
  let value: unknown;
  try {
    db = await handle.get();
    value = await db.get(store, key);
  } catch (error) {
    console.warn(`Artmint: could not read "${store}" from this device.`, error);
    return null;
  }
  if (value === undefined) return null;
  if (isValid(value)) return unowned(value);
  await deleteKeys(db, store, [key]);
  return null;
}
