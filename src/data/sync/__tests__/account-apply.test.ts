// @vitest-environment node
// The account's own records landed on the device (docs/sync.md "The account's own records on
// every device"): each topic of the account's log lands with the account's cursor in one
// transaction, a record that is not its topic's is skipped, a waiting change of this device keeps
// its word, GET /api/me lands as the whole of the account's records (watched searches among them),
// and another owner's records are never touched; deleting the account's data takes its cursor with it, signing out the
// cursor alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logOut } from '../../logout';
import { useSessionStore } from '../../session-store';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle, type DbHandle } from '../../device/db';
import { accountCursorKey, readAccountCursor } from '../../device/meta';
import { accountOwner, ownerOfUser, PUBLIC, setOwnerSource, type Owner } from '../../owner';
import { applyAccountChanges, applyAccountWhole, type AccountWhole } from '../account-apply';
import { FIRST_SERVER_ITEM_ID } from '@shared/protocol';
import type { AccountChange } from '@shared/account-channel';
import { watched } from '@shared/__tests__/watch-search';
import { watchKey } from '@shared/watch';

const me = accountOwner(7);
const other = accountOwner(8);
const AT = '2026-03-01T12:00:00.000Z';
let store: TestStore;
let owner: Owner = me;
let db: DbHandle;
beforeEach(() => {
  owner = me;
  store = freshStore(undefined, () => owner);
  db = createDbHandle();
});
afterEach(() => {
  useSessionStore.getState().signOut();
  vi.unstubAllGlobals();
});

let seq = 0;
const entry = (topic: AccountChange['topic'], key: string, data: unknown): AccountChange => ({
  seq: ++seq,
  topic,
  key,
  data,
});
const land = (changes: AccountChange[], who: Owner = me) =>
  applyAccountChanges(db, { owner: who, changes, cursor: seq, at: AT });

const serverBid = (id: string, itemId: number, status: string) => ({
  id,
  itemId,
  priceEth: '4.2',
  quantity: 1,
  bidder: 'Ada',
  at: '2026-03-01T11:00:00.000Z',
  status,
});
const whole = (fields: Partial<AccountWhole> = {}): AccountWhole => ({
  favourites: [],
  follows: [],
  profile: {},
  bids: [],
  purchases: [],
  cursor: 40,
  ...fields,
});
const favouriteIds = async () => (await store.data.listFavourites()).map((item) => item.id);

