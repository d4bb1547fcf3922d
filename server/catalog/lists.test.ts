// GET /api/items on the real database (docs/database.md "Lists and search"): filters that
// combine, a stable order paged by number and by cursor, capped counts, and search that ranks a
// title above the rest, a whole word above a prefix above a near miss, and forgives a typo.
import { describe, expect, it } from 'vitest';
import { filterItems, sortItems } from '../../shared/query.ts';
import type { ItemQuery } from '../../shared/types.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { deviceCatalogue } from './device-catalogue.ts';
import { COUNT_CAP, PAGE_MAX as MAX_PAGE } from '../../shared/list-query.ts';
import { SEARCH_COUNT_CAP } from './item-search.ts';
import type { ItemListPage } from './lists.ts';
import { SEARCHES_AT_ONCE, SEARCHES_WAITING } from './search-gate.ts';

const {
  server,
  clients: [ada],
} = await serverWithAccounts('Ada');

/** An item shaped like a sample one, with its own title, description, category and rating. */
async function item(fields: {
  title: string;
  description?: string;
  category?: string;
  rating?: number;
  saleKind?: string;
  creatorId?: number;
}): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `WITH next AS (SELECT nextval('item_ids')::int AS id)
     INSERT INTO items (id, creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at, data)
     SELECT next.id, $5, $5, $6, 1, 1, now() + interval '1 day',
       data || jsonb_build_object('id', next.id, 'title', $1::text, 'description', $2::text,
         'category', $3::text, 'rating', $4::numeric, 'saleKind', $6::text, 'creatorId', $5::int)
     FROM next, (SELECT data FROM items ORDER BY id LIMIT 1) AS sample
     RETURNING id`,
    [
      fields.title,
      fields.description ?? '',
      fields.category ?? 'Art',
      fields.rating ?? 3,
      fields.creatorId ?? 1,
      fields.saleKind ?? 'now',
    ],
  );
  return rows[0]?.id ?? 0;
}

