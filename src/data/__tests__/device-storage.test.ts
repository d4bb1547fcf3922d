import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDB_NAME, IDB_VERSION } from '@/config/storage-keys';
import { createDeviceDataAccess } from '../device-data-access';
import { REMEMBERED_KEY, STORE_NAMES } from '../device/schema';
import { PUBLIC, SIGNED_OUT } from '../owner';
import { STORAGE_FULL_MESSAGE, StorageError, StorageFullError } from '../errors';
import { freshStore, makeItem, mutationId, sampleFixture, type TestStore } from './fixtures';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => {
  store.data.close();
});

/** Writes straight into an object store, bypassing every validation. */
async function putRaw(storeName: string, value: unknown, key?: IDBValidKey) {
  const db = await openDB(IDB_NAME);
  await db.put(storeName, value, key);
  db.close();
}

async function rawKeys(storeName: string) {
  const db = await openDB(IDB_NAME);
  const keys = await db.getAllKeys(storeName);
  db.close();
  return keys;
}

describe('the database', () => {
  it('has every object store after the first use', async () => {
    await store.data.countUserData();
    const db = await openDB(IDB_NAME);
    expect(db.version).toBe(IDB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([...STORE_NAMES].sort());
    db.close();
  });

  it('keeps user data when a later version opens it', async () => {
    await store.data.saveOutbox('newsletter', { email: 'a@example.com' });
    store.data.close();
    const next = createDeviceDataAccess({ sample: sampleFixture(), dbVersion: IDB_VERSION + 1 });
    expect((await next.listOutbox()).map((e) => e.fields.email)).toEqual(['a@example.com']);
    next.close();
  });
});

describe('version 4: the working set', () => {
  it('indexes the items of the server by when they were seen, those stored before as seen long ago', async () => {
    store.data.close();
    indexedDB.deleteDatabase(IDB_NAME);
    const old = createDeviceDataAccess({ sample: sampleFixture(), dbVersion: 3 });
    await old.countUserData();
    old.close();
    await putRaw('remoteItems', {
      ...makeItem({ id: 100_001, title: 'Old' }),
      favourites: 0,
      seq: 3,
    });
    const next = createDeviceDataAccess({ sample: sampleFixture() });
    expect((await next.getItem(100_001))?.title).toBe('Old');
    next.close();
    const db = await openDB(IDB_NAME);
    expect(db.version).toBe(IDB_VERSION);
    const index = db.transaction('remoteItems').store.index('seenAt');
    expect(await index.getAllKeys(0)).toEqual([100_001]);
    db.close();
  });
});

describe("version 5: the collector's own bids", () => {
  it('indexes the bids made on this device that the server sent back, keeping every bid', async () => {
    store.data.close();
    indexedDB.deleteDatabase(IDB_NAME);
    const old = createDeviceDataAccess({ sample: sampleFixture(), dbVersion: 4 });
    await old.countUserData();
    old.close();
    const bid = { itemId: 1, priceEth: '4', quantity: 1, bidder: 'x', at: '2026-03-01T10:00:00Z' };
    await putRaw('bids', { ...bid, id: 'public', owner: PUBLIC, seq: 2 });
    await putRaw('bids', { ...bid, id: 'mine-back', owner: PUBLIC, by: SIGNED_OUT, seq: 3 });
    await putRaw('bids', { ...bid, id: 'mine', owner: SIGNED_OUT });
    const next = createDeviceDataAccess({ sample: sampleFixture() });
    expect((await next.listBids(1)).map((b) => b.id).sort()).toEqual([
      'mine',
      'mine-back',
      'public',
    ]);
    next.close();
    const db = await openDB(IDB_NAME);
    expect(db.version).toBe(IDB_VERSION);
    const bids = db.transaction('bids').store;
    expect(await bids.index('by').getAllKeys()).toEqual(['mine-back']);
    expect(await bids.index('by').getAllKeys(SIGNED_OUT)).toEqual(['mine-back']);
    expect(await bids.count()).toBe(3);
    db.close();
  });
});

const VERSION_2_KEYS: Record<string, string | null> = {
  items: 'id',
  images: 'key',
  bids: 'id',
  purchases: 'id',
  favourites: 'itemId',
  follows: 'creatorId',
  outbox: 'id',
  drafts: 'formId',
  profile: 'section',
  account: null,
  creators: 'id',
  activity: 'id',
  mutations: 'id',
  syncMeta: null,
  remoteItems: 'id',
  remoteCreators: 'id',
};

describe("version 6: the account's notifications", () => {
  it('adds their store to a database of version 2 or 5, keeping what it held', async () => {
    for (const version of [2, 5]) {
      store.data.close();
      globalThis.indexedDB = new IDBFactory();
      if (version === 2) {
        // Version 2's stores, each keyed as then: the favourites by item, with no owner yet.
        const old = await openDB(IDB_NAME, 2, {
          upgrade: (db) => {
            for (const [name, keyPath] of Object.entries(VERSION_2_KEYS)) {
              db.createObjectStore(name, keyPath ? { keyPath } : {});
            }
          },
        });
        await old.put('favourites', { itemId: 2, at: '2026-03-01T10:00:00Z' });
        old.close();
      } else {
        const old = createDeviceDataAccess({ sample: sampleFixture(), dbVersion: version });
        await old.countUserData();
        old.close();
        await putRaw('favourites', { itemId: 2, at: '2026-03-01T10:00:00Z', owner: SIGNED_OUT });
      }
      const next = createDeviceDataAccess({ sample: sampleFixture() });
      expect(
        (await next.listFavourites()).map((item) => item.id),
        `from ${version}`,
      ).toEqual([2]);
      expect((await next.countUserData()).notifications).toBe(0);
      next.close();
      const db = await openDB(IDB_NAME);
      expect(db.version).toBe(IDB_VERSION);
      expect([...db.transaction('notifications').store.indexNames]).toEqual(['owner']);
      db.close();
    }
  });
});

describe('corrupt stored data', () => {
  it('skips and deletes an invalid record, keeping the rest', async () => {
    await store.data.saveOutbox('contact', { name: 'Ana' });
    const bad = { kind: 'contact', owner: SIGNED_OUT };
    await putRaw('outbox', { ...bad, id: 'broken', at: 'not a date', fields: {} });
    await putRaw('outbox', { ...bad, id: 'broken-2', at: '2026-01-01', fields: { n: 4 } });
    expect(await rawKeys('outbox')).toHaveLength(3);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const entries = await store.data.listOutbox();

    expect(entries.map((e) => e.fields.name)).toEqual(['Ana']);
    expect(await rawKeys('outbox')).toEqual([mutationId(1)]);
    expect(warn).toHaveBeenCalledWith('Artmint: removed 2 unreadable record(s) from "outbox".');
  });

  it('drops a corrupt created item without hiding the others', async () => {
    await store.data.countUserData();
    const owner = SIGNED_OUT;
    await putRaw('items', {
      ...makeItem({ id: 1001, title: 'Good one', userCreated: true }),
      owner,
    });
    await putRaw('items', { ...makeItem({ id: 1002, title: 'Bad' }), priceEth: 3.5, owner });
    const bid = { id: 'b', itemId: 1, priceEth: '9', quantity: 0, bidder: 'x', at: 'x', owner };
    await putRaw('bids', bid);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const page = await store.data.listItems();

    expect(page.items.map((i) => i.id)).toEqual([1001, 1, 2, 3, 4, 5]);
    expect((await store.data.getItem(1))?.highestBidEth).toBe('3.55');
    expect(await rawKeys('items')).toEqual([1001]);
    expect(await rawKeys('bids')).toEqual([]);
  });

  it('resets a corrupt single record (account, draft) to nothing', async () => {
    await store.data.countUserData();
    // The device remembers an account whose record is broken.
    await putRaw('syncMeta', 'account:1', REMEMBERED_KEY);
    await putRaw('account', { name: 'X', email: 'x@example.com' }, 'account:1');
    const draft = { formId: 'contact', values: 'oops', savedAt: '2026-01-01', owner: SIGNED_OUT };
    await putRaw('drafts', draft);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await store.data.loadAccount()).toBeNull();
    expect(await store.data.loadDraft('contact')).toBeNull();
    expect(await rawKeys('account')).toEqual([]);
    expect(await rawKeys('drafts')).toEqual([]);
  });
});

