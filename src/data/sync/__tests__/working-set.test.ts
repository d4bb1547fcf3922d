// @vitest-environment node
// The device's working set (docs/sync.md "Working set"): the log stores an item only when the
// device holds it or it is new, a bid only for an item held; past WORKING_SET_ITEMS the least
// recently seen items go, with their bids, never one the collector's own records are about.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  freshStore,
  makeCreator,
  makeItem,
  sampleFixture,
  type TestStore,
} from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { PUBLIC, SIGNED_OUT, accountOwner } from '../../owner';
import { applyServerWord } from '../apply';
import { finishSnapshot } from '../snapshot-end';
import {
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  WORKING_SET_ITEMS,
  type Change,
} from '@shared/protocol';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();
const serverItem = (id: number) => ({ ...makeItem({ id, title: `Item ${id}` }), favourites: 0 });
const itemChange = (seq: number, id: number): Change => ({
  seq,
  topic: 'item',
  key: String(id),
  data: serverItem(id),
});
const bidChange = (seq: number, id: string, itemId: number): Change => ({
  seq,
  topic: 'bid',
  key: id,
  data: { id, itemId, priceEth: '2', quantity: 1, bidder: 'Someone', at: at(5) },
});

async function heldIds(): Promise<number[]> {
  const db = await createDbHandle().get();
  return (await db.getAllKeys('remoteItems')).filter((id) => id >= FIRST_SERVER_ITEM_ID);
}

async function heldBids(): Promise<string[]> {
  const db = await createDbHandle().get();
  return db.getAllKeys('bids');
}

const first = FIRST_SERVER_ITEM_ID;

describe('the log and the working set', () => {
  it('stores an item it holds or a new one, not one it does not hold; bids only for items held', async () => {
    const db = createDbHandle();
    // A list the collector opened: two items, now held.
    await applyServerWord(db, {
      changes: [itemChange(10, first + 5), itemChange(10, first + 9)],
      at: at(1),
    });
    await applyServerWord(db, {
      fromLog: true,
      cursor: 20,
      at: at(2),
      changes: [
        itemChange(11, first + 5), // held: updated
        itemChange(12, first + 7), // older than the newest held, not held: skipped
        bidChange(13, 'b-held', first + 5),
        bidChange(14, 'b-skipped', first + 7),
        itemChange(15, first + 20), // new: made after every item held
        bidChange(16, 'b-new', first + 20),
        bidChange(17, 'b-sample', 1), // a sample item is always held
      ],
    });
    expect(await heldIds()).toEqual([first + 5, first + 9, first + 20]);
    expect((await heldBids()).sort()).toEqual(['b-held', 'b-new', 'b-sample']);
    // A list that shows the skipped item stores it (the lists ask the server for what is not held).
    await applyServerWord(db, { changes: [itemChange(18, first + 7)], at: at(3) });
    expect(await heldIds()).toEqual([first + 5, first + 7, first + 9, first + 20]);
  });

  it('keeps the newest seen items past the cap, never a favourite, an item bid on or bought, or an item with a waiting change', async () => {
    // Two collectors share the device: one signed in, then one signed out.
    let owner = accountOwner(7);
    store.data.close();
    store = freshStore(sampleFixture(), () => owner);
    const db = createDbHandle();
    const old = Array.from({ length: 150 }, (_, i) => itemChange(10, first + i));
    await applyServerWord(db, { changes: old, at: at(1) });
    await applyServerWord(db, { changes: [bidChange(11, 'b-old', first + 1)], at: at(1) });
    // Their bids and a purchase, each settled (no waiting change keeps its item): bids the server
    // accepted but has not sent back, one whose server copy replaced it, a purchase.
    const account = await store.data.placeBid({ itemId: first + 4, priceEth: '4', quantity: 1 });
    owner = SIGNED_OUT;
    const signedOut = await store.data.placeBid({ itemId: first + 5, priceEth: '4', quantity: 1 });
    const replaced = await store.data.placeBid({ itemId: first + 6, priceEth: '4', quantity: 1 });
    const bought = await store.data.checkout({ itemId: first + 7, priceEth: '3.5' });
    await applyServerWord(db, {
      results: [account, signedOut, replaced, bought].map(({ id }) => ({
        id,
        status: 'applied' as const,
      })),
      changes: [bidChange(11, replaced.id, first + 6)],
      at: at(1),
    });
    const stored = await db.get();
    expect(await stored.get('bids', replaced.id)).toMatchObject({ owner: PUBLIC, by: SIGNED_OUT });
    expect((await stored.getAll('mutations')).filter((m) => m.state === 'waiting')).toEqual([]);
    // The collector's own: a favourite, and an item favourited then not (two waiting changes).
    await store.data.toggleFavourite(first + 2);
    await store.data.toggleFavourite(first + 3);
    await store.data.toggleFavourite(first + 3);
    const recent = Array.from({ length: WORKING_SET_ITEMS - 10 }, (_, i) =>
      itemChange(12, first + 1000 + i),
    );
    await applyServerWord(db, { changes: recent, at: at(2) });
    const held = await heldIds();
    expect(held.length).toBeLessThanOrEqual(WORKING_SET_ITEMS);
    expect(held).toContain(first + 2);
    expect(held).toContain(first + 3);
    expect(held).toContain(first + 4);
    expect(held).toContain(first + 5);
    expect(held).toContain(first + 6);
    expect(held).toContain(first + 7);
    expect(held).toContain(first + 1000);
    expect(held).toContain(first + 1000 + WORKING_SET_ITEMS - 11);
    expect(held.length).toBeGreaterThan(WORKING_SET_ITEMS - 20);
    expect(held).not.toContain(first + 1);
    expect(await heldBids()).not.toContain('b-old');
    // The app still reads the favourite.
    expect((await store.data.listFavourites()).map((item) => item.id)).toEqual([first + 2]);
  }, 30_000);
});

