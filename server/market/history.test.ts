// The counts the server keeps (favourites, bids, followers as counter columns) under concurrent
// writers, and the pages of history served from the tables: an item's bids, the activity and
// an account's bids, newest first, with their cursors and their refusals of bad input.
import { describe, expect, it } from 'vitest';
import { creatorSnapshot, itemSnapshot } from '../core/snapshots.ts';
import type { ActivityPage, BidsPage, BoundedMeResponse } from '../../shared/history.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { cursorNow, lastChange, makeItem, mutation, push, pushOne } from '../test/sync-fixtures.ts';

const { server, clients } = await serverWithAccounts('Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay');
const [ada, bob] = clients;

const json = async <T>(response: Response | Promise<Response>) =>
  (await (await response).json()) as T;

/** Every counter equals the rows it counts, for every item and creator. */
async function countersMatchRows(): Promise<void> {
  const { rows } = await server.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM items i
       WHERE i.favourite_count <> (SELECT count(*) FROM favourites f WHERE f.item_id = i.id)
          OR i.bid_count <> (SELECT count(*) FROM bids b WHERE b.item_id = i.id))
     + (SELECT count(*) FROM creators c
       WHERE c.follower_count <> (SELECT count(*) FROM follows f WHERE f.creator_id = c.id))
     AS n`,
  );
  expect(Number(rows[0]?.n)).toBe(0);
}

/** Offers (accepted from 1.22 ETH, never outbid) on `itemId`, `count` of them, in batches. */
async function placeOffers(client: TestClient, itemId: number, count: number): Promise<string[]> {
  const made = Array.from({ length: count }, (_, n) =>
    mutation('bid', { itemId, priceEth: `2.${String(n).padStart(3, '0')}`, quantity: 1 }),
  );
  for (let start = 0; start < made.length; start += 50) {
    const { status, body } = await push(client, ...made.slice(start, start + 50));
    expect(status).toBe(200);
    expect(body.results.every((r) => r.status === 'applied')).toBe(true);
  }
  return made.map((m) => m.id);
}

describe('counts the server keeps', () => {
  it('favourites from six collectors at once, on then off, each counted once', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    const base = (await itemSnapshot(server.db, itemId))?.favourites ?? -1;
    const since = await cursorNow(server);
    const on = await Promise.all(
      clients.map((client) => pushOne(client, mutation('favourite', { itemId, on: true }))),
    );
    expect(on.every((r) => r.status === 'applied')).toBe(true);
    expect((await itemSnapshot(server.db, itemId))?.favourites).toBe(base + 6);
    expect(await lastChange(ada, since, 'item', itemId)).toMatchObject({ favourites: base + 6 });
    await Promise.all(
      clients
        .slice(0, 4)
        .map((client) => pushOne(client, mutation('favourite', { itemId, on: false }))),
    );
    expect((await itemSnapshot(server.db, itemId))?.favourites).toBe(base + 2);
    await countersMatchRows();
  });

  it('bids from six collectors at once: bidCount counts every accepted bid, in the log too', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    expect((await itemSnapshot(server.db, itemId))?.bidCount).toBe(0);
    const since = await cursorNow(server);
    const results = await Promise.all(
      clients.flatMap((client, n) =>
        [0, 1, 2].map((k) =>
          pushOne(client, mutation('bid', { itemId, priceEth: `3.${n}${k}`, quantity: 1 })),
        ),
      ),
    );
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect((await itemSnapshot(server.db, itemId))?.bidCount).toBe(18);
    // The item entry of the last bid carries the count the snapshot has.
    expect(await lastChange(ada, since, 'item', itemId)).toMatchObject({ bidCount: 18 });
    await countersMatchRows();
  });

  it('an auction counts the accepted bids only, never the refused (outbid) ones', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '1' });
    const results = await Promise.all(
      clients.map((client) =>
        pushOne(client, mutation('bid', { itemId, priceEth: '1.5', quantity: 1 })),
      ),
    );
    const accepted = results.filter((r) => r.status === 'applied').length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect((await itemSnapshot(server.db, itemId))?.bidCount).toBe(accepted);
    await countersMatchRows();
  });

  it('follows from five collectors at once, and an account deleted takes its favourite and follow with it', async () => {
    const base = (await creatorSnapshot(server.db, 3))?.followers ?? -1;
    await Promise.all(
      clients
        .slice(1)
        .map((client) => pushOne(client, mutation('follow', { creatorId: 3, on: true }))),
    );
    expect((await creatorSnapshot(server.db, 3))?.followers).toBe(base + 5);

    const gone = server.client();
    await gone.signUp('Gone');
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    await pushOne(gone, mutation('follow', { creatorId: 3, on: true }));
    await pushOne(gone, mutation('favourite', { itemId, on: true }));
    await pushOne(gone, mutation('bid', { itemId, priceEth: '2', quantity: 1 }));
    const favourites = (await itemSnapshot(server.db, itemId))?.favourites ?? -1;
    expect((await creatorSnapshot(server.db, 3))?.followers).toBe(base + 6);
    const deleted = await gone.post('/api/auth/delete', { password: 'correct horse 1' });
    expect(deleted.status).toBe(204);
    expect((await creatorSnapshot(server.db, 3))?.followers).toBe(base + 5);
    // Its bid stays (an item's history), anonymised; its favourite goes.
    expect(await itemSnapshot(server.db, itemId)).toMatchObject({
      favourites: favourites - 1,
      bidCount: 1,
    });
    await countersMatchRows();
  });
});

describe('GET /api/items/:id/bids', () => {
  it('pages every bid newest first, each once, with a cursor to the next page', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    const placed = await placeOffers(bob, itemId, 23);
    // Two more at the very same time: the id decides their order.
    await server.db.query(
      `INSERT INTO bids (id, item_id, account_id, bidder, price_eth, quantity, created_at)
       VALUES ('same-time-a', $1, NULL, 'Somebody', 2, 1, now() - interval '1 day'),
              ('same-time-b', $1, NULL, 'Somebody', 2, 1, now() - interval '1 day')`,
      [itemId],
    );
    const first = await json<BidsPage>(ada.get(`/api/items/${itemId}/bids`));
    expect(first.bids).toHaveLength(20);
    expect(first.bids[0]).toEqual({
      id: placed.at(-1),
      itemId,
      priceEth: '2.022',
      quantity: 1,
      bidder: 'Bob',
      status: 'active',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(first.next).toEqual(expect.any(String));
    const second = await json<BidsPage>(
      ada.get(`/api/items/${itemId}/bids?before=${first.next}&limit=4`),
    );
    const last = await json<BidsPage>(
      ada.get(`/api/items/${itemId}/bids?before=${second.next}&limit=50`),
    );
    expect(last.next).toBeNull();
    const order = [...first.bids, ...second.bids, ...last.bids].map((b) => b.id);
    expect(order).toEqual([...placed].reverse().concat(['same-time-b', 'same-time-a']));
    // Anyone may read them, signed in or not; the count is the item's bidCount.
    const anonymous = await server.client().get(`/api/items/${itemId}/bids?limit=1`);
    expect(anonymous.status).toBe(200);
    expect((await itemSnapshot(server.db, itemId))?.bidCount).toBe(25);
  });

  it('answers an empty last page for an item with no bids, and 404 for an unknown item', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    expect(await json(ada.get(`/api/items/${itemId}/bids`))).toEqual({ bids: [], next: null });
    const unknown = await ada.get('/api/items/999999/bids');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'There is no item 999999.' });
  });

  it('refuses a malformed id, limit or cursor with a clear message', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    const refused = async (path: string) => {
      const response = await ada.get(path);
      expect(response.status, path).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refused('/api/items/abc/bids')).toBe('The item id must be a whole number.');
    for (const limit of ['0', '51', 'x', '1.5', '-1', '']) {
      expect(await refused(`/api/items/${itemId}/bids?limit=${limit}`)).toBe(
        'limit must be a whole number from 1 to 50.',
      );
    }
    const forged = [
      'not a cursor',
      Buffer.from('2024-01-01 x').toString('base64url'),
      Buffer.from('2024-02-30T10:00:00.000000Z x').toString('base64url'),
      Buffer.from('2024-01-01T10:00:00.000000Z ').toString('base64url'),
      // A time PostgreSQL has no year for, and an id it cannot compare (a NUL).
      Buffer.from('0000-01-01T10:00:00.000000Z x').toString('base64url'),
      Buffer.from('2024-01-01T10:00:00.000000Z \u0000').toString('base64url'),
      '',
    ];
    for (const before of forged) {
      expect(await refused(`/api/items/${itemId}/bids?before=${encodeURIComponent(before)}`)).toBe(
        'before must be the next cursor of an earlier page, as the server gave it.',
      );
    }
  });
});

describe('GET /api/activity', () => {
  it('pages the whole public activity newest first, as the log carries each entry', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    const since = await cursorNow(server);
    const [newest] = await placeOffers(ada, itemId, 1);
    const { rows } = await server.db.query<{ id: string }>(
      'SELECT id FROM activity ORDER BY created_at DESC, id DESC',
    );
    const seen: string[] = [];
    let before: string | null = null;
    let first: ActivityPage | null = null;
    do {
      const query: string = before ? `?limit=50&before=${before}` : '?limit=50';
      const page: ActivityPage = await json<ActivityPage>(bob.get(`/api/activity${query}`));
      first ??= page;
      seen.push(...page.entries.map((e) => e.id));
      before = page.next;
    } while (before);
    expect(seen).toEqual(rows.map((row) => row.id));
    expect(first?.entries[0]).toEqual(await lastChange(bob, since, 'activity', `bid-${newest}`));
    const bad = await bob.get('/api/activity?limit=500');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/me and /api/me/bids', () => {
  it("carries the account's newest 200 bids and pages the older ones", async () => {
    const collector = server.client();
    const { id } = await collector.signUp('Many bids');
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    const placed = await placeOffers(collector, itemId, 203);
    const me = await json<BoundedMeResponse>(collector.get('/api/me'));
    expect(me.account.id).toBe(id);
    expect(me.bids.map((b) => b.id)).toEqual([...placed].reverse().slice(0, 200));
    expect(me.bidsNext).toEqual(expect.any(String));
    const rest = await json<BidsPage>(collector.get(`/api/me/bids?before=${me.bidsNext}`));
    expect(rest).toEqual({
      bids: expect.any(Array),
      next: null,
    });
    expect(rest.bids.map((b) => b.id)).toEqual([...placed].reverse().slice(200));
    // Another collector has none of them; a stranger is refused.
    expect(
      (await json<BoundedMeResponse>(ada.get('/api/me'))).bids.every((b) => b.bidder === 'Ada'),
    ).toBe(true);
    expect((await server.client().get('/api/me/bids')).status).toBe(401);
    expect((await collector.get('/api/me/bids?limit=0')).status).toBe(400);
  });
});
