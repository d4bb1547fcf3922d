// Bids and Buy Now through POST /api/push on the real database: the server's rules, and what
// the change log and the snapshots carry to every device.
import { describe, expect, it } from 'vitest';
import { itemSnapshot } from '../core/snapshots.ts';
import { checkBid, saleTarget } from '../../shared/market.ts';
import { bidEntryJson, ITEM_COLUMNS } from './activity.ts';
import { bidsWhere } from './bid-records.ts';
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

const bid = (itemId: number, priceEth: string, quantity = 1) =>
  mutation('bid', { itemId, priceEth, quantity });

describe('bids on an auction', () => {
  it('accepts a bid that beats the highest by 0.01 ETH, raises it and logs bid, item and activity', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '3.55' });
    const since = await cursorNow(server);
    const first = bid(itemId, '3.56', 2);
    expect(await pushOne(ada, first)).toEqual({ id: first.id, status: 'applied' });
    expect((await itemSnapshot(server.db, itemId))?.highestBidEth).toBe('3.56');
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({ highestBidEth: '3.56' });
    expect(await lastChange(bob, since, 'bid', first.id)).toMatchObject({
      id: first.id,
      itemId,
      priceEth: '3.56',
      quantity: 2,
      bidder: 'Ada',
      status: 'active',
      at: expect.any(String),
    });
    expect(await lastChange(bob, since, 'activity', `bid-${first.id}`)).toMatchObject({
      type: 'Bid',
      itemId,
      description: 'Ada bid 3.56 ETH for 2 editions on Test item ' + itemId,
      actor: {
        id: adaId,
        name: 'Ada',
        deed: expect.stringMatching(/^bid 3\.56 ETH for 2 editions on /),
      },
      tags: ['Bids'],
    });
  });

  it('refuses a bid below highest + 0.01 with the current highest, and marks earlier bids outbid', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '4.2' });
    const first = bid(itemId, '4.8');
    await pushOne(bob, first);
    const since = await cursorNow(server);
    const low = await pushOne(ada, bid(itemId, '4.805'));
    expect(low).toMatchObject({ status: 'refused', code: 'outbid' });
    expect(low.status === 'refused' && low.error).toBe(
      'You were outbid: the highest bid is now 4.80 ETH. Bid again, at least 4.81 ETH.',
    );
    expect(await pushOne(ada, bid(itemId, '4.81'))).toMatchObject({ status: 'applied' });
    expect(await lastChange(bob, since, 'bid', first.id)).toMatchObject({ status: 'outbid' });
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bids WHERE item_id = $1 AND status = 'active'",
      [itemId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('of two equal bids at once, one is applied and the other outbid', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '5' });
    const results = await Promise.all([
      pushOne(ada, bid(itemId, '6')),
      pushOne(bob, bid(itemId, '6')),
    ]);
    expect(results.map((r) => (r.status === 'refused' ? r.code : r.status)).sort()).toEqual([
      'applied',
      'outbid',
    ]);
    expect((await itemSnapshot(server.db, itemId))?.highestBidEth).toBe('6');
  });

  it('of many rising bids at once, only the highest stays active and the others are outbid', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '5' });
    // Rising, all at once: each bid waits on the item's lock while the one before holds it,
    // and must then see that bid to mark it outbid.
    const prices = Array.from({ length: 16 }, (_, n) => (6 + n / 100).toFixed(2));
    const sent = prices.map((price) => bid(itemId, price));
    const results = await Promise.all(sent.map((m, n) => pushOne(n % 2 ? ada : bob, m)));
    for (const [n, result] of results.entries()) {
      if (result.status === 'refused') expect(result.code, `bid ${prices[n]}`).toBe('outbid');
    }
    const applied = sent.filter((_, n) => results[n]?.status === 'applied');
    expect(applied.length).toBeGreaterThan(1);
    const top = applied
      .map((m) => m.args.priceEth)
      .sort()
      .at(-1);
    const { rows } = await server.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM bids WHERE item_id = $1',
      [itemId],
    );
    const status = new Map(rows.map((row) => [row.id, row.status]));
    expect(rows).toHaveLength(applied.length);
    for (const m of applied) {
      expect(status.get(m.id), m.args.priceEth).toBe(m.args.priceEth === top ? 'active' : 'outbid');
    }
    expect((await itemSnapshot(server.db, itemId))?.highestBidEth).toBe(top);
  });

  it('refuses a bid after the end', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: -1000 });
    expect(await pushOne(ada, bid(itemId, '9'))).toMatchObject({
      status: 'refused',
      code: 'ended',
    });
  });

  it('extends an auction ending within 15 minutes by 15 minutes', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 60_000 });
    await pushOne(ada, bid(itemId, '5'));
    const end = Date.parse((await itemSnapshot(server.db, itemId))?.liveDate ?? '');
    expect(end - Date.now()).toBeGreaterThan(14 * 60_000);
  });
});

