// POST /api/auth/delete on the real database: the account and its personal data go; bids,
// purchases and the items other collectors depend on stay, anonymised; and a pull on another
// device shows the new counts and names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorSnapshot, itemSnapshot, type ItemSnapshot } from '../core/snapshots.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { ActivityEntry, Creator } from '../../shared/types.ts';
import {
  startTestServer,
  TEST_PASSWORD,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';
import { uploadPng } from '../test/images.ts';
import { changesSince, cursorNow, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { migrate } from '../db/migrate.ts';
import { DELETED_NAME } from './delete-account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const applied = (result: Awaited<ReturnType<typeof pushOne>>) => {
  expect(result).toMatchObject({ status: 'applied' });
  return result.status === 'applied' ? (result.itemId ?? 0) : 0;
};

/** The newest state of a record as a device pulling the whole log from 0 ends up with. */
async function pulled(client: TestClient, topic: string, key: string | number): Promise<unknown> {
  let since = 0;
  let found: unknown;
  for (;;) {
    const page = await changesSince(client, since);
    for (const change of page.changes) {
      if (change.topic === topic && change.key === String(key)) found = change.data;
    }
    since = page.cursor;
    if (!page.more) return found;
  }
}

const count = async (sql: string, params: unknown[]) =>
  (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]
    ?.n;

const bidsOn = async (itemId: number) =>
  (
    await server.db.query<{ id: string; account_id: number | null; bidder: string; price: string }>(
      `SELECT id, account_id, bidder, trim_scale(price_eth)::text AS price FROM bids
       WHERE item_id = $1 ORDER BY price_eth`,
      [itemId],
    )
  ).rows;

describe('delete account', () => {
  it('answers 401 signed out and 403 for a wrong password, deleting nothing', async () => {
    expect((await server.client().post('/api/auth/delete', { password: 'x' })).status).toBe(401);
    const client = server.client();
    const account = await client.signUp('Kept');
    const wrong = await client.post('/api/auth/delete', { password: 'wrong pass 1' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ fields: { password: 'The password is wrong.' } });
    expect(await count('accounts WHERE id = $1', [account.id])).toBe(1);
    expect(await count('sessions WHERE account_id = $1', [account.id])).toBe(1);
  });

  it('removes the account and its data, keeps the market’s truth anonymised, and logs every change', async () => {
    const ada = server.client();
    const bob = server.client();
    const cara = server.client();
    const account = await ada.signUp('Ada Quill');
    const bobId = (await bob.signUp('Bob')).id;
    await cara.signUp('Cara');
    const secondDevice = server.client();
    await secondDevice.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD });
    await server.client().post('/api/auth/reset-request', { email: account.email });
    await server.app.idle();

    // Personal records.
    applied(await pushOne(ada, mutation('creator', { name: 'Ada Quill', bio: 'Painter' })));
    applied(await pushOne(bob, mutation('follow', { creatorId: account.id, on: true })));
    applied(
      await pushOne(
        ada,
        mutation('profile', { section: 'personal', fields: { firstName: 'Ada' } }),
      ),
    );
    applied(await pushOne(ada, mutation('favourite', { itemId: 1, on: true })));
    applied(await pushOne(ada, mutation('follow', { creatorId: 2, on: true })));
    const favouritesWith = (await itemSnapshot(server.db, 1))?.favourites ?? -1;
    const followersWith = (await creatorSnapshot(server.db, 2))?.followers ?? -1;
    applied(
      await pushOne(
        ada,
        mutation('message', { kind: 'contact', fields: { email: account.email, text: 'Hi' } }),
      ),
    );
    const signedOut = mutation('message', {
      kind: 'newsletter',
      fields: { email: account.email.toUpperCase() },
    });
    applied(await pushOne(server.client(), signedOut));
    const bobsMessage = mutation('message', { kind: 'support', fields: { email: 'bob@b.co' } });
    applied(await pushOne(bob, bobsMessage));

    // An auction it bid on between two other collectors.
    const auction = await makeItem(server, { saleKind: 'auctions', highestBidEth: '1' });
    for (const [client, priceEth] of [
      [bob, '2'],
      [ada, '3'],
      [cara, '4'],
    ] as const) {
      applied(await pushOne(client, mutation('bid', { itemId: auction, priceEth, quantity: 1 })));
    }
    const othersBids = (await bidsOn(auction)).filter((b) => b.bidder !== 'Ada Quill');
    const adasBid = (await bidsOn(auction)).find((b) => b.bidder === 'Ada Quill');

    // Its own work: one sold to Bob, one with Cara's offer, one nobody wanted; an unused image.
    const upload = async (title: string) => {
      const imageId = await uploadPng(ada);
      const args = { title, description: '', type: 'art', rateEth: '2', imageId };
      return { imageId, itemId: applied(await pushOne(ada, mutation('item', args))) };
    };
    const sold = await upload('Sold work');
    applied(await pushOne(bob, mutation('checkout', { itemId: sold.itemId })));
    const offered = await upload('Offered work');
    applied(
      await pushOne(
        cara,
        mutation('bid', { itemId: offered.itemId, priceEth: '1.5', quantity: 1 }),
      ),
    );
    const unwanted = await upload('Unwanted work');
    applied(await pushOne(bob, mutation('favourite', { itemId: unwanted.itemId, on: true })));
    const unusedImage = await uploadPng(ada);
    // And an item it bought.
    const bought = await makeItem(server, { saleKind: 'now' });
    applied(await pushOne(ada, mutation('checkout', { itemId: bought })));

    const adasEntry = (await pulled(bob, 'activity', `bid-${adasBid?.id}`)) as ActivityEntry;
    expect(adasEntry).toMatchObject({
      description: /^Ada Quill bid /,
      actor: { name: 'Ada Quill', deed: /^bid / },
    });

    const since = await cursorNow(server);
    expect((await ada.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);

    // Signed out everywhere, and it cannot sign in again.
    expect(ada.cookie).toBeNull();
    expect(await (await secondDevice.get('/api/auth/session')).json()).toEqual({ account: null });
    const login = await server
      .client()
      .post('/api/auth/login', { email: account.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);

    // Its personal data is gone.
    for (const table of [
      'accounts WHERE id = $1',
      'sessions WHERE account_id = $1',
      'reset_tokens WHERE account_id = $1',
      'profile_sections WHERE account_id = $1',
      'favourites WHERE account_id = $1',
      'follows WHERE account_id = $1 OR creator_id = $1',
      'mutations WHERE account_id = $1',
      'bids WHERE account_id = $1',
      'purchases WHERE account_id = $1',
      'images WHERE account_id = $1',
      'notifications WHERE account_id = $1 OR actor_id = $1',
    ]) {
      expect({ table, n: await count(table, [account.id]) }).toEqual({ table, n: 0 });
    }
    expect(
      await count(`messages WHERE account_id = $1 OR fields->>'email' ILIKE $2`, [
        account.id,
        account.email,
      ]),
    ).toBe(0);
    expect(await count('messages WHERE id = $1', [bobsMessage.id])).toBe(1);
    expect(await count('messages WHERE id = $1', [signedOut.id])).toBe(0);

    // A fresh pull on another device shows the lower counts.
    const device = server.client();
    expect(await pulled(device, 'item', 1)).toMatchObject({ favourites: favouritesWith - 1 });
    expect(await pulled(device, 'creator', 2)).toMatchObject({ followers: followersWith - 1 });

    // The auction: the other bids and the highest bid unchanged; its bid kept, anonymised.
    const after = await bidsOn(auction);
    expect(after.filter((b) => b.id !== adasBid?.id)).toEqual(othersBids);
    expect(after.find((b) => b.id === adasBid?.id)).toEqual({
      ...adasBid,
      account_id: null,
      bidder: DELETED_NAME,
    });
    expect(await itemSnapshot(server.db, auction)).toMatchObject({ highestBidEth: '4' });
    expect((await pulled(device, 'bid', adasBid?.id ?? '')) as ServerBid).toMatchObject({
      bidder: DELETED_NAME,
      priceEth: '3',
    });
    // Nobody is that account any more: the entry names the neutral collector, for everyone.
    const anonymised = (await pulled(device, 'activity', `bid-${adasBid?.id}`)) as ActivityEntry;
    expect(anonymised.description).toBe(`${DELETED_NAME} ${adasEntry.actor?.deed}`);
    expect(anonymised.actor).toBeUndefined();

    // The sold work stays with Bob, shown by the neutral creator, its image still served.
    const soldItem = (await pulled(device, 'item', sold.itemId)) as ItemSnapshot;
    expect(soldItem).toMatchObject({ ownerId: bobId, name: DELETED_NAME, subtext: '@deleted' });
    expect(
      await count('purchases WHERE item_id = $1 AND account_id = $2', [sold.itemId, bobId]),
    ).toBe(1);
    expect((await device.get(`/api/images/${sold.imageId}`)).status).toBe(200);
    expect(
      ((await pulled(device, 'activity', `listing-${sold.itemId}`)) as ActivityEntry).description,
    ).toBe('Deleted collector listed Sold work');
    // The work with Cara's offer stays with the offer; the unwanted one is gone, image and all.
    expect(await itemSnapshot(server.db, offered.itemId)).toMatchObject({ name: DELETED_NAME });
    expect(await bidsOn(offered.itemId)).toMatchObject([{ bidder: 'Cara', price: '1.5' }]);
    expect(await itemSnapshot(server.db, unwanted.itemId)).toBeNull();
    expect(await pulled(device, 'item', unwanted.itemId)).toBeNull();
    expect(await pulled(device, 'activity', `listing-${unwanted.itemId}`)).toBeNull();
    expect((await device.get(`/api/images/${unwanted.imageId}`)).status).toBe(404);
    expect((await device.get(`/api/images/${unusedImage}`)).status).toBe(404);
    // What it bought stays bought, by nobody in particular.
    expect(await itemSnapshot(server.db, bought)).toMatchObject({ ownerId: account.id });
    const { rows: purchase } = await server.db.query(
      'SELECT account_id, buyer FROM purchases WHERE item_id = $1',
      [bought],
    );
    expect(purchase).toEqual([{ account_id: null, buyer: DELETED_NAME }]);

    // Its creator record is the neutral one, followed by nobody.
    const creator = (await pulled(device, 'creator', account.id)) as Creator;
    expect(creator).toMatchObject({
      name: DELETED_NAME,
      handle: '@deleted',
      bio: '',
      followers: 0,
      deleted: true,
    });

    // Nothing the log now carries names the account.
    const { changes } = await changesSince(device, since);
    expect(changes.length).toBeGreaterThan(0);
    expect(JSON.stringify(changes)).not.toMatch(/Ada Quill|Painter/);
    expect(JSON.stringify(changes).toLowerCase()).not.toContain(account.email);
  });

  it('a collector with nothing public leaves no creator record and no trace in the log', async () => {
    const client = server.client();
    const account = await client.signUp('Quiet');
    const since = await cursorNow(server);
    expect((await client.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await count('creators WHERE id = $1', [account.id])).toBe(0);
    expect(await cursorNow(server)).toBe(since);
  });

  it('a creator with nothing left in the market: its record is deleted for every device', async () => {
    const client = server.client();
    const account = await client.signUp('Brief Creator');
    applied(await pushOne(client, mutation('creator', { name: 'Brief Creator' })));
    expect((await client.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await count('creators WHERE id = $1', [account.id])).toBe(0);
    expect(await pulled(server.client(), 'creator', account.id)).toBeNull();
  });

  it('a neutral creator left before deleted ones were marked is marked, for every device', async () => {
    // As an account deleted by an earlier version left it: the neutral name, no account, no mark.
    const old = {
      ...(await creatorSnapshot(server.db, 1)),
      name: DELETED_NAME,
      handle: '@deleted',
    };
    await server.db.query(
      'INSERT INTO creators (id, account_id, data, followers_base) VALUES ($1, NULL, $2, 3)',
      [990_001, JSON.stringify({ ...old, id: 990_001 })],
    );
    await server.db.query("DELETE FROM schema_migrations WHERE name = '004_deleted_creator.sql'");
    const since = await cursorNow(server);
    expect(await migrate(server.db)).toEqual(['004_deleted_creator.sql']);
    expect(await pulled(server.client(), 'creator', 990_001)).toMatchObject({
      name: DELETED_NAME,
      deleted: true,
      followers: 3,
    });
    // Only the placeholders changed: the earlier deletion's one was marked when it was made.
    const { changes } = await changesSince(server.client(), since);
    expect(changes.map((change) => change.key)).toEqual(['990001']);
  });
});
