// "Watch this search" and shares (docs/product.md "Saved searches", "Notifications"): saving,
// listing and removing searches within their bound; a new item tells exactly the searchers whose
// explore query (GET /api/items, the real list code) finds it, never its uploader; a fan-out
// larger than a batch finishes in the job; a share tells the owner once, when "shares" is on.
import { describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../shared/notifications.ts';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '../../shared/saved-search.ts';
import type { TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { uploadPng } from '../test/images.ts';
import { mutation, pushOne } from '../test/sync-fixtures.ts';
import {
  fanOutSearchMatches,
  matchingAccounts,
  tellSearchMatches,
} from '../notifications/saved-search-matches.ts';

const {
  server,
  clients: [ada, bob, cy, dee, eve, fay],
  ids: [adaId, bobId, cyId, deeId, eveId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay');

type Search = { q?: string; category?: string; market?: string; sale?: string };

async function watch(client: TestClient, search: Search): Promise<Response> {
  return client.post('/api/saved-searches', search);
}

async function listed(client: TestClient): Promise<SavedSearch[]> {
  const response = await client.get('/api/saved-searches');
  expect(response.status).toBe(200);
  return ((await response.json()) as { searches: SavedSearch[] }).searches;
}

async function upload(
  client: TestClient,
  fields: { title: string; description?: string; type?: string; endDate?: string },
): Promise<number> {
  const result = await pushOne(
    client,
    mutation('item', {
      description: '',
      type: 'art',
      ...fields,
      imageId: await uploadPng(client),
    }),
  );
  if (result.status !== 'applied' || !result.itemId) throw new Error('upload refused');
  return result.itemId;
}

async function told(client: TestClient, kind: string, itemId: number): Promise<number> {
  const response = await client.get('/api/notifications?limit=50');
  const page = (await response.json()) as NotificationsPage;
  return page.notifications.filter((n) => n.kind === kind && n.itemId === itemId).length;
}

/** Whether explore, through the server's own list code, finds the item with the search. */
async function exploreFinds(search: Search, itemId: number): Promise<boolean> {
  const query = new URLSearchParams({ ...search, pageSize: '60' });
  const response = await server.client().get(`/api/items?${query}`);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { items: { id: number }[] };
  return page.items.some((item) => item.id === itemId);
}

describe('saved searches', () => {
  it('are saved once, listed newest first and removed; signed out is refused', async () => {
    const first = await watch(fay, { q: '  Lantern   Glow ', sale: 'auctions' });
    expect(first.status).toBe(201);
    const saved = (await first.json()) as SavedSearch;
    expect(saved).toMatchObject({ q: 'Lantern Glow', sale: 'auctions', category: null });
    const again = await watch(fay, { q: 'lantern glow', sale: 'auctions' });
    expect(((await again.json()) as SavedSearch).id).toBe(saved.id);
    await watch(fay, { category: 'Music' });
    expect((await listed(fay)).map((s) => s.category)).toEqual(['Music', null]);
    const removed = await fay.request(`/api/saved-searches/${saved.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await listed(fay)).map((s) => s.category)).toEqual(['Music']);
    // Another account's id removes nothing of Fay's.
    const [music] = await listed(fay);
    await eve.request(`/api/saved-searches/${music?.id}`, { method: 'DELETE' });
    expect(await listed(fay)).toHaveLength(1);
    expect((await server.client().post('/api/saved-searches', { q: 'glow' })).status).toBe(401);
  });

  it('refuses a search explore would refuse, one of nothing, and past the cap', async () => {
    expect((await watch(fay, { sale: 'everything' })).status).toBe(400);
    expect((await watch(fay, {})).status).toBe(400);
    expect((await watch(fay, { q: 'the and' })).status).toBe(400);
    const before = (await listed(fay)).length;
    for (let n = before; n < SAVED_SEARCHES_MAX; n += 1) {
      expect((await watch(fay, { q: `word${n}` })).status).toBe(201);
    }
    const over = await watch(fay, { q: 'one more' });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: string }).error).toMatch(/stop watching one/);
    expect(await listed(fay)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});

describe('a new item', () => {
  it('tells exactly the searchers whose explore query finds it, never its uploader', async () => {
    const searches: [TestClient, number, Search][] = [
      [bob, bobId, { q: 'zephyrine' }],
      [cy, cyId, { q: 'Quokk lanterns' }],
      [dee, deeId, { q: 'zephyrine', category: 'Music' }],
      [eve, eveId, { sale: 'auctions', market: 'music' }],
      [ada, adaId, { q: 'zephyrine' }],
    ];
    for (const [client, , search] of searches)
      expect((await watch(client, search)).status).toBe(201);
    const items = [
      await upload(ada, { title: 'Zephyrine Dawn' }),
      await upload(ada, { title: 'Night', description: 'A quokka under two lantern lights' }),
      await upload(ada, { title: 'Song', description: 'zephyrine', type: 'music' }),
      await upload(bob, { title: 'Quiet', type: 'music', endDate: '2099-01-01' }),
      await upload(bob, { title: 'Zephyrines of the lanterns' }),
    ];
    let matches = 0;
    for (const itemId of items) {
      for (const [client, id, search] of searches) {
        const uploader = (
          await server.db.query<{ owner_id: number }>('SELECT owner_id FROM items WHERE id = $1', [
            itemId,
          ])
        ).rows[0]?.owner_id;
        const expected = id !== uploader && (await exploreFinds(search, itemId)) ? 1 : 0;
        matches += expected;
        expect({ itemId, search, told: await told(client, 'search-match', itemId) }).toEqual({
          itemId,
          search,
          told: expected,
        });
      }
    }
    // The searches matched some items and missed others.
    expect(matches).toBeGreaterThan(3);
    expect(matches).toBeLessThan(items.length * searches.length - 5);
  });

  it('tells more searchers than a batch: the first in the upload, the rest by the job', async () => {
    const itemId = await upload(ada, { title: 'Obsidianite' });
    await server.db.query('DELETE FROM notifications WHERE item_id = $1', [itemId]);
    for (const client of [bob, cy, dee, eve]) await watch(client, { q: 'obsidian' });
    expect(await matchingAccounts(server.db, itemId, { except: adaId })).toEqual([
      bobId,
      cyId,
      deeId,
      eveId,
    ]);
    await server.db.transaction((tx) =>
      tellSearchMatches(tx, { id: itemId, title: 'Obsidianite', by: adaId }, 3),
    );
    expect(await told(eve, 'search-match', itemId)).toBe(0);
    expect(await fanOutSearchMatches(server.db, { batch: 3 })).toBe(1);
    for (const client of [bob, cy, dee, eve])
      expect(await told(client, 'search-match', itemId)).toBe(1);
    expect(await fanOutSearchMatches(server.db, { batch: 3 })).toBe(0);
  });

  it("counts a batch in accounts, however many of an account's searches match", async () => {
    const itemId = await upload(ada, { title: 'Basaltine' });
    // Bob's two searches share their key word: a batch of 2 is still two accounts.
    for (const q of ['basalt', 'basalt bas']) expect((await watch(bob, { q })).status).toBe(201);
    for (const client of [cy, dee]) await watch(client, { q: 'basalt' });
    const first = await matchingAccounts(server.db, itemId, { except: adaId, batch: 2 });
    expect(first).toEqual([bobId, cyId]);
    expect(
      await matchingAccounts(server.db, itemId, { except: adaId, after: cyId, batch: 2 }),
    ).toEqual([deeId]);
  });
});

describe('a share', () => {
  it('tells the owner once when "shares" is on, nothing when off or signed out', async () => {
    const itemId = await upload(ada, { title: 'Shared sky' });
    const share = (client: TestClient) => client.post('/api/shares', { itemId });
    expect((await share(bob)).status).toBe(204);
    expect(await told(ada, 'share', itemId)).toBe(0);
    const on = mutation('profile', {
      section: 'account-notifications',
      fields: { shares: true },
    });
    expect(await pushOne(ada, on)).toMatchObject({ status: 'applied' });
    expect((await share(cy)).status).toBe(204);
    expect((await share(cy)).status).toBe(204);
    expect((await share(server.client())).status).toBe(204);
    expect((await share(ada)).status).toBe(204);
    expect(await told(ada, 'share', itemId)).toBe(1);
    expect((await server.client().post('/api/shares', { itemId: 'x' })).status).toBe(400);
    expect((await cy.post('/api/shares', { itemId: 999_999_999 })).status).toBe(404);
  });
});