describe('a bid in the log', () => {
  it('logs, in sequence order, the outbid bid, the new bid, the item and the entry, with times as devices write them', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '7' });
    const first = bid(itemId, '7.5');
    await pushOne(bob, first);
    const since = await cursorNow(server);
    const second = bid(itemId, '7.6');
    await pushOne(ada, second);
    const { changes } = await changesSince(bob, since);
    expect(changes.map(({ topic, key }) => `${topic} ${key}`)).toEqual([
      `bid ${first.id}`,
      `bid ${second.id}`,
      `item ${itemId}`,
      `activity bid-${second.id}`,
    ]);
    const seqs = changes.map((change) => change.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    const [outbid, placed, item, entry] = changes.map((change) => change.data) as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(outbid).toMatchObject({ id: first.id, status: 'outbid', bidder: 'Bob' });
    expect(placed.at).toMatch(iso);
    expect(entry.at).toBe(placed.at);
    expect(item.liveDate).toMatch(iso);
    expect(item.date).toBe(item.liveDate);
    // The keys set only when they apply are absent on an item on sale, as in the sample record.
    expect(Object.keys(item)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(settledAt|soldTo|unlisted)$/)]),
    );
    expect(await itemSnapshot(server.db, itemId)).toEqual(item);
    // The same JSON as the TypeScript builders' (bid-records.ts, activity.ts).
    expect(await bidsWhere(server.db, 'b.id = $1', [first.id])).toEqual([outbid]);
    expect(await bidsWhere(server.db, 'b.id = $1', [second.id])).toEqual([placed]);
    const built = await server.db.query<{ entry: unknown }>(
      `SELECT ${bidEntryJson('b', ITEM_COLUMNS, '$2::int')} AS entry
       FROM bids b JOIN items i ON i.id = b.item_id WHERE b.id = $1`,
      [second.id, adaId],
    );
    expect(built.rows[0]?.entry).toEqual(entry);
  });
});

describe('offers and other bid rules', () => {
  it("logs an offer's entry as an offer, the same JSON as bidEntryJson's", async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    const since = await cursorNow(server);
    const offer = bid(itemId, '2.5', 2);
    expect(await pushOne(ada, offer)).toEqual({ id: offer.id, status: 'applied' });
    const entry = await lastChange(bob, since, 'activity', `bid-${offer.id}`);
    expect(entry).toMatchObject({
      type: 'Offer',
      description: `Ada made an offer of 2.5 ETH for 2 editions on Test item ${itemId}`,
      actor: { id: adaId, deed: `made an offer of 2.5 ETH for 2 editions on Test item ${itemId}` },
      tags: ['Bids'],
    });
    const built = await server.db.query<{ entry: unknown }>(
      `SELECT ${bidEntryJson('b', ITEM_COLUMNS, '$2::int')} AS entry
       FROM bids b JOIN items i ON i.id = b.item_id WHERE b.id = $1`,
      [offer.id, adaId],
    );
    expect(built.rows[0]?.entry).toEqual(entry);
  });

  it('takes offers on a listing with no end, and refuses them once its end has passed', async () => {
    const open = await makeItem(server, { saleKind: 'now' });
    await server.db.query('UPDATE items SET ends_at = NULL WHERE id = $1', [open]);
    expect(await pushOne(ada, bid(open, '2'))).toMatchObject({ status: 'applied' });
    const ending = await makeItem(server, { saleKind: 'offers', endsIn: 60_000 });
    expect(await pushOne(ada, bid(ending, '2'))).toMatchObject({ status: 'applied' });
    // An offer never extends a listing's end, as a late bid does an auction's.
    const end = Date.parse((await itemSnapshot(server.db, ending))?.liveDate ?? '');
    expect(end - Date.now()).toBeLessThan(61_000);
    const ended = await makeItem(server, { saleKind: 'offers', endsIn: -1000 });
    expect(await pushOne(bob, bid(ended, '2'))).toMatchObject({
      status: 'refused',
      code: 'ended',
    });
  });

  it('an offer needs at least 1.22 ETH', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', highestBidEth: '0' });
    const low = await pushOne(ada, bid(itemId, '1.21'));
    expect(low).toMatchObject({ status: 'refused', code: 'too-low' });
    expect(await pushOne(ada, bid(itemId, '1.22'))).toMatchObject({ status: 'applied' });
  });

  it('refuses a quantity outside 1 to 5, an unknown item, a malformed amount and own items', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    expect(await pushOne(ada, bid(itemId, '2', 6))).toMatchObject({
      status: 'refused',
      code: 'invalid',
      fields: { quantity: expect.any(String) },
    });
    expect(await pushOne(ada, bid(itemId, '2', 0))).toMatchObject({ code: 'invalid' });
    expect(await pushOne(ada, bid(999_999, '2'))).toMatchObject({ code: 'not-found' });
    expect(await pushOne(ada, bid(itemId, '-2'))).toMatchObject({
      code: 'invalid',
      fields: { 'args.priceEth': expect.any(String) },
    });
    const own = await makeItem(server, { saleKind: 'now', ownerId: adaId });
    expect(await pushOne(ada, bid(own, '2'))).toMatchObject({ code: 'forbidden' });
  });
});