async function list(query: string): Promise<ItemListPage> {
  const response = await ada.get(`/api/items?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ItemListPage;
}

const titles = (page: ItemListPage) => page.items.map((i) => i.title);

describe('search', () => {
  // The sample catalogue has Neon Horizon.
  it('forgives a typo, ranks a title above a description, a whole word above a prefix', async () => {
    await item({ title: 'Quiet Lake', description: 'A neon horizon over still water' });
    await item({ title: 'Neonate Horizontal', description: 'Shapes' });
    await item({ title: 'Horizon Line', description: 'Sea' });
    await item({ title: 'Café Dreams Extra', description: 'Coffee' });

    expect(titles(await list('q=nenon%20horizn'))[0]).toBe('Neon Horizon');
    const horizon = titles(await list('q=horizon&pageSize=60'));
    expect(horizon.indexOf('Neon Horizon')).toBeLessThan(horizon.indexOf('Quiet Lake'));
    expect(horizon.indexOf('Horizon Line')).toBeLessThan(horizon.indexOf('Quiet Lake'));
    // "neon horizon": whole words in the title, then prefixes in the title, then the
    // description.
    const both = titles(await list('q=neon%20horizon&pageSize=60'));
    const at = (title: string) => both.indexOf(title);
    expect(at('Neon Horizon')).toBe(0);
    expect(at('Neonate Horizontal')).toBeGreaterThan(at('Neon Horizon'));
    expect(at('Quiet Lake')).toBeGreaterThan(at('Neonate Horizontal'));
    expect(titles(await list('q=cafe%20dreams%20extra'))[0]).toBe('Café Dreams Extra');
    expect((await list('q=zzzzqqqq')).items).toEqual([]);
  });

  it('follows a changed title, and forgives a typo of a word no title had before', async () => {
    const id = await item({ title: 'Velvet Quasar' });
    expect(titles(await list('q=quasar'))).toEqual(['Velvet Quasar']);
    expect(titles(await list('q=qasar'))[0]).toBe('Velvet Quasar');
    await server.db.query(
      `UPDATE items SET data = data || '{"title": "Amber Comet"}' WHERE id = $1`,
      [id],
    );
    expect(await list('q=quasar')).toMatchObject({ items: [], total: 0, capped: false });
    expect(titles(await list('q=comet'))).toEqual(['Amber Comet']);
  });

  it('finds titles with some of the words when no item has them all', async () => {
    const page = await list('q=quiet%20zebra');
    expect(titles(page)).toContain('Quiet Lake');
    expect(page.total).toBeGreaterThan(0);
  });

  it('answers searches in turn, and refuses those past the ones waiting, saying to retry', async () => {
    const many = SEARCHES_AT_ONCE + SEARCHES_WAITING + 10;
    const answers = await Promise.all(
      Array.from({ length: many }, () => ada.get('/api/items?q=horizon')),
    );
    const refused = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(
      SEARCHES_WAITING,
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(await refused[0]?.json()).toMatchObject({ error: expect.stringMatching(/try again/i) });
    // The lists without words do not wait for searches.
    expect((await ada.get('/api/items?category=Art')).status).toBe(200);
  });

  it('answers a page past the last match with no items and the count', async () => {
    const all = await list('q=horizon&pageSize=60');
    expect(all.total).toBeGreaterThan(0);
    const past = await list('q=horizon&page=10');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });
});

describe('lists', () => {
  it("are the device's lists: the same filters, sort and order over the same catalogue", async () => {
    await item({ title: 'Late upload', category: 'Music', rating: 4.2, saleKind: 'offers' });
    await item({ title: 'Later upload', category: 'Games', rating: 3.9, saleKind: 'auctions' });
    const device = await deviceCatalogue(list);
    for (const category of [null, 'Art', 'Games', 'Music'] as const) {
      for (const sale of [null, 'now', 'auctions', 'offers'] as const) {
        for (const sort of [null, 'top', 'low'] as const) {
          const query: ItemQuery = { category, saleKind: sale, sort };
          const want = sortItems(filterItems(device, query), sort).map((i) => i.id);
          const params = new URLSearchParams({ pageSize: '60' });
          if (category) params.set('category', category);
          if (sale) params.set('sale', sale);
          if (sort) params.set('sort', sort);
          const have = (await list(params.toString())).items.map((i) => i.id);
          expect(have, params.toString()).toEqual(want.slice(0, 60));
        }
      }
    }
  });

  it('combine filters, keep a stable order, and page by cursor without a gap or a repeat', async () => {
    for (let n = 0; n < 9; n += 1) {
      await item({
        title: `Game piece ${n}`,
        category: 'Games',
        rating: n % 3,
        saleKind: 'auctions',
      });
    }
    const all = await list('category=Games&sale=auctions&sort=top&pageSize=60');
    expect(all.items.length).toBeGreaterThanOrEqual(9);
    expect(all.items.every((i) => i.category === 'Games' && i.saleKind === 'auctions')).toBe(true);
    const ratings = all.items.map((i) => i.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const walked: number[] = [];
    let page = await list('category=Games&sale=auctions&sort=top&pageSize=4');
    walked.push(...page.items.map((i) => i.id));
    while (page.next) {
      page = await list(`category=Games&sale=auctions&sort=top&pageSize=4&after=${page.next}`);
      walked.push(...page.items.map((i) => i.id));
    }
    expect(walked).toEqual(all.items.map((i) => i.id));
    // By number: page 2 is the cursor's second page.
    const second = await list('category=Games&sale=auctions&sort=top&pageSize=4&page=2');
    expect(second.items.map((i) => i.id)).toEqual(walked.slice(4, 8));
    expect(second.total).toBe(all.items.length);
    // Newest first by default.
    const newest = await list('pageSize=3');
    expect(newest.items.map((i) => i.id)).toEqual(
      [...newest.items.map((i) => i.id)].sort((a, b) => b - a),
    );
  });

  it('refuses what is not a filter, a page or a cursor, saying which', async () => {
    for (const [query, word] of [
      ['category=Cars', 'category'],
      ['sale=free', 'sale'],
      ['sort=best', 'sort'],
      [`page=${MAX_PAGE + 1}`, 'page'],
      ['pageSize=0', 'pageSize'],
      ['after=x', 'after'],
      ['creator=-1', 'creator'],
      ['q=neon&after=5', 'search'],
      // Well shaped, but not a cursor of the list's order (a rating's in the catalogue's order).
      ['after=1.5:7', 'after'],
      ['sort=top&after=7', 'after'],
      ['running=1&after=7', 'after'],
      ['creator=2147483648', 'creator'],
      ['owner=9999999999', 'owner'],
    ] as const) {
      const response = await ada.get(`/api/items?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(new RegExp(word, 'i'));
    }
  });

  it(`counts up to ${COUNT_CAP.toLocaleString('en-US')} and says when there are more`, async () => {
    await server.db.query(
      `INSERT INTO items (creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at, data)
       SELECT 1, 1, 'offers', 1, 1, now() + interval '1 day',
         data || jsonb_build_object('title', 'Bulk ' || n, 'category', 'Memes')
       FROM generate_series(1, $1) AS n, (SELECT data FROM items ORDER BY id LIMIT 1) AS sample`,
      [COUNT_CAP + 5],
    );
    const page = await list('sale=offers&category=Memes');
    expect(page).toMatchObject({ total: COUNT_CAP, capped: true });
    const few = await list('category=Games&sale=auctions');
    expect(few.capped).toBe(false);
  });
});

describe('a search of many matches', () => {
  // The 10,005 "Bulk n" items above: one tier far larger than a page, walked in the list's order.
  const newestBulk = async (limit: number) =>
    (
      await server.db.query<{ title: string }>(
        `SELECT data->>'title' AS title FROM items WHERE data->>'title' LIKE 'Bulk %'
         ORDER BY id DESC LIMIT $1`,
        [limit],
      )
    ).rows.map((row) => row.title);
  // (The bulk items share the sample's data: their titles tell them apart.)
  const ids = titles;

  it(`stops counting at ${SEARCH_COUNT_CAP.toLocaleString('en-US')} and pages the newest first`, async () => {
    const newest = await newestBulk(36);
    const first = await list('q=bulk&pageSize=12');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(ids(first)).toEqual(newest.slice(0, 12));
    expect(ids(await list('q=bulk&pageSize=12&page=3'))).toEqual(newest.slice(24, 36));
    expect(ids(await list('q=bulk&category=Memes&pageSize=12&page=2'))).toEqual(
      newest.slice(12, 24),
    );
    // A prefix, sorted by rating (all equal: the list's order breaks the tie), by cursor too.
    const top = await list('q=bul&sort=top&pageSize=12');
    expect(top.capped).toBe(true);
    expect(ids(top)).toEqual(newest.slice(0, 12));
    const after = await list(`q=bul&sort=top&pageSize=12&after=${top.next ?? ''}`);
    expect(ids(after)).toEqual(newest.slice(12, 24));
  });
});
