// @vitest-environment node
// One device, several accounts: each account's records stay its own.
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDB_NAME } from '@/config/storage-keys';
import { freshStore, sampleFixture, type TestStore } from '../../__tests__/fixtures';
import { applyServerWord, readCursor } from '../../sync/apply';
import { readQueue } from '../../sync/own-outbox';
import { accountOwner, SIGNED_OUT, type Owner } from '../../owner';
import { LOCAL_USER_ID } from '@shared/types';
import { type AccountRecord } from '../../records';
import { createDbHandle } from '../db';
import { MIGRATIONS } from '../migrations';
import { createDeviceDataAccess } from '../../device-data-access';

const A = accountOwner(7);
const B = accountOwner(8);

const accountOf = (serverId: number, email: string): AccountRecord => ({
  name: email.split('@')[0] ?? email,
  email,
  passwordHash: 'aGFzaA==',
  salt: 'c2FsdA==',
  iterations: 310000,
  createdAt: '2026-03-01T12:00:00.000Z',
  serverId,
});

let owner: Owner;
let store: TestStore;
beforeEach(() => {
  owner = SIGNED_OUT;
  store = freshStore(undefined, () => owner);
});

const queue = () => readQueue(createDbHandle());

describe('records per account', () => {
  it('B never sees what A saved; A finds it all again', async () => {
    owner = A;
    await store.data.saveAccount(accountOf(7, 'a@example.com'));
    await store.data.toggleFavourite(2);
    await store.data.toggleFollow(3);
    await store.data.saveProfileSection('personal', { firstName: 'Ana' });
    await store.data.saveDraft('contact', { name: 'Ana' });
    await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    await store.data.checkout({ itemId: 4, priceEth: '3.5' });

    owner = B;
    await store.data.saveAccount(accountOf(8, 'b@example.com'));
    expect(await store.data.listFavourites()).toEqual([]);
    expect(await store.data.isFavourite(2)).toBe(false);
    expect(await store.data.listFollows()).toEqual([]);
    expect(await store.data.loadProfile()).toEqual({});
    expect(await store.data.loadDraft('contact')).toBeNull();
    expect(await store.data.listPurchases()).toEqual([]);
    expect((await store.data.getItem(4))?.ownerId).toBe(1);
    expect((await store.data.loadAccount())?.email).toBe('b@example.com');
    expect(await store.data.countWaitingChanges()).toBe(0);
    expect((await store.data.listActivity()).map((e) => e.id)).toEqual(['s2', 's1']);
    // B's own favourite of the same item is B's alone.
    await store.data.toggleFavourite(2);

    owner = A;
    expect((await store.data.listFavourites()).map((i) => i.id)).toEqual([2]);
    expect((await store.data.listFollows()).map((c) => c.id)).toEqual([3]);
    expect((await store.data.loadProfile()).personal).toEqual({ firstName: 'Ana' });
    expect((await store.data.loadDraft('contact'))?.values).toEqual({ name: 'Ana' });
    expect(await store.data.listPurchases()).toHaveLength(1);
    expect((await store.data.loadAccount())?.email).toBe('a@example.com');
    expect(await store.data.countWaitingChanges()).toBe(5);
    // Each mutation records the account it was made under.
    expect((await queue()).map((m) => m.owner)).toEqual([A, A, A, A, A, B]);
  });

  it('signed out, shows the account the device remembers: the last login', async () => {
    owner = A;
    await store.data.saveAccount(accountOf(7, 'a@example.com'));
    await store.data.saveProfileSection('personal', { firstName: 'Ana' });
    owner = SIGNED_OUT;
    const remembered = await store.data.loadAccount();
    expect(remembered?.email).toBe('a@example.com');
    // Its profile is read for it (the lock screen), not shown as the signed-out profile.
    expect(remembered && (await store.data.loadProfile(remembered)).personal).toEqual({
      firstName: 'Ana',
    });
    expect(await store.data.loadProfile()).toEqual({});
  });

  it('the first account that signs in adopts what was made signed out', async () => {
    await store.data.toggleFavourite(2);
    await store.data.toggleFollow(3);
    expect(await store.data.countWaitingChanges()).toBe(2);

    owner = A;
    expect(await store.data.listFavourites()).toEqual([]);
    expect(await store.data.adoptSignedOutRecords()).toBeGreaterThan(0);
    expect((await store.data.listFavourites()).map((i) => i.id)).toEqual([2]);
    expect((await store.data.listFollows()).map((c) => c.id)).toEqual([3]);
    expect(await store.data.countWaitingChanges()).toBe(2);
    expect((await queue()).map((m) => m.owner)).toEqual([A, A]);

    // Nothing is left for the next account.
    owner = B;
    expect(await store.data.adoptSignedOutRecords()).toBe(0);
    expect(await store.data.listFavourites()).toEqual([]);
    owner = SIGNED_OUT;
    expect(await store.data.listFavourites()).toEqual([]);
  });

  it('a draft typed signed out meets the account’s draft of the same form: neither is lost', async () => {
    owner = A;
    await store.data.saveDraft('upload', { title: 'Dawn', description: 'A long story', price: '' });
    await store.data.saveDraft('contact', { message: 'Hello' });
    owner = SIGNED_OUT;
    store.clock.advance(60_000);
    await store.data.saveDraft('upload', { title: 'Dusk', description: '', price: '2' });

    owner = A;
    await store.data.adoptSignedOutRecords();
    // The last typing wins field by field; a field it left blank keeps the earlier text.
    expect(await store.data.loadDraft('upload')).toMatchObject({
      values: { title: 'Dusk', description: 'A long story', price: '2' },
      savedAt: store.clock.now.toISOString(),
    });
    expect((await store.data.loadDraft('contact'))?.values).toEqual({ message: 'Hello' });
    owner = SIGNED_OUT;
    expect(await store.data.loadDraft('upload')).toBeNull();
  });

  it('deleting the data of an account leaves the data of the others', async () => {
    owner = A;
    await store.data.saveAccount(accountOf(7, 'a@example.com'));
    await store.data.toggleFavourite(2);
    owner = B;
    await store.data.saveAccount(accountOf(8, 'b@example.com'));
    await store.data.toggleFavourite(3);
    await store.data.deleteAllUserData();
    expect(await store.data.listFavourites()).toEqual([]);
    expect(await store.data.loadAccount()).toBeNull();
    owner = A;
    expect((await store.data.listFavourites()).map((i) => i.id)).toEqual([2]);
    expect((await store.data.loadAccount())?.email).toBe('a@example.com');
    expect((await queue()).map((m) => m.owner)).toEqual([A]);
  });
});