// One table of the market's rules (issue 30): each case runs through the device's check
// (shared/market.ts checkBid, on the item as the server sends it to devices, as the device's
// placeBid runs it) and through the server's artmint_place_bid, and both refuse it with the same
// code and the same words.
describe('a bid refused', () => {
  const refusals: {
    code: string;
    /** The item the bid goes to, made for the case; its bid's price and quantity. */
    setup: () => Promise<number>;
    priceEth?: string;
    quantity?: number;
    error: string;
    fields?: Record<string, string>;
    /**
     * 'queues': the device's check lets it through and the server refuses it: an end only the
     * server's clock has passed, which the device leaves to the server (shared/market.ts
     * saleTarget), until the server's word (the auction settled) reaches it.
     */
    device?: 'queues';
  }[] = [
    {
      code: 'invalid',
      setup: () => makeItem(server, { saleKind: 'now' }),
      quantity: 6,
      error: 'Enter a whole number from 1 to 5.',
      fields: { quantity: 'Enter a whole number from 1 to 5.' },
    },
    { code: 'not-found', setup: async () => 999_997, error: 'This item no longer exists.' },
    {
      code: 'forbidden',
      setup: () => makeItem(server, { saleKind: 'now', ownerId: adaId }),
      error: 'You cannot bid on your own item.',
    },
    {
      code: 'unlisted',
      setup: async () => {
        const id = await makeItem(server, { saleKind: 'now' });
        await server.db.query('UPDATE items SET unlisted_at = now() WHERE id = $1', [id]);
        return id;
      },
      error: 'Its owner took this item off sale, so it takes no bids.',
    },
    {
      code: 'sold',
      setup: async () => {
        const id = await makeItem(server, { saleKind: 'now' });
        await pushOne(bob, mutation('checkout', { itemId: id }));
        return id;
      },
      error: 'This item is already sold, so it takes no more offers.',
    },
    {
      code: 'ended',
      setup: async () => {
        const id = await makeItem(server, {
          saleKind: 'auctions',
          highestBidEth: '3.5',
          endsIn: -1000,
        });
        await server.db.query('UPDATE items SET settled_at = now() WHERE id = $1', [id]);
        return id;
      },
      priceEth: '9',
      error: 'This auction has ended. The highest bid was 3.50 ETH.',
    },
    {
      code: 'ended',
      setup: () => makeItem(server, { saleKind: 'auctions', highestBidEth: '3.5', endsIn: -1000 }),
      priceEth: '9',
      error: 'This auction has ended. The highest bid was 3.50 ETH.',
      device: 'queues',
    },
    {
      code: 'ended',
      setup: () => makeItem(server, { saleKind: 'now', highestBidEth: '3.5', endsIn: -1000 }),
      error: 'Listing ended: its end has passed, so it takes no more offers.',
      device: 'queues',
    },
    {
      code: 'outbid',
      setup: () => makeItem(server, { saleKind: 'auctions', highestBidEth: '1.255' }),
      priceEth: '1.26',
      error: 'You were outbid: the highest bid is now 1.255 ETH. Bid again, at least 1.265 ETH.',
      fields: { priceEth: 'Bid at least 1.265 ETH.' },
    },
    {
      code: 'too-low',
      setup: () => makeItem(server, { saleKind: 'offers', highestBidEth: '0' }),
      priceEth: '1.2',
      error: 'The minimum offer is 1.22 ETH.',
      fields: { priceEth: 'The minimum offer is 1.22 ETH.' },
    },
  ];

  for (const refusal of refusals) {
    it(`as ${refusal.code} (${refusal.error}${refusal.device ? ', the device queues it' : ''}): the device's words, nothing written but its result, the same when pushed again`, async () => {
      const itemId = await refusal.setup();
      const since = await cursorNow(server);
      const one = bid(itemId, refusal.priceEth ?? '2', refusal.quantity ?? 1);
      // The device's check, on the item as it has it from the server.
      const item = await itemSnapshot(server.db, itemId);
      const onDevice = checkBid(
        item && saleTarget(item, { own: item.ownerId === adaId, now: null }),
        one.args,
      );
      expect(onDevice).toEqual(
        refusal.device === 'queues'
          ? null
          : {
              code: refusal.code,
              message: refusal.error,
              ...(refusal.fields ? { fields: refusal.fields } : {}),
            },
      );
      const expected = {
        id: one.id,
        status: 'refused',
        code: refusal.code,
        error: refusal.error,
        ...(refusal.fields ? { fields: refusal.fields } : {}),
      };
      expect(await pushOne(ada, one)).toEqual(expected);
      // A retried push is answered from the stored result, with the same words.
      expect(await pushOne(ada, one)).toEqual(expected);
      expect(await cursorNow(server)).toBe(since);
      const { rows } = await server.db.query('SELECT 1 FROM bids WHERE id = $1', [one.id]);
      expect(rows).toEqual([]);
    });
  }
});

