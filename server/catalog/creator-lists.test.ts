// GET /api/creators on the real database (docs/database.md "Lists and search"): the creators
// list in the order devices list it and the most followed first, paged by number and by cursor,
// a deleted account's placeholder left out, the count capped; and one creator by id.
import { describe, expect, it } from 'vitest';
import type { Creator } from '../../shared/types.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { mutation, pushOne } from '../test/sync-fixtures.ts';
import { COUNT_CAP } from '../../shared/list-query.ts';
import type { CreatorListPage } from './creator-lists.ts';

const {
  server,
  clients: [ada, bob, cy, dee],
  ids,
} = await serverWithAccounts('Ada', 'Bob', 'Cy', 'Dee');

async function list(query: string): Promise<CreatorListPage> {
  const response = await ada.get(`/api/creators?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CreatorListPage;
}

/** Every creator the list has, page after page by its cursor. */
async function everyCreator(order: string): Promise<Creator[]> {
  const all: Creator[] = [];
  let page = await list(`order=${order}&pageSize=4`);
  all.push(...page.creators);
  while (page.next) {
    page = await list(`order=${order}&pageSize=4&after=${page.next}`);
    all.push(...page.creators);
  }
  return all;
}

// Three of the four accounts make a creator profile; Dee's is removed by a deletion and stays
// only as the placeholder an item still names.
for (const [client, name] of [
  [ada, 'Ada Lovelace'],
  [bob, 'Bob Ross'],
  [cy, 'Cy Twombly'],
  [dee, 'Dee Dee'],
] as const) {
  await pushOne(client, mutation('creator', { name }));
}
const deeId = ids[3];
await server.db.query(
  `UPDATE creators SET account_id = NULL,
     data = data || '{"deleted": true, "name": "Deleted collector"}'::jsonb WHERE id = $1`,
  [deeId],
);
// Followers: Bob's creator by three accounts, sample creator 5 by one more than before.
for (const client of [ada, cy, dee]) {
  await pushOne(client, mutation('follow', { creatorId: ids[1], on: true }));
}

describe('the creators list', () => {
  it('lists the accounts’ creators newest first, then the sample’s in order, without the deleted', async () => {
    const all = await everyCreator('list');
    const [adaId, bobId, cyId] = ids;
    const sample = all.filter((c) => c.id < 100000).map((c) => c.id);
    expect(all.map((c) => c.id)).toEqual([cyId, bobId, adaId, ...sample]);
    expect(sample).toEqual([...sample].sort((a, b) => a - b));
    expect(sample.length).toBeGreaterThanOrEqual(12);
    expect(all.find((c) => c.id === deeId)).toBeUndefined();
    expect(all.find((c) => c.id === bobId)).toMatchObject({ name: 'Bob Ross' });
    const first = await list('pageSize=4');
    expect(first).toMatchObject({ total: all.length, capped: false, page: 1 });
  });

  it('pages by number as the cursor does', async () => {
    const all = await everyCreator('list');
    const second = await list('pageSize=5&page=2');
    expect(second.creators.map((c) => c.id)).toEqual(all.slice(5, 10).map((c) => c.id));
    const past = await list('pageSize=9&page=50');
    expect(past.creators).toEqual([]);
    expect(past.next).toBeNull();
  });

  it('lists the most followed first, ties by id, with the followers each has', async () => {
    const all = await everyCreator('followers');
    const expected = [...all].sort((a, b) => b.followers - a.followers || a.id - b.id);
    expect(all.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(all.find((c) => c.id === ids[1])?.followers).toBe(3);
    expect(all.find((c) => c.id === deeId)).toBeUndefined();
    // A follow moves a creator up: the sample's least followed gains enough to lead.
    const last = all.at(-1) as Creator;
    const top = all[0] as Creator;
    await server.db.query(
      'UPDATE creators SET followers_base = followers_base + $2 WHERE id = $1',
      [last.id, top.followers - last.followers + 1],
    );
    const now = await list('order=followers&pageSize=1');
    expect(now.creators[0]?.id).toBe(last.id);
    expect(now.creators[0]?.followers).toBe(top.followers + 1);
  });

  it('answers an id past the range of ids as not one, and the largest as unknown', async () => {
    const past = await ada.get('/api/creators/9999999999');
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ error: 'The creator id must be a whole number.' });
    const largest = await ada.get('/api/creators/2147483647');
    expect(largest.status).toBe(404);
  });

  it('refuses what is not a query of it, saying which', async () => {
    for (const [query, words] of [
      ['order=newest', 'order must be one of list, followers.'],
      ['page=51', 'page must be from 1 to 50'],
      ['pageSize=0', 'pageSize must be from 1 to 60.'],
      ['pageSize=61', 'pageSize must be from 1 to 60.'],
      ['after=abc', 'after is not a cursor of this list.'],
      ['order=followers&after=12', 'after is not a cursor of this list.'],
      // Past a creator id's range (an integer).
      ['after=9999999999', 'after is not a cursor of this list.'],
      ['after=-2147483648', 'after is not a cursor of this list.'],
      ['order=followers&after=9999:9999999999', 'after is not a cursor of this list.'],
      ['order=followers&after=2147483648:1', 'after is not a cursor of this list.'],
    ] as const) {
      const response = await ada.get(`/api/creators?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(words);
    }
  });

  it(`counts up to ${COUNT_CAP.toLocaleString('en-US')} and says when there are more`, async () => {
    await server.db.query(
      `INSERT INTO creators (id, data)
       SELECT 50000 + n, jsonb_build_object('id', 50000 + n, 'name', 'Bulk ' || n)
       FROM generate_series(1, $1) AS n`,
      [COUNT_CAP + 2],
    );
    const page = await list('pageSize=3');
    expect(page).toMatchObject({ total: COUNT_CAP, capped: true });
    expect(page.next).not.toBeNull();
  });
});

