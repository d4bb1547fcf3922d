// A device offline for days with 200 queued writes, some refused by the time it is back: an
// auction ended, others outbid it, items sold meanwhile. The device is the app's own code (the
// device store on fake-indexeddb, the sync cycle's pushOutbox and pullAll) against the real
// server on PostgreSQL: it pushes everything in batches of PUSH_BATCH_MAX, keeps each refusal
// with its code for the sync panel, and after a pull shows what the server stores.
// IndexedDB and its classes (IDBRequest, ...) as globals, as in a browser.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleData } from '../../src/data/data-access.ts';
import {
  createDeviceDataAccess,
  type DeviceDataAccess,
} from '../../src/data/device-data-access.ts';
import { createDbHandle, type DbHandle } from '../../src/data/device/db.ts';
import { itemPageOf } from '../../src/data/sync/item-page.ts';
import { accountOwner, type Owner } from '../../src/data/owner.ts';
import { LOCAL_USER_ID } from '../../shared/types.ts';
import { pullAll, pushOutbox, type CycleContext } from '../../src/data/sync/cycle.ts';
import { readQueue } from '../../src/data/sync/own-outbox.ts';
import { PUSH_BATCH_MAX, type RefusalCode } from '../../shared/protocol.ts';
import { itemSnapshot, recordItemChange } from '../../server/core/snapshots.ts';
import { loadEpoch } from '../../server/catalog/seed.ts';
import { startTestServer, type TestClient, type TestServer } from '../../server/test/harness.ts';
import { makeItem, mutation, pushOne } from '../../server/test/sync-fixtures.ts';
import { cluster, must, storedBids, storedFavourites } from '../../server/faults/support.ts';

const byNumber = (a: number, b: number) => a - b;

let server: TestServer;
beforeAll(async () => {
  cluster(); // PostgreSQL, not the embedded database.
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The server's API as the device's fetch: relative URLs, the collector's cookie. */
function deviceFetch(client: TestClient, pushed: number[]): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/push') {
      pushed.push((JSON.parse(String(init.body)) as { mutations: unknown[] }).mutations.length);
    }
    return client.request(url, {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  }) as typeof fetch;
}

/** Items made for this test, with their snapshot in the change log so devices pull them. */
async function listed(spec: Parameters<typeof makeItem>[1], count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await makeItem(server, spec);
    await server.db.transaction((tx) => recordItemChange(tx, id));
    ids.push(id);
  }
  return ids;
}

