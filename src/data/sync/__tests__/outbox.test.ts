// @vitest-environment node
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDB_NAME } from '@/config/storage-keys';
import { freshStore, mutationId, sampleFixture, type TestStore } from '../../__tests__/fixtures';
import { createDeviceDataAccess } from '../../device-data-access';
import { createDbHandle } from '../../device/db';
import { MIGRATIONS } from '../../device/migrations';
import type { ArtmintSchema } from '../../device/schema';
import { applyServerWord, readCursor } from '../apply';
import { readQueue } from '../own-outbox';
import { MUTATION_VERSION } from '@shared/protocol';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

/** A store over whatever database this test left in place. */
function freshStoreKeepingDb(): TestStore {
  const clock = { now: new Date('2026-03-01T12:00:00.000Z'), advance: () => undefined };
  const data = createDeviceDataAccess({ sample: sampleFixture(), now: () => clock.now });
  return { data, clock };
}

async function queue() {
  return readQueue(createDbHandle());
}

describe('the outbox', () => {
  it('queues every write with its id, version and record key, in order', async () => {
    const bid = await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    await store.data.toggleFavourite(2);
    await store.data.toggleFollow(2);
    await store.data.saveProfileSection('social', { twitter: '@me' });
    await store.data.saveOutbox('newsletter', { email: 'a@b.co' });
    await store.data.checkout({ itemId: 4, priceEth: '3.5' });

    const q = await queue();
    expect(q.map((m) => [m.kind, m.key, m.state])).toEqual([
      ['bid', 'item:1', 'waiting'],
      ['favourite', 'favourite:2', 'waiting'],
      ['follow', 'follow:2', 'waiting'],
      ['profile', 'profile:social', 'waiting'],
      ['message', expect.stringMatching(/^message:/), 'waiting'],
      ['checkout', 'item:4', 'waiting'],
    ]);
    expect(q[0]).toMatchObject({
      id: bid.id,
      v: MUTATION_VERSION,
      args: { itemId: 1, priceEth: '4.8', quantity: 1 },
      // Item 1 sells at a fixed price: a bid on it is an offer (issue 31).
      label: 'Offer 4.8 ETH on Abstract Smoke Red',
    });
    expect(q[1]?.args).toEqual({ itemId: 2, on: true });
    expect(await store.data.countWaitingChanges()).toBe(6);
  });

  it('queues nothing for a write that fails', async () => {
    await expect(store.data.toggleFavourite(404)).rejects.toThrow();
    expect(await queue()).toEqual([]);
  });

  it('upgrades a version 1 database, keeping its records', async () => {
    store.data.close();
    indexedDB.deleteDatabase(IDB_NAME);
    const old = await openDB<ArtmintSchema>(IDB_NAME, 1, {
      upgrade: (db, _old, _new, tx) => MIGRATIONS[0]?.run(db, tx),
    });
    // Version 1's shape: no owner yet (version 3 adds it).
    await old.put('favourites', { itemId: 3, at: '2026-01-01T00:00:00.000Z' } as never);
    old.close();
    store = freshStoreKeepingDb();
    expect(await store.data.isFavourite(3)).toBe(true);
    await store.data.toggleFavourite(1);
    expect((await queue()).map((m) => m.key)).toEqual(['favourite:1']);
  });
});