const firstAccount = FIRST_ACCOUNT_ID;
const creatorChange = (seq: number, id: number, followers = 0): Change => ({
  seq,
  topic: 'creator',
  key: String(id),
  data: { ...makeCreator({ id, name: `Maker ${id}` }), followers },
});

async function heldCreators(): Promise<number[]> {
  const db = await createDbHandle().get();
  return (await db.getAllKeys('remoteCreators')).filter((id) => id >= firstAccount);
}

describe('the log and the creators a device holds', () => {
  it('stores a creator it holds, a new one, one followed here or the account’s own; not another', async () => {
    store.data.close();
    store = freshStore(sampleFixture(), () => accountOwner(firstAccount + 3));
    const db = createDbHandle();
    await store.data.saveAccount({
      name: 'Me',
      email: 'me@example.com',
      passwordHash: 'aGFzaA==',
      salt: 'c2FsdA==',
      iterations: 310000,
      createdAt: at(0),
      serverId: firstAccount + 3,
    });
    // A creators list the collector opened: two creators, now held.
    await applyServerWord(db, {
      changes: [creatorChange(10, firstAccount + 5), creatorChange(10, firstAccount + 9)],
      at: at(1),
    });
    // A follow made on another device of the account, its creator not held here.
    await (
      await db.get()
    ).put('follows', {
      owner: accountOwner(firstAccount + 3),
      creatorId: firstAccount + 2,
      at: at(1),
    });
    await applyServerWord(db, {
      fromLog: true,
      cursor: 20,
      at: at(2),
      changes: [
        creatorChange(11, firstAccount + 5, 4), // held: updated
        creatorChange(12, firstAccount + 7), // older than the newest held, not held: skipped
        creatorChange(13, firstAccount + 2), // followed here: stored
        creatorChange(14, firstAccount + 3), // the signed-in account's own: stored
        creatorChange(15, firstAccount + 20), // new: made after every creator held
      ],
    });
    expect(await heldCreators()).toEqual([
      firstAccount + 2,
      firstAccount + 3,
      firstAccount + 5,
      firstAccount + 9,
      firstAccount + 20,
    ]);
    expect((await store.data.getCreator(firstAccount + 5))?.followers).toBe(4);
    // A snapshot that no longer has them keeps the followed and the own, and drops the rest.
    await finishSnapshot(db, 30);
    expect(await heldCreators()).toEqual([firstAccount + 2, firstAccount + 3]);
  });
});