describe('a device offline for days', () => {
  it('pushes 200 writes in batches, lists the refusals, and converges on the server', async () => {
    const seller = server.client();
    const sellerId = (await seller.signUp('Seller')).id;
    const bob = server.client();
    await bob.signUp('Bob');
    const collector = server.client();
    const accountId = (await collector.signUp('Offline Collector')).id;

    const hour = 3_600_000;
    const auctions = await listed(
      { saleKind: 'auctions', ownerId: sellerId, highestBidEth: '1', endsIn: 3 * hour },
      5,
    );
    const forSale = await listed({ saleKind: 'now', ownerId: sellerId, priceEth: '2' }, 10);
    const offers = await listed({ saleKind: 'offers', ownerId: sellerId }, 8);
    const liked = await listed({ saleKind: 'offers', ownerId: sellerId }, 50);

    // The device, signed in, pulls the server's state once, then goes offline.
    const owner: Owner = accountOwner(accountId);
    const epoch = (await loadEpoch(server.db)) ?? Date.now();
    const pushed: number[] = [];
    const device: DeviceDataAccess = createDeviceDataAccess({
      sample: loadSampleData(new Date(epoch)),
      owner: () => owner,
      itemPage: itemPageOf(deviceFetch(collector, pushed)),
    });
    const db: DbHandle = createDbHandle();
    const ctx: CycleContext = {
      db,
      fetch: deviceFetch(collector, pushed),
      now: () => new Date(),
      owner: () => owner,
    };
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    // The collector opens each item before going offline: the device holds what it opened
    // (its working set), not the whole catalogue.
    for (const id of [...auctions, ...forSale, ...offers, ...liked]) {
      expect(await device.openItem(id)).toMatchObject({ id });
    }

    // 200 writes, made offline: ten rising bids on each auction, Buy Now on ten items, ten
    // offers on each of eight items, fifty favourites of which ten are taken back.
    const expected = new Map<string, RefusalCode | 'applied'>();
    const bidIds = new Map<number, string[]>();
    for (const itemId of auctions) {
      for (let step = 0; step < 10; step += 1) {
        const bid = await device.placeBid({ itemId, priceEth: `2.${step}`, quantity: 1 });
        bidIds.set(itemId, [...(bidIds.get(itemId) ?? []), bid.id]);
      }
    }
    const purchaseIds = new Map<number, string>();
    for (const itemId of forSale) {
      purchaseIds.set(itemId, (await device.checkout({ itemId, priceEth: '2' })).id);
    }
    for (const itemId of offers) {
      for (let n = 0; n < 10; n += 1) {
        const bid = await device.placeBid({ itemId, priceEth: `1.${30 + n}`, quantity: 1 });
        expected.set(bid.id, 'applied');
      }
    }
    for (const itemId of liked) expect(await device.toggleFavourite(itemId)).toBe(true);
    for (const itemId of liked.slice(0, 10))
      expect(await device.toggleFavourite(itemId)).toBe(false);
    const queue = await readQueue(db);
    expect(queue).toHaveLength(200);
    expect(queue.every((m) => m.state === 'waiting')).toBe(true);

    // Meanwhile, on the server: the first auction ends; Bob outbids everything on the second
    // and part of the third; four of the items for sale sell to Bob.
    const [ended, outbid, partly, ...untouched] = auctions as [number, number, number, number];
    await server.db.transaction(async (tx) => {
      await tx.query("UPDATE items SET ends_at = now() - interval '2 days' WHERE id = $1", [ended]);
      await recordItemChange(tx, ended);
    });
    const bobBid = (itemId: number, priceEth: string) =>
      pushOne(bob, mutation('bid', { itemId, priceEth, quantity: 1 }));
    expect(await bobBid(outbid, '100')).toMatchObject({ status: 'applied' });
    expect(await bobBid(partly, '2.45')).toMatchObject({ status: 'applied' });
    for (const itemId of forSale.slice(0, 4)) {
      expect(await pushOne(bob, mutation('checkout', { itemId }))).toMatchObject({
        status: 'applied',
      });
    }
    const bidsOn = (itemId: number) => must(bidIds.get(itemId), `bids on ${itemId}`);
    for (const id of bidsOn(ended)) expected.set(id, 'ended');
    for (const id of bidsOn(outbid)) expected.set(id, 'outbid');
    bidsOn(partly).forEach((id, step) => expected.set(id, step < 5 ? 'outbid' : 'applied'));
    for (const itemId of untouched) for (const id of bidsOn(itemId)) expected.set(id, 'applied');
    forSale.forEach((itemId, n) =>
      expected.set(must(purchaseIds.get(itemId), 'purchase'), n < 4 ? 'sold' : 'applied'),
    );

    // Back online: the outbox goes in batches of PUSH_BATCH_MAX until nothing waits, then a pull.
    for (let round = 0; round < 10; round += 1) {
      const result = await pushOutbox(ctx, owner);
      expect(result.kind).toBe('ok');
      if (!(result.kind === 'ok' && result.more)) break;
    }
    expect(pushed).toEqual([PUSH_BATCH_MAX, PUSH_BATCH_MAX, PUSH_BATCH_MAX, PUSH_BATCH_MAX]);
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });

    // Nothing waits; every refusal is kept with its code and the server's reason.
    const after = await readQueue(db);
    expect(after.filter((m) => m.state === 'waiting')).toEqual([]);
    const refused = after.filter((m) => m.state === 'refused');
    const expectedRefusals = [...expected].filter(([, code]) => code !== 'applied');
    expect(refused.map((m) => [m.id, m.code]).sort()).toEqual(expectedRefusals.sort());
    expect(refused.length).toBe(29);
    for (const m of refused) expect(m.error).toMatch(/\w/);

    // The server stored each write once, as the device was told.
    const { rows } = await server.db.query<{ id: string; status: string; code: string | null }>(
      `SELECT id, status, result->>'code' AS code FROM mutations WHERE id = ANY($1::text[])`,
      [queue.map((m) => m.id)],
    );
    expect(rows).toHaveLength(200);
    for (const row of rows) {
      const code = expected.get(row.id);
      if (code === undefined)
        expect(row.status).toBe('applied'); // a favourite
      else expect(row.code ?? row.status).toBe(code);
    }

    // The device shows the server's state: bids, highest bids, owners, favourites, purchases.
    const bids = await storedBids(server.db, [...auctions, ...offers]);
    for (const itemId of [...auctions, ...offers]) {
      const onServer = must(bids.get(itemId), 'bids');
      const shown = await device.listBids(itemId);
      expect(shown.map((b) => b.id).sort()).toEqual([...onServer.ids].sort());
      expect((await device.getItem(itemId))?.highestBidEth).toBe(onServer.highest);
    }
    expect(bids.get(partly)?.highest).toBe('2.9');
    expect(bids.get(outbid)?.highest).toBe('100');
    for (const itemId of [...forSale, ...auctions]) {
      const snapshot = must(await itemSnapshot(server.db, itemId), 'item');
      const shown = await device.getItem(itemId);
      const ownerOnServer = snapshot.ownerId === accountId ? LOCAL_USER_ID : snapshot.ownerId;
      expect(shown?.ownerId).toBe(ownerOnServer);
      expect(shown?.date).toBe(snapshot.date);
    }
    expect((await device.listPurchases()).map((p) => p.itemId).sort(byNumber)).toEqual(
      forSale.slice(4),
    );
    expect((await device.listFavourites()).map((i) => i.id).sort(byNumber)).toEqual(
      await storedFavourites(server.db, accountId),
    );
    expect(await storedFavourites(server.db, accountId)).toEqual(liked.slice(10));
    device.close();
  });
});
