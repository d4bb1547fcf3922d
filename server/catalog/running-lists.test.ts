// GET /api/items?running=1 and ?owner= on the real database (docs/database.md "Lists and
// search"): Live Auction's list is the device's (query.ts runningAuctions) over the same
// catalogue — the same auctions, ending soonest first, ties in the catalogue's order — paged by
// number and by cursor; a profile's owned items are the device's filter by owner.
import { describe, expect, it } from 'vitest';
import { runningAuctions } from '../../shared/query.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { deviceCatalogue } from './device-catalogue.ts';
import type { ItemListPage } from './lists.ts';

const {
  server,
  clients: [ada],
  ids: [adaId],
} = await serverWithAccounts('Ada');

/** The time the test's ends count from: one for every item, so equal `endsIn` are equal ends
 * however long the inserts take. */
const BASE = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

/** An item made on the server, ending `endsIn` seconds from BASE (the same end for equal ones). */
async function item(fields: {
  title: string;
  saleKind?: string;
  endsIn?: number;
  ownerId?: number;
  state?: 'settled' | 'unlisted' | 'sold';
}): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `WITH next AS (SELECT nextval('item_ids')::int AS id)
     INSERT INTO items (id, creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at,
       settled_at, unlisted_at, data)
     SELECT next.id, 1, $2, $3, 1, 1,
       $6::timestamptz + $4 * interval '1 second',
       CASE WHEN $5 = 'settled' THEN now() END, CASE WHEN $5 = 'unlisted' THEN now() END,
       data || jsonb_build_object('id', next.id, 'title', $1::text, 'saleKind', $3::text,
         'creatorId', 1, 'ownerId', $2::int)
     FROM next, (SELECT data FROM items ORDER BY id LIMIT 1) AS sample
     RETURNING id`,
    [
      fields.title,
      fields.ownerId ?? 1,
      fields.saleKind ?? 'auctions',
      fields.endsIn ?? 86_400,
      fields.state ?? '',
      BASE,
    ],
  );
  const id = rows[0]?.id ?? 0;
  if (fields.state === 'sold') {
    await server.db.query(
      `INSERT INTO purchases (id, item_id, buyer, price_eth) VALUES ($1, $2, 'Bob', 1)`,
      [`sold-${id}`, id],
    );
  }
  return id;
}

async function list(query: string): Promise<ItemListPage> {
  const response = await ada.get(`/api/items?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ItemListPage;
}

describe('running auctions', () => {
  it("are the device's Live Auction list, paged by number and by cursor", async () => {
    const cases: Parameters<typeof item>[0][] = [
      { title: 'Ends in an hour', endsIn: 3_600 },
      { title: 'Ends in an hour too', endsIn: 3_600 },
      { title: 'Ends in a minute', endsIn: 60 },
      { title: 'Ended', endsIn: -60 },
      { title: 'Settled', endsIn: 7_200, state: 'settled' },
      { title: 'Unlisted', endsIn: 7_200, state: 'unlisted' },
      { title: 'Sold', endsIn: 7_200, state: 'sold' },
      { title: 'A fixed price', saleKind: 'now', endsIn: 30 },
      { title: 'Offers', saleKind: 'offers', endsIn: 30 },
      { title: 'Ends in an hour, third', endsIn: 3_600 },
      { title: 'Ends in a week', endsIn: 604_800 },
    ];
    for (const fields of cases) await item(fields);
    const want = runningAuctions(await deviceCatalogue(list), new Date()).map((i) => i.id);
    expect(want.length).toBeGreaterThanOrEqual(5);

    const all = await list('running=1&pageSize=60');
    expect(all.items.map((i) => i.id)).toEqual(want);
    expect(all.total).toBe(want.length);
    const titles = all.items.map((i) => i.title);
    for (const gone of ['Ended', 'Settled', 'Unlisted', 'Sold', 'A fixed price', 'Offers']) {
      expect(titles).not.toContain(gone);
    }
    // Equal ends keep the catalogue's order: the newest item first.
    const hour = titles.filter((t) => t.startsWith('Ends in an hour'));
    expect(hour).toEqual(['Ends in an hour, third', 'Ends in an hour too', 'Ends in an hour']);

    const walked: number[] = [];
    let page = await list('running=1&pageSize=2');
    walked.push(...page.items.map((i) => i.id));
    while (page.next) {
      page = await list(`running=1&pageSize=2&after=${page.next}`);
      walked.push(...page.items.map((i) => i.id));
    }
    expect(walked).toEqual(want);
    const second = await list('running=1&pageSize=2&page=2');
    expect(second.items.map((i) => i.id)).toEqual(want.slice(2, 4));
  });

  it('refuses what the list is not, saying which', async () => {
    for (const [query, word] of [
      ['running=yes', 'running'],
      ['running=1&sort=top', 'running'],
      ['running=1&q=neon', 'running'],
      ['running=1&after=5', 'after'],
      ['owner=x', 'owner'],
      ['owner=0', 'owner'],
    ] as const) {
      const response = await ada.get(`/api/items?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(new RegExp(word, 'i'));
    }
  });
});

describe('owner', () => {
  it("lists the items an account owns, in the device's order", async () => {
    const first = await item({ title: "Ada's first", saleKind: 'now', ownerId: adaId });
    const second = await item({ title: "Ada's second", saleKind: 'offers', ownerId: adaId });
    const want = (await deviceCatalogue(list)).filter((i) => i.ownerId === adaId).map((i) => i.id);
    expect(want).toEqual([second, first]);
    const page = await list(`owner=${adaId}`);
    expect(page.items.map((i) => i.id)).toEqual(want);
    expect(page.total).toBe(2);
  });
});