describe('a search of creators', () => {
  const names = async (q: string, extra = '') =>
    (await list(`q=${encodeURIComponent(q)}${extra}`)).creators.map((c) => c.name);

  it('ranks a name or handle that starts with it, then a word that does, then anywhere', async () => {
    for (const [name, handle] of [
      ['Zora Quill', 'zq'],
      ['Amy Zorab', 'amyz'],
      ['Bazora Tu', 'btu'],
      ['Mo Ng', 'zorafan'],
    ] as const) {
      const client = server.client();
      await client.signUp(name);
      await pushOne(client, mutation('creator', { name, twitter: handle }));
    }
    expect(await names('zora')).toEqual(['Zora Quill', 'Mo Ng', 'Amy Zorab', 'Bazora Tu']);
    // Folded as the device folds: case, accents and punctuation.
    expect(await names('ZÓRA')).toEqual(await names('zora'));
    expect(await names('@zorafan')).toEqual(['Mo Ng']);
    // Two letters: the starts alone (no trigram for the rest).
    expect(await names('zo')).toEqual(['Zora Quill', 'Mo Ng']);
    expect(await names('zora', '&pageSize=2')).toEqual(['Zora Quill', 'Mo Ng']);
    expect(await names('xqxqxq')).toEqual([]);
  });

  it('takes LIKE’s pattern characters as text', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('z_ra')).toEqual(await names('z ra'));
  });

  it('leaves out a deleted account’s placeholder, and refuses a page or an order', async () => {
    expect(await names('deleted collector')).toEqual([]);
    for (const query of ['q=zora&page=2', 'q=zora&order=followers', 'q=zora&after=12']) {
      expect((await ada.get(`/api/creators?${query}`)).status, query).toBe(400);
    }
  });
});

describe('one creator', () => {
  it('answers a creator by id, a placeholder too, and says when there is none', async () => {
    const bob = await ada.get(`/api/creators/${ids[1]}`);
    expect(bob.status).toBe(200);
    const body = (await bob.json()) as { creator: Creator; cursor: number };
    expect(body.creator).toMatchObject({ id: ids[1], name: 'Bob Ross', followers: 3 });
    expect(typeof body.cursor).toBe('number');
    const dee = (await (await ada.get(`/api/creators/${deeId}`)).json()) as { creator: Creator };
    expect(dee.creator).toMatchObject({ id: deeId, deleted: true });
    const none = await ada.get('/api/creators/99999');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'There is no creator 99999.' });
    expect((await ada.get('/api/creators/x1')).status).toBe(400);
  });
});
