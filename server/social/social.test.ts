// Favourites and follows through POST /api/push: on/off idempotent, counts in the snapshots
// and the change log, who did it only in GET /api/me.
import { describe, expect, it } from 'vitest';
import { creatorSnapshot, itemSnapshot } from '../core/snapshots.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import { type TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import {
  changesSince,
  cursorNow,
  lastChange,
  makeItem,
  mutation,
  pushOne,
} from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
  ids: [adaId],
} = await serverWithAccounts('Ada', 'Bob');

const me = async (client: TestClient) => (await (await client.get('/api/me')).json()) as MeResponse;

describe('favourites', () => {
  it('on and off change the count once each, and the log carries the count, not who', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    const base = (await itemSnapshot(server.db, itemId))?.favourites ?? -1;
    const since = await cursorNow(server);
    await pushOne(ada, mutation('favourite', { itemId, on: true }));
    await pushOne(ada, mutation('favourite', { itemId, on: true }));
    await pushOne(bob, mutation('favourite', { itemId, on: true }));
    expect((await itemSnapshot(server.db, itemId))?.favourites).toBe(base + 2);
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({ favourites: base + 2 });
    expect((await me(ada)).favourites).toContain(itemId);
    await pushOne(ada, mutation('favourite', { itemId, on: false }));
    await pushOne(ada, mutation('favourite', { itemId, on: false }));
    expect((await itemSnapshot(server.db, itemId))?.favourites).toBe(base + 1);
    expect((await me(ada)).favourites).not.toContain(itemId);
    const { changes } = await changesSince(bob, since);
    expect(changes.filter((c) => c.key === String(itemId))).toHaveLength(3);
    expect(JSON.stringify(changes)).not.toContain(`"accountId"`);
  });

  it('refuses an unknown item and a malformed one', async () => {
    expect(await pushOne(ada, mutation('favourite', { itemId: 999_997, on: true }))).toMatchObject({
      code: 'not-found',
    });
    const bad = {
      ...mutation('favourite', { itemId: 1, on: true }),
      args: { itemId: 1, on: 'yes' },
    };
    expect(await pushOne(ada, bad)).toMatchObject({ code: 'invalid' });
  });

  it('needs a sign-in', async () => {
    const response = await server.client().post('/api/push', {
      mutations: [mutation('favourite', { itemId: 1, on: true })],
    });
    expect(response.status).toBe(401);
  });
});

describe('follows', () => {
  it('on and off change the follower count once each and the creator change carries it', async () => {
    const base = (await creatorSnapshot(server.db, 2))?.followers ?? -1;
    const since = await cursorNow(server);
    await pushOne(ada, mutation('follow', { creatorId: 2, on: true }));
    await pushOne(ada, mutation('follow', { creatorId: 2, on: true }));
    expect((await creatorSnapshot(server.db, 2))?.followers).toBe(base + 1);
    expect(await lastChange(bob, since, 'creator', 2)).toMatchObject({ followers: base + 1 });
    expect((await me(ada)).follows).toEqual([2]);
    await pushOne(ada, mutation('follow', { creatorId: 2, on: false }));
    expect((await creatorSnapshot(server.db, 2))?.followers).toBe(base);
    expect((await me(ada)).follows).toEqual([]);
  });

  it('refuses an unknown creator and following yourself', async () => {
    expect(await pushOne(ada, mutation('follow', { creatorId: 99_999, on: true }))).toMatchObject({
      code: 'not-found',
    });
    await pushOne(ada, mutation('creator', { name: 'Ada' }));
    expect(await pushOne(ada, mutation('follow', { creatorId: adaId, on: true }))).toMatchObject({
      code: 'forbidden',
    });
    expect(await pushOne(bob, mutation('follow', { creatorId: adaId, on: true }))).toMatchObject({
      status: 'applied',
    });
    expect((await creatorSnapshot(server.db, adaId))?.followers).toBe(1);
  });
});

describe('GET /api/me', () => {
  it('needs a sign-in', async () => {
    expect((await server.client().get('/api/me')).status).toBe(401);
  });

  it("answers only the account's own records", async () => {
    const carol = server.client();
    await carol.signUp('Carol');
    const itemId = await makeItem(server, { saleKind: 'offers' });
    await pushOne(ada, mutation('favourite', { itemId, on: true }));
    const mine = await me(carol);
    expect(mine).toMatchObject({
      favourites: [],
      follows: [],
      profile: {},
      bids: [],
      purchases: [],
    });
    expect(mine.account.name).toBe('Carol');
  });
});
