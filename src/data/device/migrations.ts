// The device store's versioned upgrade steps: each runs once, in order, for a database older
// than its version, inside IndexedDB's upgrade transaction, so any old database reaches the
// newest shape (schema.ts) and keeps its data.
import type { IDBPTransaction } from 'idb';
import { ownerOfAccount, SIGNED_OUT } from '../owner';
import type { AccountRecord } from '../records';
import {
  CURSOR_KEY,
  OWNED_STORES,
  OWNER_KEYED,
  REMEMBERED_KEY,
  type ArtmintDb,
  type ArtmintSchema,
  type StoreName,
} from './schema';

export type UpgradeTx = IDBPTransaction<ArtmintSchema, StoreName[], 'versionchange'>;

/** Where version 2 kept the one account record of the device. */
const LEGACY_ACCOUNT_KEY = 'local';

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
  // The working set: the server's items by when the collector last saw them.
  { version: 4, run: seenIndex },
  // The collector's own bids, read without the public history.
  { version: 5, run: ownBidIndex },
  // The account's notifications (the inbox).
  { version: 6, run: notificationStore },
  // The searches the account watches.
  { version: 7, run: savedSearchStore },
];

/** Version 7: the searches the account watches, keyed [owner, key] (their watchKey), with the
 * "owner" index every owned store has. */
function savedSearchStore(db: ArtmintDb): void {
  if (db.objectStoreNames.contains('savedSearches')) return;
  db.createObjectStore('savedSearches', { keyPath: ['owner', 'key'] }).createIndex(
    'owner',
    'owner',
  );
}

/** Version 6: the account's notifications, keyed [owner, id] (an account's own, as every owned
 * store), with the "owner" index every owned store has. */
function notificationStore(db: ArtmintDb): void {
  if (db.objectStoreNames.contains('notifications')) return;
  db.createObjectStore('notifications', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner');
}

/** The owned stores version 3 knew: a store added later is made by its own step. */
const VERSION_3_STORES = OWNED_STORES.filter(
  (name) => name !== 'notifications' && name !== 'savedSearches',
);

/**
 * Version 5: the bids get an index by `by` (the owner whose bid the server's copy replaced), so
 * the working set finds the items the collector bid on (sync/working-set.ts) from their own bids
 * alone: those of an account (the "owner" index, every owner but PUBLIC) and those marked `by`
 * (this index, which skips every bid without the field: the public history). Creating it indexes
 * the bids already stored; none is rewritten.
 */
function ownBidIndex(_db: ArtmintDb, tx: UpgradeTx): void {
  const store = tx.objectStore('bids');
  if (!store.indexNames.contains('by')) store.createIndex('by', 'by');
}

/**
 * Version 4: the server's items get an index by `seenAt` (sync/working-set.ts), which trims the
 * least recently seen first. Items stored before it count as seen long ago (0): an index skips
 * a record without the key.
 */
async function seenIndex(_db: ArtmintDb, tx: UpgradeTx): Promise<void> {
  const store = tx.objectStore('remoteItems');
  for (const item of await store.getAll()) {
    if (typeof item.seenAt !== 'number') await store.put({ ...item, seenAt: 0 });
  }
  if (!store.indexNames.contains('seenAt')) store.createIndex('seenAt', 'seenAt');
}

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
  for (const name of VERSION_3_STORES) {
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
