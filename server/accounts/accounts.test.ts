// Profile sections, messages and become creator through POST /api/push: who may write what,
// what stays private (GET /api/me) and what reaches every device (the creator record).
import { describe, expect, it } from 'vitest';
import { creatorSnapshot } from '../core/snapshots.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import type { Creator } from '../../shared/types.ts';
import { type TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { uploadPng } from '../test/images.ts';
import { changesSince, cursorNow, lastChange, mutation, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
  ids: [adaId, bobId],
} = await serverWithAccounts('Ada', 'Bob');

const me = async (client: TestClient) => (await (await client.get('/api/me')).json()) as MeResponse;

describe('profile sections', () => {
  it("saves a section for the session's account only, privately", async () => {
    const since = await cursorNow(server);
    const fields = { mentions: true, follows: false, accountId: bobId };
    const save = mutation('profile', { section: 'account-notifications', fields });
    expect(await pushOne(ada, save)).toMatchObject({ status: 'applied' });
    expect((await me(ada)).profile['account-notifications']).toEqual(fields);
    expect((await me(bob)).profile['account-notifications']).toBeUndefined();
    await pushOne(
      ada,
      mutation('profile', { section: 'account-notifications', fields: { mentions: false } }),
    );
    expect((await me(ada)).profile['account-notifications']).toEqual({ mentions: false });
    expect((await changesSince(bob, since)).changes).toEqual([]);
  });

  it('refuses an unknown section, values of the wrong kind, and a signed-out push', async () => {
    const unknown = {
      ...mutation('profile', { section: 'personal', fields: {} }),
      args: { section: 'admin', fields: {} },
    };
    expect(await pushOne(ada, unknown)).toMatchObject({ code: 'invalid' });
    const nested = {
      ...mutation('profile', { section: 'social', fields: {} }),
      args: { section: 'social', fields: { a: { b: 1 } } },
    };
    expect(await pushOne(ada, nested)).toMatchObject({ code: 'invalid' });
    const response = await server.client().post('/api/push', {
      mutations: [mutation('profile', { section: 'social', fields: {} })],
    });
    expect(response.status).toBe(401);
  });

  it("the personal name and avatar update the account's creator record for everyone", async () => {
    const carol = server.client();
    const carolId = (await carol.signUp('Carol')).id;
    // No creator record yet: the section is saved, nothing public changes.
    await pushOne(
      carol,
      mutation('profile', { section: 'personal', fields: { firstName: 'Caro' } }),
    );
    expect(await creatorSnapshot(server.db, carolId)).toBeNull();
    await pushOne(carol, mutation('creator', { name: 'Carol' }));
    const imageId = await uploadPng(carol);
    const othersImage = await uploadPng(bob);
    const since = await cursorNow(server);
    await pushOne(
      carol,
      mutation('profile', {
        section: 'personal',
        fields: { firstName: 'Carol', lastName: 'Lane', avatar: `/api/images/${imageId}` },
      }),
    );
    expect(await lastChange(bob, since, 'creator', carolId)).toMatchObject({
      name: 'Carol Lane',
      avatar: `/api/images/${imageId}`,
    });
    // Someone else's image never becomes the avatar.
    await pushOne(
      carol,
      mutation('profile', {
        section: 'personal',
        fields: { firstName: 'Carol', avatar: othersImage },
      }),
    );
    expect((await creatorSnapshot(server.db, carolId))?.avatar).toBe(`/api/images/${imageId}`);
  });

  it("a banner and avatar given as the device's idb: references of uploaded images reach everyone", async () => {
    const dana = server.client();
    const danaId = (await dana.signUp('Dana')).id;
    await pushOne(dana, mutation('creator', { name: 'Dana' }));
    const avatarId = await uploadPng(dana);
    const bannerId = await uploadPng(dana);
    const since = await cursorNow(server);
    await pushOne(
      dana,
      mutation('profile', {
        section: 'personal',
        fields: { firstName: 'Dana', avatar: `idb:${avatarId}`, banner: `idb:${bannerId}` },
      }),
    );
    expect(await lastChange(bob, since, 'creator', danaId)).toMatchObject({
      avatar: `/api/images/${avatarId}`,
      banner: `/api/images/${bannerId}`,
    });
    // An image never uploaded, or someone else's, changes nothing.
    await pushOne(
      dana,
      mutation('profile', {
        section: 'personal',
        fields: { banner: `idb:${await uploadPng(bob)}`, avatar: 'idb:not-uploaded' },
      }),
    );
    expect(await creatorSnapshot(server.db, danaId)).toMatchObject({
      avatar: `/api/images/${avatarId}`,
      banner: `/api/images/${bannerId}`,
    });
  });
});

describe('messages', () => {
  it('stores newsletter, contact, support and reset requests, signed out or in, once', async () => {
    const anonymous = server.client();
    const kinds = ['newsletter', 'contact', 'support', 'reset-password'] as const;
    for (const kind of kinds) {
      const message = mutation('message', { kind, fields: { email: 'x@example.com', text: kind } });
      expect(await pushOne(anonymous, message)).toMatchObject({ status: 'applied' });
      expect(await pushOne(anonymous, message)).toMatchObject({ status: 'applied' });
    }
    const signedIn = mutation('message', { kind: 'support', fields: { text: 'help' } });
    await pushOne(ada, signedIn);
    const { rows } = await server.db.query<{ account_id: number | null; kind: string }>(
      'SELECT account_id, kind FROM messages ORDER BY created_at',
    );
    expect(rows.map((r) => r.kind)).toEqual([...kinds, 'support']);
    expect(rows.at(-1)?.account_id).toBe(adaId);
  });

  it('refuses an unknown kind or fields that are not text', async () => {
    const base = mutation('message', { kind: 'contact', fields: {} });
    expect(await pushOne(ada, { ...base, args: { kind: 'spam', fields: {} } })).toMatchObject({
      code: 'invalid',
    });
    expect(
      await pushOne(ada, { ...base, args: { kind: 'contact', fields: { n: 1 } } }),
    ).toMatchObject({
      code: 'invalid',
    });
  });
});

describe('become creator', () => {
  it('creates the creator record with the account id, then updates it, in the change log', async () => {
    const since = await cursorNow(server);
    const first = mutation('creator', { name: ' Ada L ', twitter: '@adal', bio: 'Painter' });
    expect(await pushOne(ada, first)).toMatchObject({ status: 'applied' });
    const created = (await lastChange(bob, since, 'creator', adaId)) as Creator;
    expect(created).toMatchObject({
      id: adaId,
      name: 'Ada L',
      handle: '@adal',
      bio: 'Painter',
      followers: 0,
    });
    await pushOne(
      ada,
      mutation('creator', { name: 'Ada Lovelace', url: 'https://artmint.app/@ada' }),
    );
    expect(await creatorSnapshot(server.db, adaId)).toMatchObject({
      id: adaId,
      name: 'Ada Lovelace',
      handle: '@ada',
    });
    const { rows } = await server.db.query('SELECT 1 FROM creators WHERE account_id = $1', [adaId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty name or a bad Twitter name with field messages', async () => {
    expect(await pushOne(bob, mutation('creator', { name: '  ' }))).toMatchObject({
      code: 'invalid',
      fields: { name: expect.any(String) },
    });
    expect(
      await pushOne(bob, mutation('creator', { name: 'Bob', twitter: 'no spaces!' })),
    ).toMatchObject({
      code: 'invalid',
      fields: { twitter: expect.any(String) },
    });
    expect(await creatorSnapshot(server.db, bobId)).toBeNull();
  });
});
