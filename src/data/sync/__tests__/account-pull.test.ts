// @vitest-environment node
// The account's own records pulled (docs/sync.md "The account's own records on every device"):
// without a cursor the device reads GET /api/me as a whole, then follows the account's log from
// its cursor; `reset` reads GET /api/me again; a live batch that starts past the device's cursor
// is a gap for a pull to fill. The items the account's records name that the device does not
// hold are fetched a few at a time, and until then the profile names the favourites not saved.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { readAccountCursor } from '../../device/meta';
import { accountOwner, SIGNED_OUT, type Owner } from '../../owner';
import type { CycleContext } from '../cycle';
import { fetchMissingItems, MISSING_ITEMS_PER_ASK } from '../account-items';
import { accountSync, pullAccountRecords } from '../account-pull';
import { FIRST_SERVER_ITEM_ID, type Change, type SnapshotPage } from '@shared/protocol';
import type { AccountChange, AccountPullResponse } from '@shared/account-channel';
import type { NotificationsPage } from '@shared/notifications';
import { NotificationsQuerySchema, parseQuery } from '@shared/list-query';
import { HISTORY_PAGE_MAX } from '@shared/history';

const first = FIRST_SERVER_ITEM_ID;
const me = accountOwner(7);
let store: TestStore;
/** Who is signed in on the device. */
let owner: Owner = me;
beforeEach(() => {
  owner = me;
  store = freshStore(undefined, () => owner);
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const itemRecord = (id: number): Change => ({
  seq: 5,
  topic: 'item',
  key: String(id),
  data: { ...makeItem({ id, title: `Item ${id}` }), favourites: 1 },
});
const favourite = (seq: number, itemId: number, on = true): AccountChange => ({
  seq,
  topic: 'favourite',
  key: String(itemId),
  data: on ? { on: true } : null,
});

interface Account {
  favourites: number[];
  cursor?: number;
  /** The answers of GET /api/me/changes, in turn (the last one repeats). */
  pages: AccountPullResponse[];
  /** GET /api/notifications's answer; 'down': no answer, as with no network; none: no route. */
  inbox?: NotificationsPage | 'down';
}

/**
 * A server for the account: GET /api/me answers `account`, GET /api/me/changes its pages in
 * turn, and it has the items `items`; `down` makes every item request fail as with no network.
 * Records what was asked and the most item requests in flight at once.
 */
function server(account: Account, items: Set<number>, options: { down?: boolean } = {}) {
  const asked: string[] = [];
  let inFlight = 0;
  const seen = { mostAtOnce: 0 };
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname === '/api/me') {
      const { favourites, cursor } = account;
      return json({ favourites, follows: [], profile: {}, bids: [], purchases: [], cursor });
    }
    if (url.pathname === '/api/notifications' && account.inbox) {
      if (account.inbox === 'down') throw new TypeError('Failed to fetch');
      // Asked within the server's own bounds (its schema), or refused as the server would.
      const query = parseQuery(
        NotificationsQuerySchema,
        (name) => url.searchParams.get(name) ?? undefined,
      );
      if (!query.ok) return json({ error: query.error }, 400);
      return json(account.inbox);
    }
    if (url.pathname === '/api/me/changes') {
      const answer = account.pages.length > 1 ? account.pages.shift() : account.pages[0];
      return json(
        answer ?? { changes: [], cursor: Number(url.searchParams.get('since')), more: false },
      );
    }
    if (url.pathname !== '/api/snapshot') return new Response('', { status: 404 });
    inFlight += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    if (options.down) throw new TypeError('Failed to fetch');
    const id = Number(/^focus:item:(\d+)$/.exec(url.searchParams.get('page') ?? '')?.[1]);
    const snapshot: SnapshotPage = {
      records: items.has(id) ? [itemRecord(id)] : [],
      cursor: 5,
      next: null,
    };
    return json(snapshot);
  }) as typeof fetch;
  const ctx: CycleContext = {
    db: createDbHandle(),
    fetch: fetcher,
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    owner: () => owner,
  };
  return { ctx, asked, seen };
}

const favouriteIds = async () => (await store.data.listFavourites()).map((item) => item.id);
const quiet = (cursor: number): AccountPullResponse => ({ changes: [], cursor, more: false });

