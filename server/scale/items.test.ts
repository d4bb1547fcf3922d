// The catalogue `npm run seed -- --items N` makes (server/scale/items.ts), at small scale on the
// real database: items of every category, market category and sale kind, each served by GET
// /api/items as the app's schema says, found by search, with their images stored, and no entry
// in the change log.
import * as valibot from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { ItemChangeSchema } from '../../shared/protocol.ts';
import { ITEM_CATEGORIES, MARKET_CATEGORIES, SALE_KINDS } from '../../shared/types.ts';
import { parseListQuery } from '../catalog/item-query.ts';
import { listItems, type ItemListPage } from '../catalog/lists.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { seedItems, seedPng } from './items.ts';

const server: TestServer = await startTestServer();
afterAll(() => server.close());
const { db } = server;
const N = 2_000;

const { rows: before } = await db.query<{ seq: number }>(
  'SELECT coalesce(max(seq), 0)::int AS seq FROM changes',
);
const started = performance.now();
const run = await seedItems(db, { items: N, batch: 700 });
const took = performance.now() - started;

async function list(params: Record<string, string>): Promise<ItemListPage> {
  const parsed = parseListQuery((name) => params[name]);
  if (!parsed.ok) throw new Error(parsed.error);
  return listItems(db, parsed.query);
}

const strict = valibot.strictObject(ItemChangeSchema.entries);

describe('seedItems', () => {
  it('adds N items with new ids, in batches, quickly', async () => {
    expect(run.items).toBe(N);
    expect(run.lastId - run.firstId).toBe(N - 1);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM items WHERE id BETWEEN $1 AND $2',
      [run.firstId, run.lastId],
    );
    expect(rows[0]?.n).toBe(N);
    expect(took).toBeLessThan(20_000);
  });

  it('covers every category, market category and sale kind, and every sample creator', async () => {
    const counts = async (column: string) =>
      (
        await db.query<{ value: string; n: number }>(
          `SELECT ${column}::text AS value, count(*)::int AS n FROM items
           WHERE id >= $1 GROUP BY 1`,
          [run.firstId],
        )
      ).rows;
    const byValue = (rows: { value: string; n: number }[]) =>
      Object.fromEntries(rows.map((row) => [row.value, row.n]));
    const categories = byValue(await counts('category'));
    for (const category of ITEM_CATEGORIES) expect(categories[category]).toBeGreaterThan(100);
    const markets = byValue(await counts('market_category'));
    for (const market of MARKET_CATEGORIES) expect(markets[market]).toBeGreaterThan(100);
    const sales = byValue(await counts('sale_kind'));
    for (const sale of SALE_KINDS) expect(sales[sale]).toBeGreaterThan(300);
    const creators = await counts('creator_id');
    const { rows: sample } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM creators WHERE account_id IS NULL AND NOT data ? $1',
      ['deleted'],
    );
    expect(creators).toHaveLength(sample[0]?.n ?? -1);
    const { rows: open } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM items WHERE id >= $1
       AND (ends_at < now() + interval '14 days' OR settled_at IS NOT NULL)`,
      [run.firstId],
    );
    expect(open[0]?.n).toBe(0);
  });

  it('serves every seeded item as the app reads it', async () => {
    const invalid: string[] = [];
    for (const sale of SALE_KINDS) {
      for (let page = 1; page <= 50; page += 1) {
        const answer = await list({ sale, page: String(page), pageSize: '60' });
        for (const item of answer.items) {
          const result = valibot.safeParse(strict, item);
          if (!result.success) {
            const issue = result.issues[0];
            invalid.push(`${item.id}: ${valibot.getDotPath(issue) ?? ''} ${issue.message}`);
          }
        }
        if (answer.items.length < 60) break;
      }
    }
    expect(invalid).toEqual([]);
    const seeded = await list({ pageSize: '60' });
    expect(seeded.total).toBeGreaterThanOrEqual(N);
    const [first] = seeded.items;
    // The newest item lists first, with its stored image.
    expect(first?.id).toBe(run.lastId);
    expect(first?.image).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const image = await server.client().get(first?.image ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('is found by search: a word, a prefix, a typo of a sample title ranks it first', async () => {
    const word = await list({ q: 'cathedral' });
    expect(word.total).toBeGreaterThan(10);
    expect(word.items[0]?.title.toLowerCase()).toContain('cathedral');
    const prefix = await list({ q: 'glaci' });
    expect(prefix.total).toBeGreaterThan(10);
    const typo = await list({ q: 'nenon horizn' });
    expect(typo.items[0]?.title).toBe('Neon Horizon');
    for (const item of typo.items) expect(item.title).toMatch(/horizon/i);
    const described = await list({ q: 'lighthouse' });
    expect(described.total).toBeGreaterThan(10);
    const nothing = await list({ q: 'xylophonequark' });
    expect(nothing.total).toBe(0);
  });

  it('writes nothing to the change log', async () => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM changes WHERE seq > $1',
      [before[0]?.seq ?? 0],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('makes a real PNG', () => {
    const png = seedPng(3);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]));
    expect(png.length).toBeLessThan(400);
  });
});