describe("the account's log on the device", () => {
  it('lands every topic, with the cursor, in one go', async () => {
    const upload = FIRST_SERVER_ITEM_ID + 3;
    const landed = await land([
      entry('favourite', '2', { on: true }),
      entry('follow', '3', { on: true }),
      entry('profile', 'social', { fields: { twitter: '@ada' }, version: 4 }),
      entry('bid', 'b1', serverBid('b1', 2, 'outbid')),
      entry('offer-received', 'b2', serverBid('b2', 4, 'active')),
      entry('purchase', 'p1', {
        id: 'p1',
        itemId: 5,
        priceEth: '3.5',
        buyer: 'Ada',
        at: '2026-03-01T11:30:00.000Z',
      }),
      entry('upload', String(upload), {
        ...makeItem({ id: upload, title: 'Made on my phone', creatorId: 7, ownerId: 7 }),
        liveDate: null,
        favourites: 0,
        bidCount: 0,
      }),
      entry('message', 'm1', { kind: 'contact', at: AT, fields: { message: 'Hello' } }),
    ]);
    expect(landed).toBe(8);
    expect(await readAccountCursor(db, me)).toBe(seq);
    expect(await favouriteIds()).toEqual([2]);
    expect((await store.data.listFollows()).map((c) => c.id)).toEqual([3]);
    expect(await store.data.loadProfile()).toEqual({ social: { twitter: '@ada' } });
    const section = await (await db.get()).get('profile', [me, 'social']);
    expect(section?.version).toBe(4);
    // The bid's status shows on the item page; it is the collector's (never trimmed).
    const bids = await store.data.listBids(2);
    expect(bids.map((b) => [b.id, b.status])).toEqual([['b1', 'outbid']]);
    expect((await (await db.get()).get('bids', 'b1'))?.by).toBe(me);
    expect((await store.data.listBids(4)).map((b) => [b.id, b.status])).toEqual([['b2', 'active']]);
    expect((await store.data.listPurchases()).map((p) => p.id)).toEqual(['p1']);
    expect((await store.data.getItem(5))?.ownerId).toBe(0);
    // The upload is the collector's own listing (the server names them by their id).
    const made = await store.data.getItem(upload);
    expect(made?.title).toBe('Made on my phone');
    expect(made?.creatorId).toBe(0);
    expect((await store.data.listStoredMessages()).map((m) => [m.id, m.delivery])).toEqual([
      ['m1', 'sent'],
    ]);
  });

  it('updates a bid status and takes off what is gone', async () => {
    await land([
      entry('bid', 'b1', serverBid('b1', 2, 'active')),
      entry('favourite', '3', { on: true }),
    ]);
    await land([
      entry('bid', 'b1', serverBid('b1', 2, 'won')),
      entry('favourite', '3', null),
      entry('follow', '2', { on: true }),
      entry('follow', '2', null),
    ]);
    expect((await store.data.listBids(2)).map((b) => b.status)).toEqual(['won']);
    expect(await favouriteIds()).toEqual([]);
    expect(await store.data.listFollows()).toEqual([]);
  });

  it('skips a record that is not its topic’s, and lands the rest', async () => {
    const landed = await land([
      entry('favourite', '2', { on: 'yes' }),
      entry('bid', 'b9', { ...serverBid('b9', 2, 'leading') }),
      entry('profile', 'personal', { fields: { name: 'Ada' } }),
      entry('favourite', '4', { on: true }),
    ]);
    expect(landed).toBe(1);
    expect(await favouriteIds()).toEqual([4]);
    expect(await store.data.listBids(2)).toEqual([]);
    expect(await store.data.loadProfile()).toEqual({});
    expect(await readAccountCursor(db, me)).toBe(seq);
  });

  it("keeps this device's waiting change of a record", async () => {
    await store.data.toggleFavourite(2); // Waiting: favourited here.
    await store.data.saveProfileSection('social', { twitter: '@mine' }); // Waiting.
    await land([
      entry('favourite', '2', null),
      entry('profile', 'social', { fields: { twitter: '@theirs' }, version: 2 }),
      entry('profile', 'contact', { fields: { phone: '123' }, version: 1 }),
    ]);
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.loadProfile()).toEqual({
      social: { twitter: '@mine' },
      contact: { phone: '123' },
    });
  });

  it('passes over entries at or before the cursor (landed before by the stream or a tab)', async () => {
    const first = entry('favourite', '2', { on: true });
    await land([first]);
    await store.data.toggleFavourite(2); // Taken off here and synced: no longer waiting.
    const conn = await db.get();
    for (const m of await conn.getAll('mutations'))
      await conn.put('mutations', { ...m, state: 'synced' });
    expect(
      await applyAccountChanges(db, { owner: me, changes: [first], cursor: seq, at: AT }),
    ).toBe(0);
    expect(await favouriteIds()).toEqual([]);
  });

  it("never touches another account's records", async () => {
    owner = other;
    await store.data.toggleFavourite(3);
    owner = me;
    await land([entry('favourite', '2', { on: true }), entry('favourite', '3', null)]);
    expect(await favouriteIds()).toEqual([2]);
    owner = other;
    expect(await favouriteIds()).toEqual([3]);
    expect(await readAccountCursor(db, other)).toBeNull();
  });
});

describe('GET /api/me as the whole of the account', () => {
  it('lands its lists, profile, bids and purchases, and takes its cursor', async () => {
    await land([entry('favourite', '1', { on: true }), entry('follow', '1', { on: true })]);
    await applyAccountWhole(
      db,
      me,
      whole({
        favourites: [4, 2],
        follows: [3],
        profile: { personal: { name: 'Ada' }, bogus: { name: 'x' } },
        bids: [serverBid('b1', 2, 'active'), { id: 'broken' }],
        purchases: [{ id: 'p1', itemId: 5, priceEth: '3.5', buyer: 'Ada', at: AT }],
        cursor: 40,
      }),
      AT,
    );
    expect(await favouriteIds(), 'newest first, as the server lists them').toEqual([4, 2]);
    expect((await store.data.listFollows()).map((c) => c.id)).toEqual([3]);
    expect(await store.data.loadProfile()).toEqual({ personal: { name: 'Ada' } });
    expect((await store.data.listBids(2)).map((b) => b.id)).toEqual(['b1']);
    expect((await store.data.listPurchases()).map((p) => p.id)).toEqual(['p1']);
    expect(await readAccountCursor(db, me)).toBe(40);
    // After a reset the server's cursor may be behind the device's: it is taken as it is.
    await applyAccountWhole(db, me, whole({ favourites: [4, 2], follows: [3], cursor: 12 }), AT);
    expect(await readAccountCursor(db, me)).toBe(12);
  });

  it("lands each section with its version, so the device's next save is based on it", async () => {
    const version = async (section: 'personal' | 'social') =>
      (await (await db.get()).get('profile', [me, section]))?.version;
    await applyAccountWhole(
      db,
      me,
      whole({
        profile: { personal: { name: 'Ada' }, social: { twitter: '@ada' } },
        profileVersions: { personal: 3, social: 1 },
      }),
      AT,
    );
    expect(await version('personal')).toBe(3);
    expect(await version('social')).toBe(1);
    // An answer that names no version (an older server) keeps the one the device holds.
    await applyAccountWhole(db, me, whole({ profile: { personal: { name: 'Ada L.' } } }), AT);
    expect(await store.data.loadProfile()).toMatchObject({ personal: { name: 'Ada L.' } });
    expect(await version('personal')).toBe(3);
  });

  it('keeps no cursor from a server that names none', async () => {
    await applyAccountWhole(db, me, whole({ favourites: [2], cursor: undefined }), AT);
    expect(await favouriteIds()).toEqual([2]);
    expect(await readAccountCursor(db, me)).toBeNull();
  });
});