describe('write failures', () => {
  it('maps a full disk to StorageFullError with a clear message', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const error = await store.data
      .placeBid({ itemId: 1, priceEth: '2', quantity: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toBe(STORAGE_FULL_MESSAGE);
    await expect(store.data.saveDraft('contact', { name: 'Ana' })).rejects.toBeInstanceOf(
      StorageFullError,
    );
    vi.restoreAllMocks();
    expect(await store.data.listBids(1)).toEqual([]);
    expect(await store.data.listActivity({ tags: ['Bids'] })).toEqual([]);
  });

  it('maps any other failure to StorageError', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('Gone', 'InvalidStateError');
    });
    await expect(store.data.saveOutbox('newsletter', { email: 'a@b.co' })).rejects.toBeInstanceOf(
      StorageError,
    );
  });

  it('serves the sample content when the device store cannot be opened', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('No IndexedDB here', 'InvalidStateError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = createDeviceDataAccess({ sample: sampleFixture(), dbName: 'never-opened' });
    expect((await broken.listItems()).total).toBe(5);
    await expect(broken.toggleFavourite(1)).rejects.toBeInstanceOf(StorageError);
  });
});

describe('storageEstimate', () => {
  it('reports usage and quota when the browser offers them', async () => {
    const estimate = vi.fn(async () => ({ usage: 1200, quota: 50_000 }));
    Object.defineProperty(navigator, 'storage', { value: { estimate }, configurable: true });
    try {
      expect(await store.data.storageEstimate()).toEqual({ usage: 1200, quota: 50_000 });
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });
});