/** A version 2 database, as devices hold it today, with `fill` run on it. */
async function versionTwo(fill: (db: Awaited<ReturnType<typeof openDB>>) => Promise<void>) {
  store.data.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(IDB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
  const old = await openDB(IDB_NAME, 2, {
    upgrade: (db, _old, _new, tx) => {
      for (const step of MIGRATIONS.slice(0, 2)) void step.run(db as never, tx as never);
    },
  });
  await fill(old);
  old.close();
}

const storeAs = (who: () => Owner) =>
  createDeviceDataAccess({ sample: sampleFixture(), owner: who });

describe('upgrading a version 2 device', () => {
  const waitingFavourite = {
    id: '0190a000-0000-7000-8000-000000000001',
    v: 1,
    at: '2026-02-01T00:00:00.000Z',
    kind: 'favourite',
    args: { itemId: 3, on: true },
    key: 'favourite:3',
    label: 'Favourite Pixel Knight',
    state: 'waiting',
  };

  it('gives its records to the account the device remembers', async () => {
    await versionTwo(async (db) => {
      await db.put('account', accountOf(7, 'a@example.com'), 'local');
      await db.put('favourites', { itemId: 3, at: '2026-02-01T00:00:00.000Z' });
      await db.put('profile', {
        section: 'personal',
        values: { firstName: 'Ana' },
        savedAt: '2026-02-01T00:00:00.000Z',
      });
      const savedAt = '2026-02-01T00:00:00.000Z';
      await db.put('drafts', { formId: 'contact', values: { name: 'Ana' }, savedAt });
      await db.put('mutations', waitingFavourite);
      await db.put('syncMeta', 40, 'cursor');
    });
    owner = A;
    const data = storeAs(() => owner);
    expect((await data.listFavourites()).map((i) => i.id)).toEqual([3]);
    expect((await data.loadProfile()).personal).toEqual({ firstName: 'Ana' });
    expect(await data.loadDraft('contact')).not.toBeNull();
    expect((await data.loadAccount())?.email).toBe('a@example.com');
    expect(await data.countWaitingChanges()).toBe(1);
    expect((await queue()).map((m) => m.owner)).toEqual([A]);
    // The public log is pulled again, now into records every account sees.
    expect(await readCursor(createDbHandle())).toBe(0);

    owner = B;
    expect(await data.listFavourites()).toEqual([]);
    expect(await data.loadProfile()).toEqual({});
    expect(await data.countWaitingChanges()).toBe(0);
    owner = SIGNED_OUT;
    expect((await data.loadAccount())?.email).toBe('a@example.com');
    data.close();
  });

  it('with no account remembered, its records are the signed-out ones', async () => {
    await versionTwo(async (db) => {
      await db.put('favourites', { itemId: 3, at: '2026-02-01T00:00:00.000Z' });
      await db.put('mutations', waitingFavourite);
    });
    owner = SIGNED_OUT;
    const data = storeAs(() => owner);
    expect((await data.listFavourites()).map((i) => i.id)).toEqual([3]);
    expect(await data.loadAccount()).toBeNull();
    // ...which the first account to sign in adopts.
    owner = A;
    await data.adoptSignedOutRecords();
    expect((await data.listFavourites()).map((i) => i.id)).toEqual([3]);
    expect((await queue()).map((m) => m.owner)).toEqual([A]);
    data.close();
  });
});

describe("the server's word about the signed-in collector", () => {
  it("an item the server lists under the account's id is the device's own (you)", async () => {
    const [first] = sampleFixture().items;
    if (!first) throw new Error('the fixture has items');
    // What a pull brings: an item the account made (its upload, synced) and now owns.
    await applyServerWord(createDbHandle(), {
      changes: [
        {
          seq: 1,
          topic: 'item',
          key: '555',
          data: { ...first, id: 555, creatorId: 7, ownerId: 7, favourites: 0 },
        },
      ],
      cursor: 1,
      at: '2026-03-01T12:00:00.000Z',
    });
    owner = A;
    expect((await store.data.listItemsByCreator(LOCAL_USER_ID)).map((i) => i.id)).toEqual([555]);
    expect((await store.data.listItemsByOwner(LOCAL_USER_ID)).map((i) => i.id)).toEqual([555]);
    // Anyone else sees it as account 7's.
    owner = B;
    expect(await store.data.listItemsByCreator(LOCAL_USER_ID)).toEqual([]);
    expect((await store.data.getItem(555))?.creatorId).toBe(7);
  });
});