describe('checkout', () => {
  it('sells once at the item price, makes the buyer the owner and logs it', async () => {
    const itemId = await makeItem(server, { saleKind: 'now', priceEth: '2.5' });
    const since = await cursorNow(server);
    const buy = mutation('checkout', { itemId });
    expect(await pushOne(ada, buy)).toEqual({ id: buy.id, status: 'applied' });
    expect((await itemSnapshot(server.db, itemId))?.ownerId).toBe(adaId);
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({ ownerId: adaId });
    expect(await lastChange(bob, since, 'activity', `purchase-${buy.id}`)).toMatchObject({
      type: 'Purchase',
      description: expect.stringMatching(/^Ada bought .+ for 2\.5 ETH$/),
      actor: { id: adaId, name: 'Ada', deed: expect.stringMatching(/^bought .+ for 2\.5 ETH$/) },
    });
    const { rows } = await server.db.query<{ price: string }>(
      'SELECT trim_scale(price_eth)::text AS price FROM purchases WHERE id = $1',
      [buy.id],
    );
    expect(rows[0]?.price).toBe('2.5');
    const again = await pushOne(bob, mutation('checkout', { itemId }));
    expect(again).toMatchObject({ status: 'refused', code: 'sold' });
    expect(again.status === 'refused' && again.error).toMatch(/already sold/);
    expect((await itemSnapshot(server.db, itemId))?.ownerId).toBe(adaId);
  });

  it('refuses your own item and an unknown one; Buy Now on a live auction ends it', async () => {
    const own = await makeItem(server, { saleKind: 'now', ownerId: adaId });
    expect(await pushOne(ada, mutation('checkout', { itemId: own }))).toMatchObject({
      code: 'forbidden',
    });
    expect(await pushOne(ada, mutation('checkout', { itemId: 999_998 }))).toMatchObject({
      code: 'not-found',
    });
    const auction = await makeItem(server, { saleKind: 'auctions' });
    expect(await pushOne(bob, mutation('checkout', { itemId: auction }))).toMatchObject({
      status: 'applied',
    });
    expect(await pushOne(ada, bid(auction, '50'))).toMatchObject({ code: 'ended' });
  });

  it('refuses Buy Now once a listing has ended, and sells one with no end', async () => {
    const ended = await makeItem(server, { saleKind: 'now', endsIn: -1000 });
    const since = await cursorNow(server);
    const late = await pushOne(ada, mutation('checkout', { itemId: ended }));
    expect(late).toMatchObject({
      status: 'refused',
      code: 'ended',
      error: 'Listing ended: its end has passed, so it can no longer be bought.',
    });
    expect(await cursorNow(server)).toBe(since);
    expect((await itemSnapshot(server.db, ended))?.ownerId).toBe(1);
    const open = await makeItem(server, { saleKind: 'now' });
    await server.db.query('UPDATE items SET ends_at = NULL WHERE id = $1', [open]);
    expect(await pushOne(ada, mutation('checkout', { itemId: open }))).toMatchObject({
      status: 'applied',
    });
  });

  it('the change log pages carry only public topics', async () => {
    const { changes } = await changesSince(bob, 0);
    const topics = new Set(changes.map((c) => c.topic));
    for (const topic of topics) expect(['item', 'creator', 'bid', 'activity']).toContain(topic);
  });
});