describe("the account's records pulled", () => {
  it('reads GET /api/me without a cursor, then follows the log from its cursor', async () => {
    const { ctx, asked } = server(
      {
        favourites: [2],
        cursor: 40,
        pages: [{ changes: [favourite(41, 3)], cursor: 41, more: false }],
      },
      new Set(),
    );
    expect(await pullAccountRecords(ctx, me)).toEqual({
      kind: 'ok',
      landed: true,
      followed: true,
      more: false,
    });
    // This server has no inbox (GET /api/notifications is not there): the rest lands.
    expect(asked).toEqual([
      '/api/me',
      `/api/notifications?limit=${HISTORY_PAGE_MAX}`,
      '/api/me/changes?since=40&limit=500',
    ]);
    expect(await readAccountCursor(ctx.db, me)).toBe(41);
    expect((await favouriteIds()).sort()).toEqual([2, 3]);
    asked.length = 0;
    await pullAccountRecords(ctx, me);
    expect(asked, 'with a cursor, the log alone').toEqual(['/api/me/changes?since=41&limit=500']);
  });

  it("lands nothing of an answer for another account (the session changed under the cycle's feet)", async () => {
    const { ctx } = server(
      {
        favourites: [2],
        cursor: 40,
        pages: [{ changes: [favourite(41, 3)], cursor: 41, more: false, accountId: 8 }],
      },
      new Set(),
    );
    expect(await pullAccountRecords(ctx, me)).toEqual({ kind: 'signed-out' });
    expect(await readAccountCursor(ctx.db, me), "account 8's cursor is not account 7's").toBe(40);
    expect(await favouriteIds()).toEqual([2]);
  });

  it('reads the newest notifications with the whole account, or waits while they cannot come', async () => {
    const outbid = {
      id: 5,
      kind: 'outbid' as const,
      at: '2026-03-01T11:00:00.000Z',
      read: false,
      itemId: 2,
      image: null,
      actor: { id: 9, name: 'Bo' },
      facts: { title: 'Red Planet', priceEth: '2.5' },
    };
    const account: Account = { favourites: [2], cursor: 40, pages: [quiet(40)], inbox: 'down' };
    const { ctx } = server(account, new Set());
    expect(await pullAccountRecords(ctx, me)).toMatchObject({ kind: 'offline' });
    expect(await readAccountCursor(ctx.db, me), 'nothing landed').toBeNull();
    expect(await favouriteIds()).toEqual([]);

    account.inbox = { notifications: [outbid], next: null, unread: 1 };
    expect(await pullAccountRecords(ctx, me)).toMatchObject({ kind: 'ok', followed: true });
    expect(await readAccountCursor(ctx.db, me)).toBe(40);
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.listNotifications()).toEqual({ notifications: [outbid], next: null });
    expect(await store.data.unreadNotifications()).toBe(1);
  });

  it('reads the log while `more`, each page with its cursor', async () => {
    const { ctx, asked } = server(
      {
        favourites: [],
        cursor: 10,
        pages: [
          { changes: [favourite(11, 2)], cursor: 11, more: true },
          { changes: [favourite(12, 2, false), favourite(13, 4)], cursor: 13, more: false },
        ],
      },
      new Set(),
    );
    await pullAccountRecords(ctx, me);
    expect(asked.slice(2)).toEqual([
      '/api/me/changes?since=10&limit=500',
      '/api/me/changes?since=11&limit=500',
    ]);
    expect(await favouriteIds()).toEqual([4]);
    expect(await readAccountCursor(ctx.db, me)).toBe(13);
  });

  it('reads GET /api/me again when the server says reset', async () => {
    const account: Account = { favourites: [2], cursor: 20, pages: [quiet(20)] };
    const { ctx, asked } = server(account, new Set());
    await pullAccountRecords(ctx, me);
    // Far behind now: the server keeps no more of the log; the whole says 4, not 2.
    account.favourites = [4];
    account.cursor = 3000;
    account.pages = [{ changes: [], cursor: 20, more: false, reset: true }, quiet(3000)];
    asked.length = 0;
    await pullAccountRecords(ctx, me);
    expect(asked).toEqual([
      '/api/me/changes?since=20&limit=500',
      '/api/me',
      `/api/notifications?limit=${HISTORY_PAGE_MAX}`,
      '/api/me/changes?since=3000&limit=500',
    ]);
    expect(await favouriteIds()).toEqual([4]);
    expect(await readAccountCursor(ctx.db, me)).toBe(3000);
  });

  it('lands a live batch at its cursor, and reports a gap for a pull to fill', async () => {
    const { ctx } = server({ favourites: [], cursor: 30, pages: [quiet(30)] }, new Set());
    const sync = accountSync(ctx);
    const batch = { from: 30, cursor: 31, changes: [favourite(31, 2)] };
    expect(await sync.live(me, me, batch), 'no cursor yet: a pull reads the whole').toBe(false);
    await sync.pull(me);
    expect(await sync.live(me, me, batch)).toBe(true);
    expect(await favouriteIds()).toEqual([2]);
    expect(await readAccountCursor(ctx.db, me)).toBe(31);
    const gap = { from: 35, cursor: 36, changes: [favourite(36, 3)] };
    expect(await sync.live(me, me, gap)).toBe(false);
    expect(await favouriteIds()).toEqual([2]);
    // Another account signed in since the stream opened: nothing lands under either.
    owner = accountOwner(8);
    expect(await sync.live(owner, me, { from: 31, cursor: 32, changes: [favourite(32, 4)] })).toBe(
      false,
    );
    owner = me;
    expect(await favouriteIds()).toEqual([2]);
  });

  it('asks nothing while the app is signed out, or signed in as another account', async () => {
    const { ctx, asked } = server({ favourites: [2], cursor: 1, pages: [quiet(1)] }, new Set());
    const sync = accountSync(ctx);
    owner = SIGNED_OUT;
    expect(await sync.pull(me)).toBe(false);
    owner = accountOwner(8);
    expect(await sync.pull(me)).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe('the items the account names that the device does not hold', () => {
  const whole = (favourites: number[]): Account => ({ favourites, cursor: 1, pages: [quiet(1)] });

  it('are fetched and kept like an item opened', async () => {
    const { ctx, asked } = server(whole([first + 7, 2]), new Set([first + 7]));
    await accountSync(ctx).pull(me);
    expect(asked.filter((url) => url.startsWith('/api/snapshot'))).toEqual([
      '/api/snapshot?page=focus:item:100007',
    ]);
    expect(await favouriteIds()).toEqual([first + 7, 2]);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
    expect((await store.data.getItem(first + 7))?.title).toBe(`Item ${first + 7}`);
  });

  it('offline, are named instead of dropped, and fetched once back', async () => {
    const { ctx } = server(whole([first + 9, first + 3, 2]), new Set(), { down: true });
    await pullAccountRecords(ctx, me);
    expect(await fetchMissingItems(ctx, me)).toEqual({ kind: 'offline' });
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.favouritesNotSaved()).toEqual([first + 9, first + 3]);
    const online = server(whole([first + 9, first + 3, 2]), new Set([first + 9, first + 3]));
    expect(await fetchMissingItems(online.ctx, me)).toEqual({ kind: 'ok', fetched: 2 });
    expect(await favouriteIds()).toEqual([first + 9, first + 3, 2]);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
  });

  it("never names another owner's favourites", async () => {
    owner = SIGNED_OUT;
    await store.data.toggleFavourite(2);
    owner = me;
    const { ctx } = server(whole([first + 1]), new Set());
    await pullAccountRecords(ctx, me);
    expect(await store.data.favouritesNotSaved()).toEqual([first + 1]);
    owner = SIGNED_OUT;
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
  });

  it(`fetches at most ${MISSING_ITEMS_PER_ASK} an ask, 3 at a time`, async () => {
    const ids = Array.from({ length: 30 }, (_, i) => first + 100 + i);
    const { ctx, asked, seen } = server(whole(ids), new Set(ids));
    await pullAccountRecords(ctx, me);
    expect(await fetchMissingItems(ctx, me)).toEqual({
      kind: 'ok',
      fetched: MISSING_ITEMS_PER_ASK,
    });
    expect(asked.filter((url) => url.startsWith('/api/snapshot'))).toHaveLength(12);
    expect(seen.mostAtOnce).toBe(3);
    expect(await store.data.favouritesNotSaved()).toHaveLength(18);
    // The newest favourites come first.
    expect((await favouriteIds()).slice(0, 2)).toEqual([first + 100, first + 101]);
    await fetchMissingItems(ctx, me);
    await fetchMissingItems(ctx, me);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
    expect(await favouriteIds()).toHaveLength(30);
  });

  it('fetches the item of a bid or a purchase made on another device', async () => {
    const bid = first + 20;
    const bought = first + 21;
    const { ctx, asked } = server(
      {
        favourites: [],
        cursor: 1,
        pages: [
          {
            changes: [
              {
                seq: 2,
                topic: 'bid',
                key: 'b1',
                data: {
                  id: 'b1',
                  itemId: bid,
                  priceEth: '1.5',
                  quantity: 1,
                  bidder: 'Ada',
                  at: '2026-03-01T11:00:00.000Z',
                  status: 'active',
                },
              },
              {
                seq: 3,
                topic: 'purchase',
                key: 'p1',
                data: {
                  id: 'p1',
                  itemId: bought,
                  priceEth: '2',
                  buyer: 'Ada',
                  at: '2026-03-01T11:00:00.000Z',
                },
              },
            ],
            cursor: 3,
            more: false,
          },
        ],
      },
      new Set([bid, bought]),
    );
    await accountSync(ctx).pull(me);
    expect(asked.filter((url) => url.startsWith('/api/snapshot')).sort()).toEqual([
      `/api/snapshot?page=focus:item:${bid}`,
      `/api/snapshot?page=focus:item:${bought}`,
    ]);
    expect((await store.data.getItem(bought))?.ownerId).toBe(0);
    expect((await store.data.listBids(bid)).map((b) => b.status)).toEqual(['active']);
  });
});
