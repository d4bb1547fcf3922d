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
import { ownerOfAccount, SIGNED_OUT, type Owner } from '../owner';
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

/** A record of the user's own, with the owner it was made under (owner.ts). */
export type Owned<T> = T & { owner: Owner };
/** A record the server sent, with the log sequence of its last change (sync/apply.ts). */
export type Sequenced<T> = T & { seq?: number };
type ByOwner = { owner: Owner };

export interface ArtmintSchema extends DBSchema {
  items: { key: number; value: Owned<Item>; indexes: ByOwner };
  images: { key: string; value: Owned<ImageRecord>; indexes: ByOwner };
  /** The owner's own bids, and the bids the server sent to everyone (owner PUBLIC). */
  /** `by`: the owner whose bid this was on this device, once the server's copy replaced it. */
  bids: {
    key: string;
    value: Sequenced<Owned<Bid>> & { by?: Owner };
    indexes: { itemId: number } & ByOwner;
  };
  purchases: { key: string; value: Owned<Purchase>; indexes: { itemId: number } & ByOwner };
  favourites: { key: [Owner, number]; value: Owned<FavouriteRecord>; indexes: ByOwner };
  follows: { key: [Owner, number]; value: Owned<FollowRecord>; indexes: ByOwner };
  outbox: { key: string; value: Owned<OutboxEntry>; indexes: ByOwner };
  drafts: { key: [Owner, string]; value: Owned<Draft>; indexes: ByOwner };
  profile: { key: [Owner, string]; value: Owned<ProfileRecord>; indexes: ByOwner };
  /** One record per account, under its owner (out-of-line key). */
  account: { key: Owner; value: AccountRecord };
  /** The owner's creator profile (id LOCAL_USER_ID). */
  creators: { key: [Owner, number]; value: Owned<Creator>; indexes: ByOwner };
  /** The owner's own entries, and the entries the server sent to everyone (owner PUBLIC). */
  activity: { key: [Owner, string]; value: Sequenced<Owned<ActivityEntry>>; indexes: ByOwner };
  /** The sync outbox: mutations in the order they were made (UUID v7 keys sort by time). */
  mutations: { key: string; value: QueuedMutation; indexes: ByOwner };
  /** The sync engine's own state (the pull cursor...), out-of-line keys. */
  syncMeta: { key: string; value: unknown };
  /** Items and creators as the server last said (pulled); they replace the sample copies. */
  remoteItems: { key: number; value: Sequenced<RemoteItem> };
  remoteCreators: { key: number; value: Sequenced<Creator> };
}

export type StoreName = StoreNames<ArtmintSchema>;
export type ArtmintDb = IDBPDatabase<ArtmintSchema>;
type UpgradeTx = IDBPTransaction<ArtmintSchema, StoreName[], 'versionchange'>;

/** Where version 2 kept the one account record of the device. */
const LEGACY_ACCOUNT_KEY = 'local';
/** syncMeta: the owner of the account this device remembers (the last login), for the lock
 * screen and a login while signed out. */
export const REMEMBERED_KEY = 'rememberedAccount';
/** syncMeta: the pull cursor (apply.ts). */
export const CURSOR_KEY = 'cursor';

/** The stores of the user's own records, each with an "owner" index. */
export const OWNED_STORES = [
  'items',
  'images',
  'bids',
  'purchases',
  'favourites',
  'follows',
  'outbox',
  'drafts',
  'profile',
  'creators',
  'activity',
  'mutations',
] as const satisfies readonly StoreName[];
export type OwnedStore = (typeof OWNED_STORES)[number];

/** Stores whose key is [owner, key of version 2] (the same key may exist for two accounts). */
export const OWNER_KEYED: Partial<Record<OwnedStore, string>> = {
  favourites: 'itemId',
  follows: 'creatorId',
  drafts: 'formId',
  profile: 'section',
  creators: 'id',
  activity: 'id',
};

/** Every store: the user's own, then the shared ones (the remembered account, the engine's
 * state and the pulled catalogue). */
export const STORE_NAMES: readonly StoreName[] = [
  ...OWNED_STORES,
  'account',
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
  run: (db: ArtmintDb, tx: UpgradeTx) => void | Promise<void>;
}[] = [
  { version: 1, run: (db) => createInitialStores(db) },
  {
    // Sync: the outbox of mutations, the engine's cursor and what the server
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
  // One device, several accounts: the user's records carry their owner.
  { version: 3, run: ownRecords },
];

/**
 * Version 3: the records of version 2 belonged to whoever used the device; they now belong
 * to the account the device remembers (its last login), else to 'signed out'. Stores whose
 * key may repeat across accounts are made again keyed by [owner, key]; every owned store gets
 * an "owner" index. The pull cursor starts again, so the server's bids and activity entries
 * (kept until now with the user's own) come back as public records every account sees.
 */
async function ownRecords(db: ArtmintDb, tx: UpgradeTx): Promise<void> {
  const accounts = tx.objectStore('account');
  const remembered: unknown = await accounts.get(LEGACY_ACCOUNT_KEY);
  const isAccount = typeof remembered === 'object' && remembered !== null;
  const owner = isAccount ? ownerOfAccount(remembered as { serverId?: number }) : SIGNED_OUT;
  if (isAccount) {
    await accounts.delete(LEGACY_ACCOUNT_KEY);
    await accounts.put(remembered as AccountRecord, owner);
    await tx.objectStore('syncMeta').put(owner, REMEMBERED_KEY);
  }
  await tx.objectStore('syncMeta').delete(CURSOR_KEY);
  for (const name of OWNED_STORES) {
    const oldKey = OWNER_KEYED[name];
    const records = (await tx.objectStore(name).getAll()) as object[];
    const owned = records.map((record) => ({ ...record, owner }));
    if (oldKey) {
      db.deleteObjectStore(name);
      db.createObjectStore(name, { keyPath: ['owner', oldKey] }).createIndex('owner', 'owner');
    } else {
      tx.objectStore(name).createIndex('owner', 'owner');
    }
    // The records were read above; put() replaces each under its (new) key.
    const store = tx.objectStore(name) as unknown as IDBPObjectStoreAny;
    for (const record of owned) await store.put(record);
  }
}

type IDBPObjectStoreAny = { put(value: unknown): Promise<unknown> };

/** Runs the steps newer than `oldVersion`, in order, inside the upgrade transaction. */
export async function upgradeDatabase(
  db: ArtmintDb,
  oldVersion: number,
  tx: UpgradeTx,
): Promise<void> {
  for (const step of MIGRATIONS) {
    if (oldVersion < step.version) await step.run(db, tx);
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
        upgrade: (db, oldVersion, _newVersion, tx) => {
          // A failed step aborts the upgrade: the database stays as it was, nothing is lost.
          upgradeDatabase(db, oldVersion, tx).catch((error: unknown) => {
            console.warn('Artmint: the device store could not be upgraded.', error);
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
 * Every valid record of a store, in key order. Invalid records are deleted and skipped, the
 * rest kept. When the device store cannot be read at all, returns [] so that sample content
 * still shows.
 */
export async function readAll<N extends Exclude<StoreName, OwnedStore>>(
  handle: DbHandle,
  store: N,
  isValid: (value: unknown) => value is Value<N>,
): Promise<Value<N>[]> {
  if (!hasDeviceStore()) return [];
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
