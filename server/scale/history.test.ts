// The history `npm run seed` makes (server/scale/history.ts), at small scale on the real
// database: what it leaves must be what the write path leaves after as many bids, so that the
// scale benchmark measures a real marketplace (docs/performance.md).
import { afterAll, describe, expect, it } from 'vitest';
import { ITEM_JSON } from '../core/snapshots.ts';
import { historySummary, SCALE_COLLECTOR, seedHistory } from './history.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

const server: TestServer = await startTestServer();
afterAll(() => server.close());
const { db } = server;

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, params)).rows;
}

/** Each open auction's active bids and highest bid, and its newest item entry in the log. */
async function auctionState() {
  return rows<{
    id: number;
    highest: string;
    active: string[];
    snapshot: unknown;
    logged: unknown;
  }>(
    `SELECT i.id, i.highest_bid_eth::text AS highest,
       ARRAY(SELECT b.price_eth::text FROM bids b WHERE b.item_id = i.id AND b.status = 'active')
         AS active,
       ${ITEM_JSON} AS snapshot,
       (SELECT c.data FROM changes c WHERE c.topic = 'item' AND c.key = i.id::text
         ORDER BY c.seq DESC LIMIT 1) AS logged
     FROM items i WHERE i.sale_kind = 'auctions' ORDER BY i.id`,
  );
}

/** Bids whose newest entry in the log disagrees with the bids table (status or price). */
async function logDisagreements(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    `WITH last AS (SELECT DISTINCT ON (key) key, data FROM changes WHERE topic = 'bid'
       ORDER BY key, seq DESC)
     SELECT count(*)::int AS n FROM bids b LEFT JOIN last l ON l.key = b.id
     WHERE l.data->>'status' IS DISTINCT FROM b.status
       OR l.data->>'priceEth' IS DISTINCT FROM trim_scale(b.price_eth)::text`,
  );
  return row?.n ?? -1;
}

describe('a seeded history', () => {
  const before = { changes: 0 };

  it('leaves bids rising per auction, one active bid each at its highest bid, and the log of every bid', async () => {
    before.changes = (await historySummary(db)).changes;
    const run = await seedHistory(db, { bids: 2000, accounts: 50, collectorBids: 300, batch: 700 });
    expect(run.accountsMade).toBe(51);
    const auctions = run.items.length;
    expect(auctions).toBeGreaterThan(1);

    const summary = await historySummary(db);
    expect(summary.bids).toBe(2000);
    expect(summary.activity).toBe(2000);
    expect(summary.collectorBids).toBe(300);
    // Per bid: the bid outbid (not for an auction's first), the bid, the item, the entry; and
    // once per auction the new end that keeps it open.
    expect(summary.changes - before.changes).toBe(2000 * 4);

    for (const auction of await auctionState()) {
      expect(auction.active).toEqual([auction.highest]);
      expect(auction.logged).toEqual(auction.snapshot);
    }
    const [max] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM bids b WHERE b.price_eth >
         (SELECT i.highest_bid_eth FROM items i WHERE i.id = b.item_id)`,
    );
    expect(max?.n).toBe(0);
    expect(await logDisagreements()).toBe(0);
    const newest = summary.newestActivity;
    expect(newest?.description).toMatch(/ bid \d+\.\d+ ETH on /);
  });

  it('continues from the highest bids on a second run, outbidding the bids that led', async () => {
    const first = await historySummary(db);
    await seedHistory(db, { bids: 501 });
    const summary = await historySummary(db);
    expect(summary.bids).toBe(2501);
    expect(summary.collectorBids).toBe(300 + 250);
    expect(summary.changes - first.changes).toBe(501 * 4);
    for (const auction of await auctionState()) {
      expect(auction.active).toEqual([auction.highest]);
      expect(auction.logged).toEqual(auction.snapshot);
    }
    expect(await logDisagreements()).toBe(0);
    const [highest] = summary.auctions;
    expect(Number(highest?.highestBidEth)).toBeGreaterThan(
      Number(first.auctions[0]?.highestBidEth),
    );
  });

  it('makes a collector who signs in with the known password and whose next bid outbids the seeded one as the write path does', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/login', {
      email: SCALE_COLLECTOR.email,
      password: SCALE_COLLECTOR.password,
    });
    expect(response.status).toBe(200);
    const { auctions } = await historySummary(db);
    const item = auctions[0];
    if (!item) throw new Error('no auction');
    const [led] = await rows<{ id: string }>(
      "SELECT id FROM bids WHERE item_id = $1 AND status = 'active'",
      [item.id],
    );
    const seeded = await rows<{ topic: string; data: Record<string, unknown> }>(
      `SELECT topic, data FROM changes c, (SELECT max(seq) AS seq FROM changes WHERE key = $1) x
       WHERE c.seq BETWEEN x.seq AND x.seq + 2 ORDER BY c.seq`,
      [led?.id],
    );
    const price = (Number(item.highestBidEth) + 0.01).toFixed(2);
    const push = await client.post('/api/push', {
      mutations: [
        {
          id: crypto.randomUUID(),
          v: 1,
          at: new Date().toISOString(),
          kind: 'bid',
          args: { itemId: item.id, priceEth: price, quantity: 1 },
        },
      ],
    });
    expect((await push.json()).results[0].status).toBe('applied');
    const written = await rows<{ topic: string; key: string; data: Record<string, unknown> }>(
      `SELECT topic, key, data FROM changes WHERE seq > (SELECT max(seq) FROM changes) - 4
       ORDER BY seq`,
    );
    expect(written.map((change) => change.topic)).toEqual(['bid', 'bid', 'item', 'activity']);
    // The seeded bid that led, as the write path now logs it, is the seeded entry but outbid.
    const seededBid = seeded.find((change) => change.topic === 'bid' && change.data.id === led?.id);
    expect(written[0]?.data).toEqual({ ...seededBid?.data, status: 'outbid' });
    // The seeded item and activity entries have the write path's shape.
    const seededItem = seeded.find((change) => change.topic === 'item');
    const seededEntry = seeded.find((change) => change.topic === 'activity');
    expect(Object.keys(seededItem?.data ?? {}).sort()).toEqual(
      Object.keys(written[2]?.data ?? {}).sort(),
    );
    expect(Object.keys(seededEntry?.data ?? {}).sort()).toEqual(
      Object.keys(written[3]?.data ?? {}).sort(),
    );
    expect(written[3]?.data.actor).toMatchObject({ name: SCALE_COLLECTOR.name });
  });
});
