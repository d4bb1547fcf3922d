// @vitest-environment node
// The owner's answers to offers on the device: queued for the server, shown at once, undone by a
// refusal; and the server's word that a sale is over stops bids and purchases on the device.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, sampleFixture, type TestStore } from '../../__tests__/fixtures';
import { ValidationError } from '../../errors';
import { accountOwner, type Owner } from '../../owner';
import { applyServerWord } from '../../sync/apply';
import { readQueue } from '../../sync/own-outbox';
import type { Change } from '@shared/protocol';
import type { Item } from '@shared/types';
import { createDbHandle } from '../db';

const A = accountOwner(7);
const B = accountOwner(8);
const AT = '2026-03-01T12:00:00.000Z';
const BOBS = '0190f5a2-0000-7000-8000-000000000001';
const CYS = '0190f5a2-0000-7000-8000-000000000002';
const OLD = '0190f5a2-0000-7000-8000-000000000003';

let owner: Owner;
let store: TestStore;
beforeEach(() => {
  owner = A;
  store = freshStore(undefined, () => owner);
});

const bid = (id: string, bidder: string, priceEth: string, status: string): Change => ({
  seq: 0,
  topic: 'bid',
  key: id,
  data: { id, itemId: 555, priceEth, quantity: 1, bidder, at: AT, status },
});

/** What a pull brings: item 555, owned by account 7 (A), and three offers on it. */
async function pullItem(fields: Partial<Item> = {}, bobs = 'active'): Promise<void> {
  const [first] = sampleFixture().items;
  if (!first) throw new Error('the fixture has items');
  const item = { ...first, id: 555, ownerId: 7, saleKind: 'offers', favourites: 0, ...fields };
  await applyServerWord(createDbHandle(), {
    changes: [
      { seq: 1, topic: 'item' as const, key: '555', data: item },
      bid(BOBS, 'Bob', '2', bobs),
      bid(CYS, 'Cy', '2.5', 'active'),
      bid(OLD, 'Dee', '1.5', 'closed'),
    ].map((change, i) => ({ ...change, seq: i + 1 })),
    cursor: 4,
    at: AT,
  });
}

describe('answering offers', () => {
  it('accepting queues the answer and shows the sale at once; a refusal undoes it', async () => {
    await pullItem();
    await store.data.acceptOffer({ itemId: 555, bidId: BOBS });
    const [queued] = await readQueue(createDbHandle());
    expect(queued).toMatchObject({ kind: 'accept-offer', args: { itemId: 555, bidId: BOBS } });
    expect((await store.data.getItem(555))?.soldTo).toBe('Bob');
    // Sold (as far as the device knows): no second answer.
    await expect(store.data.acceptOffer({ itemId: 555, bidId: CYS })).rejects.toBeInstanceOf(
      ValidationError,
    );

    await applyServerWord(createDbHandle(), {
      results: [
        { id: queued?.id ?? '', status: 'refused', code: 'conflict', error: 'No longer open.' },
      ],
      at: AT,
    });
    expect((await store.data.getItem(555))?.soldTo).toBeUndefined();
  });

  it('refuses a closed offer and anyone but the owner', async () => {
    await pullItem();
    await expect(store.data.acceptOffer({ itemId: 555, bidId: OLD })).rejects.toThrow(
      'This offer is no longer open (withdrawn, closed or made by a deleted account). Look at the open offers again.',
    );
    owner = B;
    await expect(store.data.acceptOffer({ itemId: 555, bidId: BOBS })).rejects.toThrow(
      'Only the owner of this item can answer its offers.',
    );
    await expect(store.data.unlistItem(555)).rejects.toBeInstanceOf(ValidationError);
    expect(await readQueue(createDbHandle())).toEqual([]);
  });

  it('unlisting queues the answer and the item shows as unlisted', async () => {
    await pullItem();
    await store.data.unlistItem(555);
    expect((await readQueue(createDbHandle())).map((m) => m.kind)).toEqual(['unlist']);
    expect((await store.data.getItem(555))?.unlisted).toBe(true);
  });
});

describe("the server's word that a sale is over", () => {
  it('stops a bid on a settled auction and a purchase of an unlisted item, with the reason', async () => {
    await pullItem({ saleKind: 'auctions', settledAt: AT, soldTo: 'Bob', ownerId: 9 }, 'won');
    owner = B;
    // In the server's words for the same bid (shared/market.ts).
    await expect(store.data.placeBid({ itemId: 555, priceEth: '9', quantity: 1 })).rejects.toThrow(
      'This auction has ended. The highest bid was 3.55 ETH.',
    );
    // And Buy Now's (shared/sale-checks.ts).
    await pullItem({ unlisted: true, ownerId: 9 });
    await expect(store.data.checkout({ itemId: 555, priceEth: '3.5' })).rejects.toThrow(
      'Its owner took this item off sale, so it cannot be bought.',
    );
    await pullItem({ soldTo: 'Bob', ownerId: 9 });
    await expect(store.data.checkout({ itemId: 555, priceEth: '3.5' })).rejects.toThrow(
      'This item is already sold.',
    );
    expect(await readQueue(createDbHandle())).toEqual([]);
  });
});
