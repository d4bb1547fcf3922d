// @vitest-environment node
// Bounded on the device (docs/sync.md "Working set"): everybody's new items from the log stay
// within ARRIVED_ITEMS and never push out what the collector listed, opened, favourited, bid on or
// bought; creators are trimmed by count, never one followed, the account's own, the creator of a
// protected item or one a waiting change is about.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  freshStore,
  makeCreator,
  makeItem,
  sampleFixture,
  type TestStore,
} from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { accountOwner } from '../../owner';
import { applyServerWord } from '../apply';
import {
  ARRIVED_ITEMS,
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  WORKING_SET_CREATORS,
  WORKING_SET_ITEMS,
  type Change,
} from '@shared/protocol';

const me = FIRST_ACCOUNT_ID + 3;
let store: TestStore;
beforeEach(async () => {
  store = freshStore(sampleFixture(), () => accountOwner(me));
  await store.data.saveAccount({
    name: 'Me',
    email: 'me@example.com',
    passwordHash: 'aGFzaA==',
    salt: 'c2FsdA==',
    iterations: 310000,
    createdAt: at(0),
    serverId: me,
  });
});

const first = FIRST_SERVER_ITEM_ID;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();
const itemChange = (seq: number, id: number, creatorId = 1): Change => ({
  seq,
  topic: 'item',
  key: String(id),
  data: { ...makeItem({ id, title: `Item ${id}`, creatorId }), favourites: 0 },
});
const creatorChange = (seq: number, id: number): Change => ({
  seq,
  topic: 'creator',
  key: String(id),
  data: { ...makeCreator({ id, name: `Maker ${id}` }), followers: 0 },
});
const range = (from: number, length: number) => Array.from({ length }, (_, i) => from + i);

async function held(store: 'remoteItems' | 'remoteCreators', from: number): Promise<number[]> {
  const db = await createDbHandle().get();
  return (await db.getAllKeys(store)).filter((id) => id >= from);
}

/** Marks every waiting change applied, as the server's answer to a push does. */
async function settleAll(minute: number) {
  const db = createDbHandle();
  const waiting = (await (await db.get()).getAll('mutations')).filter((m) => m.state === 'waiting');
  const results = waiting.map(({ id }) => ({ id, status: 'applied' as const }));
  await applyServerWord(db, { results, changes: [], at: at(minute) });
}

/** `count` new items from the log, in batches of `batch`, after id `from`. */
async function arriveFromLog(from: number, count: number, batch: number, seq: number) {
  const db = createDbHandle();
  const unseen: number[] = [];
  for (let start = 0; start < count; start += batch) {
    seq += 1;
    const changes = range(from + start, batch).map((id) => itemChange(seq, id));
    await applyServerWord(db, { fromLog: true, cursor: seq, at: at(30), changes });
    const stored = await (await db.get()).getAllFromIndex('remoteItems', 'seenAt', -1);
    unseen.push(stored.length);
  }
  return unseen;
}

describe('new items from the log and what the collector saw', () => {
  it('keeps every item listed, opened, favourited, bid on or bought while 5,000 arrive', async () => {
    const db = createDbHandle();
    const listed = range(first, 1_000);
    await applyServerWord(db, { changes: listed.map((id) => itemChange(10, id)), at: at(1) });
    const opened = range(first + 1_000, 30);
    for (const id of opened)
      await applyServerWord(db, { changes: [itemChange(11, id)], at: at(2) });
    await store.data.toggleFavourite(first + 3);
    await store.data.placeBid({ itemId: first + 4, priceEth: '4', quantity: 1 });
    await store.data.checkout({ itemId: first + 5, priceEth: '3.5' });
    await settleAll(3);

    const unseen = await arriveFromLog(first + 10_000, 5_000, 200, 100);
    expect(Math.max(...unseen)).toBeLessThanOrEqual(ARRIVED_ITEMS);
    const after = await held('remoteItems', first);
    expect(after.length).toBeLessThanOrEqual(WORKING_SET_ITEMS);
    for (const id of [...listed, ...opened]) expect(after).toContain(id);
    // The newest arrivals head the home page: the newest is held, the oldest went.
    expect(after).toContain(first + 10_000 + 4_999);
    expect(after).not.toContain(first + 10_000);
    expect((await store.data.listFavourites()).map((item) => item.id)).toEqual([first + 3]);

    // One the collector opens is theirs from then on: more arrivals never push it out.
    await applyServerWord(db, { changes: [itemChange(200, first + 10_000 + 4_999)], at: at(40) });
    await arriveFromLog(first + 20_000, 1_000, 250, 300);
    const later = await held('remoteItems', first);
    expect(later).toContain(first + 10_000 + 4_999);
    for (const id of [...listed, ...opened]) expect(later).toContain(id);
  }, 60_000);
});

describe('creators by count', () => {
  it('trims the least recently seen creators past the cap, never a protected one', async () => {
    const db = createDbHandle();
    const followed = FIRST_ACCOUNT_ID + 2;
    const ofFavourite = FIRST_ACCOUNT_ID + 4;
    const followWaiting = FIRST_ACCOUNT_ID + 5;
    const oldest = [FIRST_ACCOUNT_ID + 6, FIRST_ACCOUNT_ID + 7];
    await applyServerWord(db, {
      changes: [followed, me, ofFavourite, followWaiting, ...oldest].map((id) =>
        creatorChange(10, id),
      ),
      at: at(1),
    });
    await applyServerWord(db, { changes: [itemChange(10, first, ofFavourite)], at: at(1) });
    await store.data.toggleFavourite(first);
    await store.data.toggleFollow(followed);
    await settleAll(2);
    await store.data.toggleFollow(followWaiting); // waiting: not yet pushed

    // The collector lists more creators than the cap, the newest page last.
    const earlier = range(FIRST_ACCOUNT_ID + 100, 500);
    const recent = range(FIRST_ACCOUNT_ID + 1_000, WORKING_SET_CREATORS - 400);
    await applyServerWord(db, { changes: earlier.map((id) => creatorChange(20, id)), at: at(3) });
    await applyServerWord(db, { changes: recent.map((id) => creatorChange(21, id)), at: at(5) });
    const trimmed = await held('remoteCreators', FIRST_ACCOUNT_ID);
    expect(trimmed.length).toBeLessThanOrEqual(WORKING_SET_CREATORS);
    for (const id of [followed, me, ofFavourite, followWaiting]) expect(trimmed).toContain(id);
    for (const id of recent) expect(trimmed).toContain(id);
    for (const id of oldest) expect(trimmed).not.toContain(id);
    expect(trimmed).not.toContain(earlier[0]);

    // Everybody's new creators from the log never push out one the collector listed.
    const arrived = range(FIRST_ACCOUNT_ID + 5_000, 500);
    for (let i = 0; i < arrived.length; i += 100) {
      const changes = arrived.slice(i, i + 100).map((id) => creatorChange(30 + i, id));
      await applyServerWord(db, { fromLog: true, cursor: 30 + i, at: at(6), changes });
    }
    const after = await held('remoteCreators', FIRST_ACCOUNT_ID);
    expect(after.length).toBeLessThanOrEqual(WORKING_SET_CREATORS + 50);
    for (const id of [followed, me, ofFavourite, followWaiting]) expect(after).toContain(id);
    for (const id of recent) expect(after).toContain(id);
  }, 60_000);
});
