// Favourites made on another device of the account (docs/sync.md "Favourites from another
// device"): GET /api/me says which items the account favourites; they land under the account, a
// waiting change of this device winning; their items the device does not hold are fetched a few
// at a time, and until then the device says which favourites it does not hold.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { accountOwner, SIGNED_OUT } from '../../owner';
import type { CycleContext } from '../cycle';
import { MISSING_FAVOURITES_PER_ASK, pullOwnFavourites } from '../own-favourites';
import { FIRST_SERVER_ITEM_ID, type Change, type SnapshotPage } from '@shared/protocol';

const first = FIRST_SERVER_ITEM_ID;
const me = accountOwner(7);
let store: TestStore;
/** Who is signed in on the device. */
let owner = me;
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

/**
 * A server whose account favourites `favourites` (newest first) and which has the items
 * `items`; `down` makes every item request fail as with no network. Records what was asked and
 * the most item requests in flight at once.
 */
function server(favourites: number[], items: Set<number>, options: { down?: boolean } = {}) {
  const asked: string[] = [];
  let inFlight = 0;
  const seen = { mostAtOnce: 0 };
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname === '/api/me') return json({ favourites });
    if (url.pathname !== '/api/snapshot') return new Response('', { status: 404 });
    inFlight += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    if (options.down) throw new TypeError('Failed to fetch');
    const id = Number(/^focus:item:(\d+)$/.exec(url.searchParams.get('page') ?? '')?.[1]);
    const page: SnapshotPage = {
      records: items.has(id) ? [itemRecord(id)] : [],
      cursor: 5,
      next: null,
    };
    return json(page);
  }) as typeof fetch;
  const ctx: CycleContext = {
    db: createDbHandle(),
    fetch: fetcher,
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    owner: () => me,
  };
  return { ctx, asked, seen };
}

const favouriteIds = async () => (await store.data.listFavourites()).map((item) => item.id);

describe('favourites from another device', () => {
  it('lands them under the account and fetches the items the device does not hold', async () => {
    const { ctx, asked } = server([first + 7, 2], new Set([first + 7]));
    expect(await pullOwnFavourites(ctx, me)).toEqual({ kind: 'ok', fetched: 1 });
    expect(asked).toEqual(['/api/me', '/api/snapshot?page=focus:item:100007']);
    expect(await favouriteIds()).toEqual([first + 7, 2]);
    expect(await store.data.isFavourite(first + 7)).toBe(true);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
    // Kept like an item opened: it opens offline afterwards.
    expect((await store.data.getItem(first + 7))?.title).toBe(`Item ${first + 7}`);
  });

  it('offline, names the favourites it does not hold instead of dropping them', async () => {
    const { ctx } = server([first + 9, first + 3, 2], new Set(), { down: true });
    const result = await pullOwnFavourites(ctx, me);
    expect(result).toEqual({ kind: 'offline' });
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.favouritesNotSaved()).toEqual([first + 9, first + 3]);
    // Back online: the next ask fetches them.
    const online = server([first + 9, first + 3, 2], new Set([first + 9, first + 3]));
    expect(await pullOwnFavourites(online.ctx, me)).toEqual({ kind: 'ok', fetched: 2 });
    expect(await favouriteIds()).toEqual([first + 9, first + 3, 2]);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
  });

  it("removes one taken off on another device; this device's waiting change wins", async () => {
    await store.data.toggleFavourite(1); // Synced below: the server has it.
    const { ctx } = server([1], new Set());
    await pullOwnFavourites(ctx, me);
    const db = await createDbHandle().get();
    for (const made of await db.getAll('mutations')) {
      await db.put('mutations', { ...made, state: 'synced' });
    }
    await store.data.toggleFavourite(3); // Waiting: the server does not know it yet.
    await store.data.toggleFavourite(4);
    await store.data.toggleFavourite(4); // Taken off here, waiting.
    // Another device took 1 off and favourited 5; the server's list still has 4 (not pushed).
    const other = server([5, 4], new Set());
    await pullOwnFavourites(other.ctx, me);
    expect((await favouriteIds()).sort()).toEqual([3, 5]);
    expect((await store.data.listActivity()).map((e) => e.id)).not.toContain('like-1');
  });

  it('never touches the favourites of another owner on the device', async () => {
    owner = SIGNED_OUT;
    await store.data.toggleFavourite(2);
    owner = me;
    const { ctx } = server([first + 1], new Set());
    await pullOwnFavourites(ctx, me);
    expect(await store.data.favouritesNotSaved()).toEqual([first + 1]);
    owner = SIGNED_OUT;
    expect(await favouriteIds()).toEqual([2]);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
  });

  it(`fetches at most ${MISSING_FAVOURITES_PER_ASK} items an ask, 3 at a time`, async () => {
    const ids = Array.from({ length: 30 }, (_, i) => first + 100 + i);
    const { ctx, asked, seen } = server(ids, new Set(ids));
    expect(await pullOwnFavourites(ctx, me)).toEqual({
      kind: 'ok',
      fetched: MISSING_FAVOURITES_PER_ASK,
    });
    expect(asked.filter((url) => url.startsWith('/api/snapshot'))).toHaveLength(12);
    expect(seen.mostAtOnce).toBe(3);
    expect(await store.data.favouritesNotSaved()).toHaveLength(18);
    // The newest favourites come first.
    expect((await favouriteIds()).slice(0, 2)).toEqual([first + 100, first + 101]);
    await pullOwnFavourites(ctx, me);
    await pullOwnFavourites(ctx, me);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
    expect(await favouriteIds()).toHaveLength(30);
  });
});
