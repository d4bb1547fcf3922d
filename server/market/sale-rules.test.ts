// One table of Buy Now's rules and one of the owner's answers to offers (issue 41), as the bid's
// (market.test.ts): each case runs through the device's check (shared/sale-checks.ts, on the
// item and the offer as the server sends them to devices, as device/bids.ts and device/offers.ts
// run it) and through POST /api/push, and both decide it alike, refusing it with the same code
// and the same words.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { itemSnapshot } from '../core/snapshots.ts';
import { saleTarget } from '../../shared/market.ts';
import { checkCheckout, checkOffer } from '../../shared/sale-checks.ts';
import { bidsWhere } from './bid-records.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { cursorNow, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob, cy],
  ids: [adaId, , cyId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy');

const offer = (itemId: number, priceEth = '2') =>
  mutation('bid', { itemId, priceEth, quantity: 1 });
const endNow = (itemId: number) =>
  server.db.query("UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1", [itemId]);
const applied = async (result: Promise<{ status: string }>) =>
  expect((await result).status).toBe('applied');

/** What each case expects: applied, or refused with a code and words. */
type Outcome = { applied: true } | { code: string; error: string };

/**
 * 'queues': the device's check lets it through and the server refuses it: an end only the
 * server's clock has passed, which the device leaves to the server (shared/sale-state.ts
 * saleState), until the server's word reaches it.
 */
type Device = 'queues' | undefined;

/** Runs one case through both sides: the device's check first, then the push. */
async function bothSides(
  refused: { code: string; message: string } | null,
  push: () => Promise<Awaited<ReturnType<typeof pushOne>>>,
  outcome: Outcome,
  device: Device,
): Promise<void> {
  const onDevice = refused && { code: refused.code, error: refused.message };
  expect(onDevice).toEqual('applied' in outcome || device === 'queues' ? null : outcome);
  const since = await cursorNow(server);
  const result = await push();
  if ('applied' in outcome) {
    expect(result).toMatchObject({ status: 'applied' });
    return;
  }
  expect(result).toEqual({ id: expect.any(String), status: 'refused', ...outcome });
  // A refusal writes nothing the devices would pull.
  expect(await cursorNow(server)).toBe(since);
}

describe('Buy Now, on the device and on the server (checkCheckout)', () => {
  const cases: { name: string; setup: () => Promise<number>; device?: Device; outcome: Outcome }[] =
    [
      {
        name: 'an item on sale is bought',
        setup: () => makeItem(server, { saleKind: 'now' }),
        outcome: { applied: true },
      },
      {
        name: 'no such item',
        setup: async () => 999_996,
        outcome: { code: 'not-found', error: 'This item no longer exists.' },
      },
      {
        name: 'your own item',
        setup: () => makeItem(server, { saleKind: 'now', ownerId: adaId }),
        outcome: { code: 'forbidden', error: 'You already own this item.' },
      },
      {
        name: 'an unlisted item',
        setup: async () => {
          const id = await makeItem(server, { saleKind: 'now' });
          await server.db.query('UPDATE items SET unlisted_at = now() WHERE id = $1', [id]);
          return id;
        },
        outcome: {
          code: 'unlisted',
          error: 'Its owner took this item off sale, so it cannot be bought.',
        },
      },
      {
        name: 'an item sold',
        setup: async () => {
          const id = await makeItem(server, { saleKind: 'now' });
          await applied(pushOne(bob, mutation('checkout', { itemId: id })));
          return id;
        },
        outcome: { code: 'sold', error: 'This item is already sold.' },
      },
      {
        name: 'an item sold, then unlisted by its buyer: unlisted first, as a bid is told',
        setup: async () => {
          const id = await makeItem(server, { saleKind: 'now' });
          await applied(pushOne(bob, mutation('checkout', { itemId: id })));
          await applied(pushOne(bob, mutation('unlist', { itemId: id })));
          return id;
        },
        outcome: {
          code: 'unlisted',
          error: 'Its owner took this item off sale, so it cannot be bought.',
        },
      },
      {
        name: 'an auction bought with Buy Now has ended',
        setup: async () => {
          const id = await makeItem(server, { saleKind: 'auctions' });
          await applied(pushOne(bob, mutation('checkout', { itemId: id })));
          return id;
        },
        outcome: { code: 'ended', error: 'This auction has ended, so it can no longer be bought.' },
      },
      {
        name: 'an auction past its end, not yet settled',
        setup: () => makeItem(server, { saleKind: 'auctions', endsIn: -1000 }),
        device: 'queues',
        outcome: { code: 'ended', error: 'This auction has ended, so it can no longer be bought.' },
      },
      {
        name: 'a listing past its end',
        setup: () => makeItem(server, { saleKind: 'now', endsIn: -1000 }),
        device: 'queues',
        outcome: {
          code: 'ended',
          error: 'Listing ended: its end has passed, so it can no longer be bought.',
        },
      },
    ];

  for (const { name, setup, device, outcome } of cases) {
    it(`${name}: ${'applied' in outcome ? 'applied' : outcome.error}`, async () => {
      const itemId = await setup();
      const item = await itemSnapshot(server.db, itemId);
      const target = item && saleTarget(item, { own: item.ownerId === adaId, now: null });
      await bothSides(
        checkCheckout(target),
        () => pushOne(ada, mutation('checkout', { itemId })),
        outcome,
        device,
      );
    });
  }
});

describe("the owner's answers to offers, on the device and on the server (checkOffer)", () => {
  const closed =
    'This offer is no longer open (withdrawn, closed or made by a deleted account). Look at the open offers again.';
  const cases: {
    name: string;
    /** The item, and the offer the answer accepts (none: the answer unlists the item). */
    setup: () => Promise<{ itemId: number; bidId?: string }>;
    /** Who answers (Ada unless said). */
    by?: { client: TestClient; id: number };
    outcome: Outcome;
  }[] = [
    {
      name: 'the owner accepts an open offer',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
        const made = offer(itemId);
        await applied(pushOne(bob, made));
        return { itemId, bidId: made.id };
      },
      outcome: { applied: true },
    },
    {
      name: "an offer still open past the listing's end is accepted",
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
        const made = offer(itemId);
        await applied(pushOne(bob, made));
        await endNow(itemId);
        return { itemId, bidId: made.id };
      },
      outcome: { applied: true },
    },
    {
      name: 'no such item',
      setup: async () => ({ itemId: 999_995, bidId: randomUUID() }),
      outcome: { code: 'not-found', error: 'This item no longer exists.' },
    },
    {
      name: "someone else's item",
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'offers' });
        const made = offer(itemId);
        await applied(pushOne(bob, made));
        return { itemId, bidId: made.id };
      },
      outcome: { code: 'forbidden', error: 'Only the owner of this item can answer its offers.' },
    },
    {
      name: 'a bid on an auction',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
        const made = offer(itemId, '5');
        await applied(pushOne(bob, made));
        return { itemId, bidId: made.id };
      },
      outcome: { code: 'forbidden', error: 'An auction sells to its highest bid when it ends.' },
    },
    {
      name: 'an unlisted item',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'now', ownerId: adaId });
        const made = offer(itemId);
        await applied(pushOne(bob, made));
        await applied(pushOne(ada, mutation('unlist', { itemId })));
        return { itemId, bidId: made.id };
      },
      outcome: { code: 'unlisted', error: 'This item is unlisted, so it has no offers.' },
    },
    {
      name: 'an item sold (its buyer, the owner now, answers)',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'now', ownerId: adaId });
        const made = offer(itemId);
        await applied(pushOne(bob, made));
        await applied(pushOne(cy, mutation('checkout', { itemId })));
        return { itemId, bidId: made.id };
      },
      by: { client: cy, id: cyId },
      outcome: { code: 'sold', error: 'This item is already sold.' },
    },
    {
      name: 'an offer there is not',
      setup: async () => ({
        itemId: await makeItem(server, { saleKind: 'offers', ownerId: adaId }),
        bidId: randomUUID(),
      }),
      outcome: { code: 'conflict', error: closed },
    },
    {
      name: 'the owner unlists an item on sale',
      setup: async () => ({ itemId: await makeItem(server, { saleKind: 'now', ownerId: adaId }) }),
      outcome: { applied: true },
    },
    {
      name: 'an item unlisted again (nothing changes)',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'now', ownerId: adaId });
        await applied(pushOne(ada, mutation('unlist', { itemId })));
        return { itemId };
      },
      outcome: { applied: true },
    },
    {
      name: 'someone else unlists it',
      setup: async () => ({ itemId: await makeItem(server, { saleKind: 'now' }) }),
      outcome: { code: 'forbidden', error: 'Only the owner of this item can answer its offers.' },
    },
    {
      name: 'a live auction is unlisted',
      setup: async () => ({
        itemId: await makeItem(server, { saleKind: 'auctions', ownerId: adaId }),
      }),
      outcome: {
        code: 'conflict',
        error: 'A live auction runs to its end; unlist it after it ends.',
      },
    },
    {
      name: 'a settled auction is unlisted',
      setup: async () => {
        const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
        await server.db.query('UPDATE items SET settled_at = now() WHERE id = $1', [itemId]);
        return { itemId };
      },
      outcome: { applied: true },
    },
  ];

  for (const { name, setup, by = { client: ada, id: adaId }, outcome } of cases) {
    it(`${name}: ${'applied' in outcome ? 'applied' : outcome.error}`, async () => {
      const { itemId, bidId } = await setup();
      const item = await itemSnapshot(server.db, itemId);
      const target = item && saleTarget(item, { own: item.ownerId === by.id, now: null });
      const [held] = bidId
        ? await bidsWhere(server.db, 'b.id = $1 AND b.item_id = $2', [bidId, itemId])
        : [];
      const answer =
        bidId === undefined
          ? ({ kind: 'unlist' } as const)
          : ({ kind: 'accept', offer: held ?? null } as const);
      const push =
        bidId === undefined
          ? mutation('unlist', { itemId })
          : mutation('accept-offer', { itemId, bidId });
      await bothSides(
        checkOffer(target, answer),
        () => pushOne(by.client, push),
        outcome,
        undefined,
      );
    });
  }
});
