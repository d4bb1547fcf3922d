// Auctions settle once when they end, Buy Now ends an auction, and owners answer offers
// (docs/product.md "The server decides", "Auctions settle"), on the real database: what the tables
// hold and what the change log carries to every device.
import { describe, expect, it } from 'vitest';
import { itemSnapshot } from '../core/snapshots.ts';
import { TEST_PASSWORD } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { cursorNow, lastChange, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { settleDue, startSettler } from './settlement.ts';

const {
  server,
  clients: [ada, bob, cy],
  ids: [adaId, bobId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy');

const bid = (itemId: number, priceEth: string) =>
  mutation('bid', { itemId, priceEth, quantity: 1 });

/** Ends the auction now (a bid near the end would have moved it by 15 minutes). */
async function endNow(itemId: number): Promise<void> {
  await server.db.query(`UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1`, [
    itemId,
  ]);
}

async function bidStatuses(itemId: number): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ id: string; status: string }>(
    'SELECT id, status FROM bids WHERE item_id = $1',
    [itemId],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

async function purchasesOfItem(itemId: number) {
  const { rows } = await server.db.query<{ id: string; account_id: number; price: string }>(
    'SELECT id, account_id, trim_scale(price_eth)::text AS price FROM purchases WHERE item_id = $1',
    [itemId],
  );
  return rows;
}

describe('settlement', () => {
  it('settles an ended auction exactly once, even when two settlers run together', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    const low = bid(itemId, '4');
    const high = bid(itemId, '4.8');
    expect(await pushOne(cy, low)).toMatchObject({ status: 'applied' });
    expect(await pushOne(bob, high)).toMatchObject({ status: 'applied' });
    await endNow(itemId);
    const since = await cursorNow(server);

    const runs = await Promise.all([settleDue(server.db), settleDue(server.db)]);
    expect(runs.flat().filter((id) => id === itemId)).toHaveLength(1);
    expect(await settleDue(server.db)).not.toContain(itemId);

    expect(await purchasesOfItem(itemId)).toEqual([
      { id: high.id, account_id: bobId, price: '4.8' },
    ]);
    expect(await bidStatuses(itemId)).toEqual({ [high.id]: 'won', [low.id]: 'outbid' });
    const item = await itemSnapshot(server.db, itemId);
    expect(item).toMatchObject({ ownerId: bobId, soldTo: 'Bob', settledAt: expect.any(String) });

    expect(await lastChange(ada, since, 'item', itemId)).toMatchObject({
      ownerId: bobId,
      soldTo: 'Bob',
    });
    expect(await lastChange(ada, since, 'bid', high.id)).toMatchObject({ status: 'won' });
    // Cy's bid was outbid by Bob's already; the settlement does not log it again.
    // Each side of the sale is its collector's deed: the winner's and the seller's.
    expect(await lastChange(ada, since, 'activity', `purchase-${high.id}`)).toMatchObject({
      type: 'Purchase',
      description: expect.stringMatching(/^Won at 4\.80 ETH: Bob won the auction of .+$/),
      actor: {
        id: bobId,
        name: 'Bob',
        deed: expect.stringMatching(/^won the auction of /),
        lead: 'Won at 4.80 ETH:',
      },
    });
    expect(await lastChange(ada, since, 'activity', `sale-${high.id}`)).toMatchObject({
      type: 'Sale',
      description: expect.stringMatching(/^Sold at 4\.80 ETH: Ada sold .+ to Bob$/),
      actor: {
        id: adaId,
        name: 'Ada',
        deed: expect.stringMatching(/^sold .+ to Bob$/),
        lead: 'Sold at 4.80 ETH:',
      },
    });
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM changes WHERE seq > $1 AND topic = 'activity' AND key = $2`,
      [since, `sale-${high.id}`],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('ends an auction with no bid unsold: the owner keeps it and no bid is taken after', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId, endsIn: -500 });
    const since = await cursorNow(server);
    expect(await settleDue(server.db)).toContain(itemId);
    const item = await itemSnapshot(server.db, itemId);
    expect(item).toMatchObject({ ownerId: adaId, settledAt: expect.any(String) });
    expect(item).not.toHaveProperty('soldTo');
    expect(await purchasesOfItem(itemId)).toEqual([]);
    expect(await lastChange(bob, since, 'activity', `ended-${itemId}`)).toMatchObject({
      description: expect.stringMatching(/^Auction ended with no bids/),
    });
    expect(await pushOne(bob, bid(itemId, '9'))).toMatchObject({ code: 'ended' });
  });

  it('leaves live auctions alone', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 60_000 });
    expect(await settleDue(server.db)).not.toContain(itemId);
    expect(await itemSnapshot(server.db, itemId)).not.toHaveProperty('settledAt');
  });

  it('the settler wakes at an auction end and settles it, and stops', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 700 });
    const lines: string[] = [];
    const settler = startSettler(server.db, { log: (line) => lines.push(line), maxSleepMs: 5_000 });
    try {
      await expect
        .poll(async () => (await itemSnapshot(server.db, itemId))?.settledAt, { timeout: 6_000 })
        .toEqual(expect.any(String));
    } finally {
      await settler.stop();
    }
    expect(lines.some((line) => line.startsWith('settled '))).toBe(true);
  });
});

describe('Buy Now on an auction', () => {
  it('ends it at once, marks its bids outbid and tells its bidders', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId, priceEth: '7' });
    const offer = bid(itemId, '4');
    await pushOne(bob, offer);
    const since = await cursorNow(server);
    const buy = mutation('checkout', { itemId });
    expect(await pushOne(cy, buy)).toMatchObject({ status: 'applied' });
    expect(await bidStatuses(itemId)).toEqual({ [offer.id]: 'outbid' });
    expect(await lastChange(bob, since, 'bid', offer.id)).toMatchObject({ status: 'outbid' });
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({
      soldTo: 'Cy',
      settledAt: expect.any(String),
    });
    expect(await lastChange(bob, since, 'activity', `ended-${itemId}`)).toMatchObject({
      description: expect.stringMatching(/^Auction ended: .+ bought with Buy Now for 7 ETH/),
    });
    // Settlement finds nothing left to do: Bob's bid never buys it.
    expect(await settleDue(server.db)).not.toContain(itemId);
    expect(await purchasesOfItem(itemId)).toEqual([
      { id: buy.id, account_id: expect.any(Number), price: '7' },
    ]);
  });
});

describe('offers', () => {
  it('the owner accepts one: the bidder owns the item, the others are closed', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
    const bobs = bid(itemId, '2');
    const cys = bid(itemId, '2.5');
    await pushOne(bob, bobs);
    await pushOne(cy, cys);
    const since = await cursorNow(server);

    const notOwner = await pushOne(bob, mutation('accept-offer', { itemId, bidId: bobs.id }));
    expect(notOwner).toMatchObject({ status: 'refused', code: 'forbidden' });

    const accept = mutation('accept-offer', { itemId, bidId: bobs.id });
    expect(await pushOne(ada, accept)).toMatchObject({ status: 'applied' });
    expect(await purchasesOfItem(itemId)).toEqual([{ id: bobs.id, account_id: bobId, price: '2' }]);
    expect(await bidStatuses(itemId)).toEqual({ [bobs.id]: 'won', [cys.id]: 'closed' });
    expect(await lastChange(cy, since, 'bid', cys.id)).toMatchObject({ status: 'closed' });
    expect(await lastChange(cy, since, 'item', itemId)).toMatchObject({
      ownerId: bobId,
      soldTo: 'Bob',
    });
    expect(await lastChange(cy, since, 'activity', `purchase-${bobs.id}`)).toMatchObject({
      description: expect.stringMatching(
        /^Bought at 2\.00 ETH: Bob bought .+ when the owner accepted/,
      ),
      actor: { id: bobId, name: 'Bob' },
    });
    expect(await lastChange(cy, since, 'activity', `sale-${bobs.id}`)).toMatchObject({
      description: expect.stringMatching(/^Sold at 2\.00 ETH: Ada sold .+ to Bob$/),
      actor: { id: adaId, name: 'Ada' },
    });

    // Sold: Ada no longer owns it, and Bob (the owner now) cannot sell it twice.
    expect(await pushOne(ada, mutation('accept-offer', { itemId, bidId: cys.id }))).toMatchObject({
      code: 'forbidden',
    });
    const again = await pushOne(bob, mutation('accept-offer', { itemId, bidId: cys.id }));
    expect(again).toMatchObject({ status: 'refused', code: 'sold' });
    expect(await pushOne(cy, bid(itemId, '3'))).toMatchObject({ code: 'sold' });
    expect(await pushOne(cy, mutation('checkout', { itemId }))).toMatchObject({ code: 'sold' });
  });

  it('refuses an offer that is no longer open, and an auction bid as an offer', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
    const unknown = mutation('accept-offer', { itemId, bidId: crypto.randomUUID() });
    const stale = await pushOne(ada, unknown);
    expect(stale).toMatchObject({ status: 'refused', code: 'conflict' });
    expect(stale.status === 'refused' && stale.error).toMatch(/no longer open/);

    const auction = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    const onAuction = bid(auction, '5');
    await pushOne(bob, onAuction);
    expect(
      await pushOne(ada, mutation('accept-offer', { itemId: auction, bidId: onAuction.id })),
    ).toMatchObject({ code: 'forbidden' });
  });

  it('unlist: only the owner; then no bids or Buy Now, and open offers are closed', async () => {
    const itemId = await makeItem(server, { saleKind: 'now', ownerId: adaId });
    const offer = bid(itemId, '2');
    await pushOne(bob, offer);
    expect(await pushOne(bob, mutation('unlist', { itemId }))).toMatchObject({
      code: 'forbidden',
    });
    const since = await cursorNow(server);
    expect(await pushOne(ada, mutation('unlist', { itemId }))).toMatchObject({
      status: 'applied',
    });
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({ unlisted: true });
    expect(await lastChange(bob, since, 'bid', offer.id)).toMatchObject({ status: 'closed' });
    const refusedBid = await pushOne(bob, bid(itemId, '3'));
    expect(refusedBid).toMatchObject({ status: 'refused', code: 'unlisted' });
    expect(refusedBid.status === 'refused' && refusedBid.error).toMatch(/off sale/);
    expect(await pushOne(bob, mutation('checkout', { itemId }))).toMatchObject({
      code: 'unlisted',
    });
    expect(await pushOne(ada, mutation('accept-offer', { itemId, bidId: offer.id }))).toMatchObject(
      { code: 'unlisted' },
    );
  });

  it('a live auction cannot be unlisted', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    expect(await pushOne(ada, mutation('unlist', { itemId }))).toMatchObject({
      code: 'conflict',
    });
  });

  it('a buyer who deletes the account is named "Deleted collector" on both sides of the sale', async () => {
    const dan = server.client();
    await dan.signUp('Dan');
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
    const offer = bid(itemId, '3');
    await pushOne(dan, offer);
    await pushOne(ada, mutation('accept-offer', { itemId, bidId: offer.id }));
    const since = await cursorNow(server);
    expect((await dan.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await lastChange(bob, since, 'item', itemId)).toMatchObject({
      soldTo: 'Deleted collector',
    });
    // The seller's entry is still Ada's deed; the buyer's is nobody's any more.
    expect(await lastChange(bob, since, 'activity', `sale-${offer.id}`)).toMatchObject({
      description: expect.stringMatching(/^Sold at 3\.00 ETH: Ada sold .+ to Deleted collector$/),
      actor: { id: adaId, name: 'Ada' },
    });
    const bought = await lastChange(bob, since, 'activity', `purchase-${offer.id}`);
    expect(bought).toMatchObject({
      description: expect.stringMatching(/^Bought at 3\.00 ETH: Deleted collector bought /),
    });
    expect(bought).not.toHaveProperty('actor');
  });

  it('a seller who deletes the account is no longer the actor of the sale, and is named "Deleted collector"', async () => {
    const eve = server.client();
    const eveId = (await eve.signUp('Eve')).id;
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: eveId });
    const offer = bid(itemId, '1.5');
    await pushOne(bob, offer);
    await pushOne(eve, mutation('accept-offer', { itemId, bidId: offer.id }));
    expect(await lastChange(bob, 0, 'activity', `sale-${offer.id}`)).toMatchObject({
      actor: { id: eveId, name: 'Eve' },
    });
    const since = await cursorNow(server);
    expect((await eve.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    const sold = await lastChange(bob, since, 'activity', `sale-${offer.id}`);
    expect(sold).toMatchObject({
      description: expect.stringMatching(/^Sold at 1\.50 ETH: Deleted collector sold .+ to Bob$/),
    });
    expect(sold).not.toHaveProperty('actor');
    // The buyer's side is untouched: still Bob's deed.
    expect(await lastChange(bob, 0, 'activity', `purchase-${offer.id}`)).toMatchObject({
      actor: { id: bobId, name: 'Bob' },
    });
  });
});
