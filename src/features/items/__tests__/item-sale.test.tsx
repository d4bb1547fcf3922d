// The item page once a sale is over or answered (docs/product.md "Auctions settle", "The server
// decides"): an ended auction says who won instead of counting down and its buttons say why
// they are off; the owner sees the open offers, accepts one or unlists, after a confirmation.
// Issue 31: each kind of sale in its own words (shared/sale-kinds.ts), an end that is not an
// auction's is a listing's, and an item with no end shows no countdown.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem } from '@/data/__tests__/fixtures';
import type { DataAccess } from '@/data/contract/data-access';
import { createDbHandle } from '@/data/device/db';
import { applyServerWord } from '@/data/sync/apply';
import { readQueue } from '@/data/sync/own-outbox';
import { SALE_KIND_TEXT } from '@shared/sale-kinds';
import type { Bid, Item } from '@shared/types';
import { useSessionStore } from '@/data/session-store';
import { loadItemDetail } from '../api';
import { ItemMarket } from '../components/item-market';
import { ItemOffers } from '../components/item-offers';
import { freshData, signInForTests } from './helpers';

const AT = '2026-03-01T12:00:00.000Z';
const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 3 * 3_600_000).toISOString();
const wonBid: Bid = { id: 'b1', itemId: 5, priceEth: '4.8', quantity: 1, bidder: 'Bob', at: AT };

function renderMarket(item: Item, bids: Bid[] = [], ownedByYou = false) {
  const onBid = vi.fn();
  render(
    <MemoryRouter>
      <ItemMarket item={item} ownedByYou={ownedByYou} bids={bids} onBid={onBid} onBuy={vi.fn()} />
    </MemoryRouter>,
  );
  return { onBid };
}

const auction = (fields: Partial<Item>) =>
  makeItem({ id: 5, title: 'Saturn Drift', saleKind: 'auctions', ...fields });

