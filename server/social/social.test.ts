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
    // The item as the database function logs it is the item as the server shows it.
    expect(await lastChange(bob, since, 'item', itemId)).toEqual(
      await itemSnapshot(server.db, itemId),
    );
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
    expect(await lastChange(bob, since, 'creator', 2)).toEqual(await creatorSnapshot(server.db, 2));
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

describe('one database call each', () => {
  /** Runs `work` counting the calls the server makes on its database. */
  async function counted(work: () => Promise<unknown>) {
    const { db } = server;
    const calls = { query: 0, transaction: 0 };
    const { query, transaction } = db;
    db.query = ((...args: Parameters<typeof query>) => {
      calls.query += 1;
      return query.apply(db, args);
    }) as typeof query;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      calls.transaction += 1;
      return transaction.apply(db, args);
    }) as typeof transaction;
    try {
      await work();
    } finally {
      Object.assign(db, { query, transaction });
    }
    return calls;
  }

  it('a favourite and a follow are each one statement, so no row lock waits on this process', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    for (const one of [
      mutation('favourite', { itemId, on: true }),
      mutation('follow', { creatorId: 3, on: true }),
    ]) {
      let result: unknown;
      const calls = await counted(async () => {
        result = await pushOne(ada, one);
      });
      expect(result).toMatchObject({ status: 'applied' });
      expect(calls).toEqual({ query: 1, transaction: 0 });
    }
  });

  it('a retried push gets the stored result, words included; the id with another body, a conflict', async () => {
    const gone = mutation('favourite', { itemId: 999_996, on: true });
    const refused = await pushOne(ada, gone);
    expect(refused).toEqual({
      id: gone.id,
      status: 'refused',
      code: 'not-found',
      error: 'This item no longer exists.',
    });
    expect(await pushOne(ada, gone)).toEqual(refused);
    const self = mutation('follow', { creatorId: 99_998, on: true });
    const first = await pushOne(bob, self);
    expect(first).toMatchObject({ code: 'not-found', error: 'This creator no longer exists.' });
    expect(await pushOne(bob, self)).toEqual(first);
    expect(await pushOne(bob, { ...self, args: { creatorId: 2, on: true } })).toMatchObject({
      code: 'conflict',
    });
    // The conflicting body was not applied.
    expect((await me(bob)).follows).not.toContain(2);
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
