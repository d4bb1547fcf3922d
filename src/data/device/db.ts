// The one IndexedDB database of the device store: its schema, versioned upgrade steps, a
// lazily opened connection, and the two read helpers that validate what comes back.
import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPTransaction,
  type StoreNames,
} from 'idb';
import { IDB_NAME, IDB_VERSION } from '@/config/storage-keys';
import { toDataError } from '../errors';
import type {
  AccountRecord,
  Draft,
  FavouriteRecord,
  FollowRecord,
  ImageRecord,
  ProfileRecord,
} from '../records';
import type { QueuedMutation } from '../sync/outbox';
import type { RemoteItem } from './remote';
import type { ActivityEntry, Bid, Creator, Item, OutboxEntry, Purchase } from '../types';

export interface ArtmintSchema extends DBSchema {
  items: { key: number; value: Item };
  images: { key: string; value: ImageRecord };
  bids: { key: string; value: Bid; indexes: { itemId: number } };
  purchases: { key: string; value: Purchase; indexes: { itemId: number } };
  favourites: { key: number; value: FavouriteRecord };
  follows: { key: number; value: FollowRecord };
  outbox: { key: string; value: OutboxEntry };
  drafts: { key: string; value: Draft };
  profile: { key: string; value: ProfileRecord };
  /** One record under ACCOUNT_KEY (out-of-line key). */
  account: { key: string; value: AccountRecord };
  creators: { key: number; value: Creator };
  activity: { key: string; value: ActivityEntry };
  /** The sync outbox: mutations in the order they were made (UUID v7 keys sort by time). */
  mutations: { key: string; value: QueuedMutation };
  /** The sync engine's own state (the pull cursor...), out-of-line keys. */
  syncMeta: { key: string; value: unknown };
  /** Items and creators as the server last said (pulled); they replace the sample copies. */
  remoteItems: { key: number; value: RemoteItem };
  remoteCreators: { key: number; value: Creator };
}

export type StoreName = StoreNames<ArtmintSchema>;
export type ArtmintDb = IDBPDatabase<ArtmintSchema>;
type UpgradeTx = IDBPTransaction<ArtmintSchema, StoreName[], 'versionchange'>;

export const ACCOUNT_KEY = 'local';

export const STORE_NAMES: readonly StoreName[] = [
  'items',
  'images',
  'bids',
  'purchases',
  'favourites',
  'follows',
  'outbox',
  'drafts',
  'profile',
  'account',
  'creators',
  'activity',
  'mutations',
  'syncMeta',
  'remoteItems',
  'remoteCreators',
];

function createInitialStores(db: ArtmintDb): void {
  const has = (name: StoreName) => db.objectStoreNames.contains(name);
  if (!has('items')) db.createObjectStore('items', { keyPath: 'id' });
  if (!has('images')) db.createObjectStore('images', { keyPath: 'key' });
  if (!has('bids')) db.createObjectStore('bids', { keyPath: 'id' }).createIndex('itemId', 'itemId');
  if (!has('purchases')) {
    db.createObjectStore('purchases', { keyPath: 'id' }).createIndex('itemId', 'itemId');
  }
  if (!has('favourites')) db.createObjectStore('favourites', { keyPath: 'itemId' });
  if (!has('follows')) db.createObjectStore('follows', { keyPath: 'creatorId' });
  if (!has('outbox')) db.createObjectStore('outbox', { keyPath: 'id' });
  if (!has('drafts')) db.createObjectStore('drafts', { keyPath: 'formId' });
  if (!has('profile')) db.createObjectStore('profile', { keyPath: 'section' });
  if (!has('account')) db.createObjectStore('account');
  if (!has('creators')) db.createObjectStore('creators', { keyPath: 'id' });
  if (!has('activity')) db.createObjectStore('activity', { keyPath: 'id' });
}

/**
 * Upgrade steps, oldest first. A future version appends a step; each step runs once, only
 * for databases older than its version, so any old database reaches the newest shape and
 * user data is kept.
 */
export const MIGRATIONS: readonly {
  version: number;
  run: (db: ArtmintDb, tx: UpgradeTx) => void;
}[] = [
  { version: 1, run: (db) => createInitialStores(db) },
  {
    // Sync (issue 16): the outbox of mutations, the engine's cursor and what the server
    // said of items and creators. Existing stores and their records are kept as they are.
    version: 2,
    run: (db) => {
      const has = (name: StoreName) => db.objectStoreNames.contains(name);
      if (!has('mutations')) db.createObjectStore('mutations', { keyPath: 'id' });
      if (!has('syncMeta')) db.createObjectStore('syncMeta');
      if (!has('remoteItems')) db.createObjectStore('remoteItems', { keyPath: 'id' });
      if (!has('remoteCreators')) db.createObjectStore('remoteCreators', { keyPath: 'id' });
    },
  },
];

export function upgradeDatabase(db: ArtmintDb, oldVersion: number, tx: UpgradeTx): void {
  for (const step of MIGRATIONS) {
    if (oldVersion < step.version) step.run(db, tx);
  }
}

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
        upgrade: (db, oldVersion, _newVersion, tx) => upgradeDatabase(db, oldVersion, tx),
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

/** Runs a device write; any failure comes out as a typed error (StorageFullError...). */
export async function runWrite<T>(
  handle: DbHandle,
  write: (db: ArtmintDb) => Promise<T>,
): Promise<T> {
  try {
    return await write(await handle.get());
  } catch (error) {
    throw toDataError(error);
  }
}

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
 * Every valid record of a store, in key order. Invalid records are deleted and skipped, the
 * rest kept. When the device store cannot be read at all, returns [] so that sample content
 * still shows.
 */
export async function readAll<N extends StoreName>(
  handle: DbHandle,
  store: N,
  isValid: (value: unknown) => value is Value<N>,
): Promise<Value<N>[]> {
  let db: ArtmintDb;
  let keys: Key<N>[];
  let values: unknown[];
  try {
    db = await handle.get();
    const tx = db.transaction(store, 'readonly');
    [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  } catch (error) {
    console.warn(`Artmint: could not read "${store}" from this device.`, error);
    return [];
  }
  const valid: Value<N>[] = [];
  const invalid: Key<N>[] = [];
  values.forEach((value, index) => {
    const key = keys[index];
    if (isValid(value)) valid.push(value);
    else if (key !== undefined) invalid.push(key);
  });
  await deleteKeys(db, store, invalid);
  return valid;
}

/** One valid record, or null when it is missing, unreadable (then deleted) or the store fails. */
export async function readOne<N extends StoreName>(
  handle: DbHandle,
  store: N,
  key: Key<N>,
  isValid: (value: unknown) => value is Value<N>,
): Promise<Value<N> | null> {
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
  if (isValid(value)) return value;
  await deleteKeys(db, store, [key]);
  return null;
}