describe('each kind of sale on the item page (issue 31)', () => {
  it.each([
    ['auctions', ['Price', 'Highest Bid'], ['Bid Now', 'Buy Now'], ['Best offer']],
    ['offers', ['Best offer'], ['Make an offer'], ['Price', 'Highest Bid', 'Buy Now', 'Bid Now']],
    ['now', ['Price', 'Best offer'], ['Buy Now', 'Make an offer'], ['Highest Bid', 'Bid Now']],
  ] as const)('tells a %s item in its own words', (saleKind, terms, buttons, absent) => {
    renderMarket(makeItem({ id: 5, title: 'Saturn Drift', saleKind, liveDate: future() }));
    const sale = screen.getByRole('region', { name: 'Sale' });
    expect(sale).toHaveTextContent(SALE_KIND_TEXT[saleKind].summary);
    for (const term of terms) expect(within(sale).getByText(term, { exact: true })).toBeVisible();
    for (const word of absent) expect(within(sale).queryByText(word, { exact: true })).toBeNull();
    // The kind's own action comes first.
    const shown = within(sale)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((name) => name !== 'Share');
    expect(shown).toEqual(buttons);
    expect(
      screen.getByRole('timer', { name: new RegExp(`^${SALE_KIND_TEXT[saleKind].endsIn}`) }),
    ).toBeInTheDocument();
  });

  it('says "No offers yet" on an item with no offer', () => {
    renderMarket(makeItem({ id: 6, title: 'Moon', saleKind: 'offers', highestBidEth: '0' }));
    expect(screen.getByText('Best offer').closest('div')).toHaveTextContent('No offers yet');
  });

  it('shows no countdown on an item with no end', () => {
    renderMarket(makeItem({ id: 6, title: 'Moon', saleKind: 'now', liveDate: '' }));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('a listing past its end is off sale, saying so', () => {
    renderMarket(makeItem({ id: 6, title: 'Moon', saleKind: 'offers', liveDate: past() }));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make an offer' })).toHaveAccessibleDescription(
      'Listing ended · no longer for sale',
    );
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeDisabled();
  });
});

describe('an auction on the item page', () => {
  it('counts down while live, with Bid Now and Buy Now on', async () => {
    const { onBid } = renderMarket(auction({ liveDate: future() }));
    expect(screen.getByRole('timer', { name: /^Auction ends in/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bid Now' }));
    expect(onBid).toHaveBeenCalled();
    expect(screen.queryByText(/Auction ended/)).not.toBeInTheDocument();
  });

  it('once settled says who won instead of the countdown, and the buttons say why they are off', () => {
    renderMarket(auction({ liveDate: past(), settledAt: AT, soldTo: 'Bob' }), [
      { ...wonBid, status: 'won' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Auction ended · won by Bob');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    for (const name of ['Bid Now', 'Buy Now']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Auction ended · won by Bob');
    }
  });

  it('ended with no bid says so', () => {
    renderMarket(auction({ liveDate: past(), settledAt: AT }));
    expect(screen.getByText('Auction ended · no bids')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bid Now' })).toBeDisabled();
  });

  it('the clock passing the end is enough to stop bids', () => {
    renderMarket(auction({ liveDate: past() }));
    expect(screen.getByText('Auction ended · the result is on its way')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('the winner sees it as owned', () => {
    renderMarket(
      auction({ liveDate: past(), settledAt: AT, soldTo: 'Mia Chen' }),
      [{ ...wonBid, bidder: 'Mia Chen', status: 'won' }],
      true,
    );
    expect(screen.getByText('You own this item')).toBeInTheDocument();
    expect(screen.getByText('Auction ended · won by Mia Chen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bid Now' })).not.toBeInTheDocument();
  });

  it('an unlisted item is not for sale', () => {
    renderMarket(makeItem({ id: 6, title: 'Moon', unlisted: true }));
    expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveAccessibleDescription(
      'Not for sale · its owner unlisted it',
    );
  });
});

describe('the owner answers offers', () => {
  let data: DataAccess;
  beforeEach(async () => {
    data = freshData();
    signInForTests();
    const offer = (id: string, bidder: string, priceEth: string, status: string) => ({
      seq: 0,
      topic: 'bid' as const,
      key: id,
      data: { id, itemId: 555, priceEth, quantity: 1, bidder, at: AT, status },
    });
    // A pull: item 555 owned by the signed-in account (server id 1) and its offers.
    await applyServerWord(createDbHandle(), {
      changes: [
        {
          seq: 1,
          topic: 'item' as const,
          key: '555',
          data: { ...makeItem({ id: 555, title: 'Moon', ownerId: 1 }), favourites: 0 },
        },
        offer('0190f5a2-0000-7000-8000-000000000001', 'Bob', '2', 'active'),
        offer('0190f5a2-0000-7000-8000-000000000002', 'Cy', '2.5', 'active'),
        offer('0190f5a2-0000-7000-8000-000000000003', 'Dee', '9', 'closed'),
      ].map((change, i) => ({ ...change, seq: i + 1 })),
      cursor: 4,
      at: AT,
    });
  });
  afterEach(() => useSessionStore.getState().signOut());

  async function renderOffers(owner = true) {
    const onAnswered = vi.fn();
    render(
      <ItemOffers
        item={{ id: 555, title: 'Moon' }}
        bids={await data.listBids(555)}
        owner={owner}
        onAnswered={onAnswered}
      />,
    );
    return { onAnswered, user: userEvent.setup() };
  }

  it('lists the open offers only, best first, each with a labelled Accept', async () => {
    await renderOffers();
    const list = screen.getByRole('list', { name: 'Open offers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2.5 ETH from CyBest offer');
    expect(rows[1]).toHaveTextContent('2 ETH from BobBelow the best offer');
    expect(
      screen.getByRole('button', { name: 'Accept the offer of 2 ETH from Bob' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Dee/)).not.toBeInTheDocument();
  });

  it('shows everyone else the open offers, with no Accept and no Unlist', async () => {
    await renderOffers(false);
    const list = screen.getByRole('list', { name: 'Open offers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlist' })).not.toBeInTheDocument();
  });

  it('accepting asks first, then the item shows as sold to that bidder', async () => {
    const { onAnswered, user } = await renderOffers();
    await user.click(screen.getByRole('button', { name: 'Accept the offer of 2.5 ETH from Cy' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent('Moon sells to Cy for 2.5 ETH');
    await user.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith('accepted', expect.anything()));
    expect((await data.getItem(555))?.soldTo).toBe('Cy');
    expect((await readQueue(createDbHandle())).map((m) => m.kind)).toEqual(['accept-offer']);
  });

  it('unlisting asks first; Escape cancels and nothing is queued', async () => {
    const { onAnswered, user } = await renderOffers();
    await user.click(screen.getByRole('button', { name: 'Unlist' }));
    expect(screen.getByRole('dialog', { name: 'Unlist Moon?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await readQueue(createDbHandle())).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unlist' }));
    await user.click(screen.getByRole('button', { name: 'Unlist item' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith('unlisted'));
    expect((await data.getItem(555))?.unlisted).toBe(true);
  });
});

describe('after a sale', () => {
  beforeEach(() => {
    freshData();
  });

  it('names a buyer with no creator profile as the sale named them', async () => {
    const item = makeItem({ id: 556, title: 'Sold Moon', ownerId: 424_242, soldTo: 'Cy' });
    await applyServerWord(createDbHandle(), {
      changes: [{ seq: 1, topic: 'item', key: '556', data: { ...item, favourites: 0 } }],
      cursor: 1,
      at: AT,
    });
    const detail = await loadItemDetail(556);
    expect(detail !== 'not-saved' && detail?.owner.name).toBe('Cy');
  });
});

describe('an item the server sends with no end (issue 31)', () => {
  beforeEach(() => {
    freshData();
  });

  it('is kept with an empty end, and its page shows no countdown', async () => {
    const item = makeItem({ id: 557, title: 'Open Moon', saleKind: 'now', ownerId: 424_242 });
    await applyServerWord(createDbHandle(), {
      changes: [
        {
          seq: 1,
          topic: 'item',
          key: '557',
          data: { ...item, liveDate: null, date: null, favourites: 0 },
        },
      ],
      cursor: 1,
      at: AT,
    });
    const detail = await loadItemDetail(557);
    const stored = detail === 'not-saved' ? null : detail?.item;
    expect(stored).toMatchObject({ id: 557, liveDate: '' });
    expect(stored).not.toHaveProperty('date');
    if (!stored) throw new Error('not stored');
    renderMarket(stored);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });
});