describe('what the server says', () => {
  it('rolls a refused bid back and keeps the reason; an applied one is synced', async () => {
    const first = await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    const second = await store.data.placeBid({ itemId: 2, priceEth: '5', quantity: 1 });
    expect((await store.data.getItem(1))?.highestBidEth).toBe('4.8');

    await applyServerWord(createDbHandle(), {
      at: '2026-03-01T12:05:00.000Z',
      results: [
        {
          id: first.id,
          status: 'refused',
          code: 'outbid',
          error: 'You were outbid at 4.90 ETH while offline: bid again.',
        },
        { id: second.id, status: 'applied' },
      ],
    });

    const q = await queue();
    expect(q.map((m) => m.state)).toEqual(['refused', 'synced']);
    expect(q[0]?.error).toBe('You were outbid at 4.90 ETH while offline: bid again.');
    expect(await store.data.listBids(1)).toEqual([]);
    expect((await store.data.getItem(1))?.highestBidEth).toBe('3.55');
    expect(await store.data.listBids(2)).toHaveLength(1);
    expect(await store.data.countWaitingChanges()).toBe(0);
  });

  it('keeps refused and synced changes for the panel while the screens read the device', async () => {
    const refused = await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    await store.data.toggleFavourite(2);
    const synced = await store.data.placeBid({ itemId: 2, priceEth: '5', quantity: 1 });
    await applyServerWord(createDbHandle(), {
      at: '2026-03-01T12:05:00.000Z',
      results: [
        { id: refused.id, status: 'refused', code: 'outbid', error: 'You were outbid.' },
        { id: synced.id, status: 'applied' },
      ],
    });
    // What every screen does: items, creators, counts (each reads the waiting changes).
    await store.data.getItem(1);
    await store.data.listCreators();
    expect(await store.data.favouriteCount(2)).toBeGreaterThan(0);
    expect(await store.data.countWaitingChanges()).toBe(1);
    expect((await queue()).map((m) => [m.kind, m.state])).toEqual([
      ['bid', 'refused'],
      ['favourite', 'waiting'],
      ['bid', 'synced'],
    ]);
  });

  it('undoes a refused favourite unless a later one waits', async () => {
    await store.data.toggleFavourite(1);
    const [m] = await queue();
    await applyServerWord(createDbHandle(), {
      at: '2026-03-01T12:05:00.000Z',
      results: [{ id: m?.id ?? '', status: 'refused', code: 'not-found', error: '' }],
    });
    expect(await store.data.isFavourite(1)).toBe(false);
    expect((await queue())[0]?.error).toBe('This no longer exists on the server.');
  });

  it("undoes a refused purchase and, when the server gave no words, tells it in Buy Now's", async () => {
    const purchase = await store.data.checkout({ itemId: 3, priceEth: '3.5' });
    await applyServerWord(createDbHandle(), {
      at: '2026-03-01T12:05:00.000Z',
      results: [{ id: purchase.id, status: 'refused', code: 'sold', error: '' }],
    });
    expect(await store.data.listPurchases()).toEqual([]);
    expect(await store.data.listActivity({ tags: ['Purchased'] })).toEqual([]);
    expect((await queue())[0]?.error).toBe('This item is already sold.');
  });

  it('applies pulled changes: server items replace the sample copy, counts are the server’s', async () => {
    const sample = await store.data.getItem(2);
    const handle = createDbHandle();
    await applyServerWord(handle, {
      at: '2026-03-01T12:05:00.000Z',
      cursor: 7,
      changes: [
        {
          seq: 6,
          topic: 'item',
          key: '2',
          data: { ...sample, highestBidEth: '9.5', ownerId: 3, favourites: 41 },
        },
        {
          seq: 7,
          topic: 'creator',
          key: '9',
          data: {
            id: 9,
            name: 'New Collector',
            handle: '@new',
            avatar: '/a.webp',
            banner: '/b.webp',
            verified: false,
            bio: '',
            volumeEth: '0',
            followers: 2,
            thumbnails: ['/a.webp', '/a.webp'],
          },
        },
      ],
    });
    expect(await readCursor(handle)).toBe(7);
    const item = await store.data.getItem(2);
    expect(item).toMatchObject({ highestBidEth: '9.5', ownerId: 3 });
    expect(await store.data.favouriteCount(2)).toBe(41);
    // A favourite waiting on the device counts once on top of the server's figure.
    await store.data.toggleFavourite(2);
    expect(await store.data.favouriteCount(2)).toBe(42);
    expect((await store.data.getCreator(9))?.name).toBe('New Collector');
    expect((await store.data.listItems()).items.filter((i) => i.id === 2)).toHaveLength(1);
  });

  it('keeps the ids in the order the writes were made', async () => {
    await store.data.toggleFavourite(1);
    await store.data.toggleFavourite(1);
    expect((await queue()).map((m) => m.id)).toEqual([mutationId(1), mutationId(2)]);
  });
});