describe('deleting the account from the device', () => {
  it("takes its cursor and records, and leaves another account's", async () => {
    await land([
      entry('favourite', '2', { on: true }),
      entry('bid', 'b1', serverBid('b1', 2, 'active')),
    ]);
    await land([entry('favourite', '3', { on: true })], other);
    await store.data.deleteAllUserData();
    expect(await readAccountCursor(db, me)).toBeNull();
    expect(await favouriteIds()).toEqual([]);
    owner = other;
    expect(await favouriteIds()).toEqual([3]);
    expect(await readAccountCursor(db, other)).toBe(seq);
    // The bid stays everyone's: the server keeps it.
    expect((await (await db.get()).get('bids', 'b1'))?.owner).toBe(PUBLIC);
    expect(await (await db.get()).get('syncMeta', accountCursorKey(me))).toBeUndefined();
  });
});

const neon = watched({ q: 'Neon Cat', market: 'music' });
const games = watched({ category: 'Games' });
const listed = async () => (await store.data.listSavedSearches()).map((s) => s.q || s.category);

describe('watched searches (topic saved-search)', () => {
  it('lands a search saved and removed on another device, checked by its key', async () => {
    await land([
      entry('saved-search', watchKey(neon), neon),
      entry('saved-search', watchKey(games), games),
    ]);
    expect(new Set(await listed())).toEqual(new Set(['Neon Cat', 'Games']));
    // A key that is not the search's own is skipped; a removal takes it off.
    await land([
      entry('saved-search', 'not its key', watched({ q: 'other' })),
      entry('saved-search', watchKey(games), null),
    ]);
    expect(await listed()).toEqual(['Neon Cat']);
  });

  it('keeps the word of a change this device still waits to push', async () => {
    await store.data.setSearchWatched(neon, true);
    await land([entry('saved-search', watchKey(neon), null)]);
    expect(await listed()).toEqual(['Neon Cat']);
  });

  it('lands GET /api/me as the whole list, newest first', async () => {
    await land([entry('saved-search', watchKey(games), games)]);
    const savedSearches = [neon, watched({ q: 'glow', sale: 'auctions' }), { q: 5 }];
    await applyAccountWhole(db, me, whole({ savedSearches }), AT);
    expect(await listed()).toEqual(['Neon Cat', 'glow']);
  });

  it('shows another account none of them, and go with the account’s data', async () => {
    await land([entry('saved-search', watchKey(neon), neon)]);
    await land([entry('saved-search', watchKey(games), games)], other);
    owner = other;
    expect(await listed()).toEqual(['Games']);
    owner = me;
    expect(await listed()).toEqual(['Neon Cat']);
    expect((await store.data.countUserData()).savedSearches).toBe(1);
    await store.data.deleteAllUserData();
    expect(await listed()).toEqual([]);
    owner = other;
    expect(await listed()).toEqual(['Games']);
  });
});

describe('signing out', () => {
  it("forgets the account's cursor; its records stay locked under it, another's untouched", async () => {
    await land([entry('favourite', '2', { on: true })]);
    await land([entry('favourite', '3', { on: true })], other);
    useSessionStore.getState().signIn({ id: 7, name: 'Ada', email: 'a@b.co', avatar: null }, true);
    setOwnerSource(() => ownerOfUser(useSessionStore.getState().user));
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await import('../client'); // Loaded: the wait below is the sign-out's, not the module's.
    logOut();
    await vi.waitFor(async () => expect(await readAccountCursor(db, me)).toBeNull(), {
      timeout: 4000,
    });
    expect(await readAccountCursor(db, other)).toBe(seq);
    // The lock screen opens them again offline; the next sign-in reads GET /api/me as a whole.
    expect(await favouriteIds()).toEqual([2]);
    owner = other;
    expect(await favouriteIds()).toEqual([3]);
  });
});
