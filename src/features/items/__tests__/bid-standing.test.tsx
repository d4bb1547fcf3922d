// The collector's own standing in an auction they bid on, on the item page (docs/product.md "Item
// detail"; issue 44): read from what the device holds, with the status the account channel
// brought (docs/sync.md "Account channel"), in a polite live region that says an outbid as it
// lands.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem } from '@/data/__tests__/fixtures';
import type { DataAccess } from '@/data/contract/data-access';
import { createDbHandle } from '@/data/device/db';
import { accountOwner } from '@/data/owner';
import { useSessionStore } from '@/data/session-store';
import { applyAccountChanges } from '@/data/sync/account-apply';
import { applyServerWord } from '@/data/sync/apply';
import type { BidStatus, Item } from '@shared/types';
import { loadItemDetail } from '../api';
import { ItemMarket } from '../components/item-market';
import { freshData, signInForTests } from './helpers';

const AT = '2026-03-01T12:00:00.000Z';
const ITEM = 555;
const future = () => new Date(Date.now() + 3 * 3_600_000).toISOString();
let data: DataAccess;
let seq = 0;

async function landItem(fields: Partial<Item> = {}) {
  const item = makeItem({
    id: ITEM,
    title: 'Saturn Drift',
    saleKind: 'auctions',
    ownerId: 424_242,
    liveDate: future(),
    highestBidEth: '2',
    ...fields,
  });
  await applyServerWord(createDbHandle(), {
    changes: [{ seq: ++seq, topic: 'item', key: String(ITEM), data: { ...item, favourites: 0 } }],
    cursor: seq,
    at: AT,
  });
}

/** The account's log brings one of its own bids with the server's status. */
async function landMyBid(status: BidStatus, priceEth = '2') {
  await applyAccountChanges(createDbHandle(), {
    owner: accountOwner(1),
    changes: [
      {
        seq: ++seq,
        topic: 'bid',
        key: 'b1',
        data: { id: 'b1', itemId: ITEM, priceEth, quantity: 1, bidder: 'Mia Chen', at: AT, status },
      },
    ],
    cursor: seq,
    at: AT,
  });
}

async function market() {
  const detail = await loadItemDetail(ITEM);
  if (!detail || detail === 'not-saved') throw new Error('The item is held');
  return (
    <MemoryRouter>
      <ItemMarket
        item={detail.item}
        ownedByYou={detail.owner.isYou}
        bids={detail.bids}
        standing={detail.standing}
        onBid={vi.fn()}
        onBuy={vi.fn()}
      />
    </MemoryRouter>
  );
}

const standing = () => screen.getByRole('status', { name: 'Your bid' });

beforeEach(async () => {
  data = freshData();
  signInForTests();
  await landItem();
});
afterEach(() => useSessionStore.getState().signOut());

describe("the collector's bid on an auction's page", () => {
  it('says nothing when they have not bid', async () => {
    render(await market());
    expect(screen.queryByRole('status', { name: 'Your bid' })).not.toBeInTheDocument();
  });

  it('a bid the server has not answered yet is on the device', async () => {
    await data.placeBid({ itemId: ITEM, priceEth: '2.5', quantity: 1 });
    render(await market());
    expect(standing()).toHaveTextContent(
      'Your bid of 2.5 ETH is saved on this device and syncs to the marketplace.',
    );
  });

  it('leading', async () => {
    await landMyBid('active');
    render(await market());
    expect(standing()).toHaveTextContent('You are the highest bidder.');
  });

  it('outbid, with the highest bid', async () => {
    await landItem({ highestBidEth: '3.1' });
    await landMyBid('outbid');
    render(await market());
    expect(standing()).toHaveTextContent('You were outbid: the highest bid is now 3.1 ETH.');
  });

  it('won, once settled', async () => {
    await landItem({ settledAt: AT, soldTo: 'Mia Chen', ownerId: 1 });
    await landMyBid('won');
    render(await market());
    expect(standing()).toHaveTextContent('You won this auction.');
  });

  it('did not win, once settled to another bid', async () => {
    await landItem({ settledAt: AT, soldTo: 'Bob', highestBidEth: '4' });
    await landMyBid('outbid');
    render(await market());
    expect(standing()).toHaveTextContent('Your bid did not win.');
  });

  it('an outbid landing through the account channel changes the same polite region', async () => {
    await landMyBid('active');
    const { rerender } = render(await market());
    const region = standing();
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent('You are the highest bidder.');
    // Another collector's higher bid: the public log has the item, the account's log the status.
    await landItem({ highestBidEth: '2.6' });
    await landMyBid('outbid');
    // The page reads again after the sync (the route's loader runs again).
    rerender(await market());
    expect(standing()).toBe(region);
    expect(region).toHaveTextContent('You were outbid: the highest bid is now 2.6 ETH.');
  });

  it('says nothing on an item that is not an auction', async () => {
    await landItem({ saleKind: 'offers' });
    await landMyBid('active');
    render(await market());
    expect(screen.queryByRole('status', { name: 'Your bid' })).not.toBeInTheDocument();
  });
});
