// The items an hour one account may list (UPLOADS_PER_HOUR, docs/security.md "Limits") as the
// device meets them: the app's own code (the device store on fake-indexeddb, the sync cycle's
// pushOutbox) against the real server on PostgreSQL. The server's 429 reaches the device with its
// words and wait; the upload past the rate stays waiting (nothing is dropped), the other changes
// go while the uploads are held, and once the hour allows the upload is listed, once.
// IndexedDB and its classes (IDBRequest, ...) as globals, as in a browser.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleData } from '../../src/data/data-access.ts';
import { createDeviceDataAccess } from '../../src/data/device-data-access.ts';
import { createDbHandle } from '../../src/data/device/db.ts';
import { itemPageOf } from '../../src/data/sync/item-page.ts';
import { accountOwner, type Owner } from '../../src/data/owner.ts';
import { pullAll, pushOutbox, type CycleContext } from '../../src/data/sync/cycle.ts';
import { readQueue } from '../../src/data/sync/own-outbox.ts';
import { recordItemChange } from '../../server/core/snapshots.ts';
import { loadEpoch } from '../../server/catalog/seed.ts';
import { startTestServer, type TestClient, type TestServer } from '../../server/test/harness.ts';
import { PNG } from '../../server/test/images.ts';
import { makeItem } from '../../server/test/sync-fixtures.ts';
import { cluster } from '../../server/faults/support.ts';

let server: TestServer;
beforeAll(async () => {
  cluster(); // PostgreSQL, not the embedded database.
  server = await startTestServer({ uploadsPerHour: 1 });
});
afterAll(() => server?.close());

/** The server's API as the device's fetch: relative URLs, the collector's cookie. */
function deviceFetch(client: TestClient): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) =>
    client.request(String(input), {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
    })) as typeof fetch;
}

describe('the upload rate on the device', () => {
  it('keeps the upload past it waiting with the server’s words; the rest goes', async () => {
    const seller = server.client();
    const sellerId = (await seller.signUp('Seller')).id;
    const liked = await makeItem(server, { saleKind: 'offers', ownerId: sellerId });
    await server.db.transaction((tx) => recordItemChange(tx, liked));
    const collector = server.client();
    const accountId = (await collector.signUp('Busy Creator')).id;
    const owner: Owner = accountOwner(accountId);
    const epoch = (await loadEpoch(server.db)) ?? Date.now();
    const device = createDeviceDataAccess({
      sample: loadSampleData(new Date(epoch)),
      owner: () => owner,
      itemPage: itemPageOf(deviceFetch(collector)),
    });
    const db = createDbHandle();
    const ctx: CycleContext = {
      db,
      fetch: deviceFetch(collector),
      now: () => new Date(),
      owner: () => owner,
    };
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(await device.openItem(liked)).toMatchObject({ id: liked });

    const upload = (title: string) =>
      device.createItem({
        title,
        description: '',
        type: 'Art',
        image: new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
        imageType: 'image/png',
      });
    await upload('First');
    await upload('Second');
    await device.toggleFavourite(liked);
    const kinds = async () => (await readQueue(db)).map((m) => `${m.kind} ${m.state}`);

    const refused = await pushOutbox(ctx, owner);
    expect(refused).toMatchObject({
      kind: 'offline',
      uploads: true,
      limit:
        'You listed 1 items in the last hour, the most an account may. ' +
        'Your next one is listed in about 60 minutes.',
    });
    expect(refused.kind === 'offline' && refused.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(await kinds()).toEqual(['item waiting', 'item waiting', 'favourite waiting']);

    // The uploads held, the favourite goes.
    expect(await pushOutbox(ctx, owner, true)).toMatchObject({ kind: 'ok' });
    expect(await kinds()).toEqual(['item waiting', 'item waiting', 'favourite synced']);
    const listed = async () =>
      (
        await server.db.query("SELECT data->>'title' AS title FROM items WHERE creator_id = $1", [
          accountId,
        ])
      ).rows;
    expect(await listed()).toEqual([{ title: 'First' }]);

    // An hour later both go: the first answered from its stored result, the second listed.
    await server.db.query(
      "UPDATE items SET created_at = created_at - interval '61 minutes' WHERE creator_id = $1",
      [accountId],
    );
    expect(await pushOutbox(ctx, owner)).toMatchObject({ kind: 'ok' });
    expect(await kinds()).toEqual(['item synced', 'item synced', 'favourite synced']);
    expect(await listed()).toHaveLength(2);
    device.close();
  });
});
