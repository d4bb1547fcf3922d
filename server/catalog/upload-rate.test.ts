// Items one account may list in an hour (UPLOADS_PER_HOUR, docs/security.md "Limits"): past it
// the push is refused with 429, Retry-After and a clear message; nothing of the refused upload is
// kept, the device's retry lists it once the hour allows, and other accounts are not held back.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness.ts';
import { uploadPng } from '../test/images.ts';
import { mutation, push, pushOne } from '../test/sync-fixtures.ts';

const server = await startTestServer({ uploadsPerHour: 3 });
afterAll(() => server.close());
const ada = server.client();
const adaId = (await ada.signUp('Ada')).id;
const bob = server.client();
await bob.signUp('Bob');

const upload = async (client: typeof ada, title: string) =>
  mutation('item', { title, description: '', type: 'art', imageId: await uploadPng(client) });
const itemsOf = async (accountId: number) =>
  (await server.db.query('SELECT 1 FROM items WHERE creator_id = $1', [accountId])).rows.length;

describe('the upload rate', () => {
  it('refuses the account’s items past the limit with 429 and Retry-After, then lists the retry', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      expect(await pushOne(ada, await upload(ada, title))).toMatchObject({ status: 'applied' });
    }
    const fourth = await upload(ada, 'Four');
    const refused = await ada.post('/api/push', { mutations: [fourth] });
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3_500);
    expect(retry).toBeLessThanOrEqual(3_600);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'You listed 3 items in the last hour, the most an account may. ' +
        'Your next one is listed in about 60 minutes.',
    );
    expect(await itemsOf(adaId)).toBe(3);

    // Another account lists as before.
    expect(await pushOne(bob, await upload(bob, 'Bob’s'))).toMatchObject({ status: 'applied' });

    // An hour later the device's retry of the same change is listed, once.
    await server.db.query(
      "UPDATE items SET created_at = created_at - interval '61 minutes' WHERE creator_id = $1",
      [adaId],
    );
    const { status, body } = await push(ada, fourth);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ id: fourth.id, status: 'applied' });
    expect(await itemsOf(adaId)).toBe(4);
  });
});
