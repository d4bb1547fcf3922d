// GET /api/collections on the real database (docs/database.md "Lists and search"): the
// collections in their order, 8 a page, each as the app reads one, the count; bad pages refused.
import * as valibot from 'valibot';
import { describe, expect, it } from 'vitest';
import { CollectionSchema } from '../../shared/collection-schema.ts';
import { sampleCollections } from '../../shared/sample/collections.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { CollectionListPage } from './collection-lists.ts';

const {
  server,
  clients: [ada],
} = await serverWithAccounts('Ada');

async function list(query: string): Promise<CollectionListPage> {
  const response = await ada.get(`/api/collections?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CollectionListPage;
}

describe('the collections list', () => {
  it('pages the collections in their order, 8 a page, each a collection as the app reads one', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: sampleCollections.length, capped: false, page: 1 });
    expect(first.collections.map((c) => c.id)).toEqual(
      sampleCollections.slice(0, 8).map((c) => c.id),
    );
    const strict = valibot.strictObject(CollectionSchema.entries);
    for (const collection of first.collections) {
      expect(
        valibot.safeParse(strict, collection).issues,
        JSON.stringify(collection),
      ).toBeUndefined();
    }
    const second = await list('page=2');
    expect(second.collections.map((c) => c.id)).toEqual(
      sampleCollections.slice(8).map((c) => c.id),
    );
    expect((await list('page=50')).collections).toEqual([]);
  });

  it("answers the server's collections, one added there too", async () => {
    const added = { ...sampleCollections[0], id: 500, title: 'Night Trains' };
    await server.db.query('INSERT INTO collections (id, data) VALUES ($1, $2)', [
      added.id,
      JSON.stringify(added),
    ]);
    const all = await list('pageSize=60');
    expect(all.total).toBe(sampleCollections.length + 1);
    expect(all.collections.at(-1)).toEqual(added);
  });

  it('refuses a page or a size it does not have, saying which', async () => {
    for (const [query, words] of [
      ['page=0', 'page must be from 1 to 50.'],
      ['page=51', 'page must be from 1 to 50.'],
      ['pageSize=61', 'pageSize must be from 1 to 60.'],
      ['pageSize=x', 'pageSize must be from 1 to 60.'],
    ] as const) {
      const response = await ada.get(`/api/collections?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: words });
    }
  });
});
