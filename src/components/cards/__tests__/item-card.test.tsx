// docs/product.md "Explore items", "Shared blocks" item card; docs/product.md "Plus button"
// favourites; issue 31: each kind of sale told in its own words (shared/sale-kinds.ts).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceChangesContext, DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeItem, NOW, type TestStore } from '@/data/__tests__/fixtures';
import { baseFavouriteCount } from '@shared/query';
import { saleEnd, SALE_KIND_TEXT } from '@shared/sale-kinds';
import type { Item } from '@shared/types';
import { ItemCard } from '../item-card';

let store: TestStore;

beforeEach(() => {
  store = freshStore();
  setDataAccessForTests(store.data);
});
afterEach(() => {
  setDataAccessForTests(null);
  vi.useRealTimers();
});

function renderCard(item: Item, props: Partial<Parameters<typeof ItemCard>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DeviceSourceContext value={appDeviceSource}>
        <ItemCard item={item} {...props} />
      </DeviceSourceContext>
    </MemoryRouter>,
  );
}

const item = makeItem({
  id: 1,
  title: 'Abstract Smoke Red',
  priceEth: '3.5',
  highestBidEth: '3.55',
});

describe('ItemCard (docs/product.md "Explore items": item cards)', () => {
  it('links the title and Buy Now to the item and the creator to the profile', () => {
    renderCard(item);
    expect(screen.getByRole('heading', { name: 'Abstract Smoke Red' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abstract Smoke Red' })).toHaveAttribute(
      'href',
      '/item-detail/1',
    );
    expect(screen.getByRole('link', { name: /^Buy Now/ })).toHaveAttribute(
      'href',
      '/item-detail/1',
    );
    expect(screen.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute(
      'href',
      '/creator-profile/1',
    );
  });

  it('shows Bid Now on an auction', () => {
    renderCard({ ...item, saleKind: 'auctions' });
    expect(screen.getByRole('link', { name: /^Bid Now/ })).toHaveAttribute(
      'href',
      '/item-detail/1',
    );
    expect(screen.queryByRole('link', { name: /^Buy Now/ })).not.toBeInTheDocument();
  });

  // One card of each kind: its own words from the table, none of the others'.
  it.each([
    ['auctions', ['Price', 'Highest Bid'], 'Bid Now', ['Best offer', 'Make an offer']],
    ['offers', ['Best offer'], 'Make an offer', ['Price', 'Highest Bid', 'Buy Now', 'Bid Now']],
    ['now', ['Price', 'Best offer'], 'Buy Now', ['Highest Bid', 'Bid Now', 'Make an offer']],
  ] as const)('tells a %s card in its own words', (saleKind, terms, action, absent) => {
    renderCard({ ...item, saleKind });
    const text = SALE_KIND_TEXT[saleKind];
    expect(terms).toContain(text.best);
    for (const term of terms) expect(screen.getByText(term, { exact: true })).toBeVisible();
    expect(screen.getByRole('link', { name: new RegExp(`^${action}`) })).toBeVisible();
    for (const word of absent) expect(screen.queryByText(word, { exact: true })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Bid Now|Buy Now|Make an offer)/ })).toBe(
      screen.getByRole('link', { name: new RegExp(`^${action}`) }),
    );
  });

  it('says "No offers yet" on an item nobody has made an offer on', () => {
    renderCard({ ...item, saleKind: 'offers', highestBidEth: '0' });
    expect(screen.getByText('Best offer').closest('div')).toHaveTextContent('No offers yet');
  });

  it('shows Price and Highest Bid from the item fields', () => {
    renderCard(
      makeItem({
        id: 1,
        title: 'Abstract Smoke Red',
        saleKind: 'auctions',
        priceEth: '2.75',
        highestBidEth: '4.1',
      }),
    );
    const price = screen.getByText('Price').closest('div');
    const bid = screen.getByText('Highest Bid').closest('div');
    expect(price).not.toBeNull();
    expect(bid).not.toBeNull();
    if (price && bid) {
      expect(within(price).getByText('2.75 ETH')).toBeInTheDocument();
      expect(within(bid).getByText('4.1 ETH')).toBeInTheDocument();
    }
  });

  it('favourites the item on the device with a pressed state and a count', async () => {
    const user = userEvent.setup();
    renderCard(item);
    const button = screen.getByRole('button', { name: 'Favourite Abstract Smoke Red' });
    const base = baseFavouriteCount(item);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('favourite-count')).toHaveTextContent(`${base} favourites`);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('favourite-count')).toHaveTextContent(`${base + 1} favourites`);
    expect(await store.data.isFavourite(1)).toBe(true);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(await store.data.isFavourite(1)).toBe(false);
  });

  it('keeps every card of the same item in step', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <ItemCard item={item} />
          <ItemCard item={item} />
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Favourite Abstract Smoke Red' });
    if (!first || !second) throw new Error('two cards expected');
    await user.click(first);
    await waitFor(() => expect(second).toHaveAttribute('aria-pressed', 'true'));
  });

  it('reads a saved favourite back on mount', async () => {
    await store.data.toggleFavourite(1);
    renderCard(item);
    const button = screen.getByRole('button', { name: 'Favourite Abstract Smoke Red' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('favourite-count')).toHaveTextContent(
      `${baseFavouriteCount(item) + 1} favourites`,
    );
  });

  it('reads the device again when a sync changed it (a favourite from another device)', async () => {
    const listeners = new Set<() => void>();
    const changes = (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    render(
      <MemoryRouter>
        <DeviceSourceContext value={appDeviceSource}>
          <DeviceChangesContext value={changes}>
            <ItemCard item={item} />
          </DeviceChangesContext>
        </DeviceSourceContext>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Favourite Abstract Smoke Red' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(listeners.size).toBe(1);
    // The favourite lands on the device underneath the card, as a sync lands it.
    await store.data.toggleFavourite(1);
    for (const listener of listeners) listener();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('shows an error and keeps the state when the device refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(store.data, 'toggleFavourite').mockRejectedValue(new Error('Storage is full.'));
    const { useToasts } = await import('@/components/ui/toast');
    renderCard(item);
    const button = screen.getByRole('button', { name: 'Favourite Abstract Smoke Red' });
    await user.click(button);
    await waitFor(() =>
      expect(useToasts.getState().toasts.some((t) => t.description === 'Storage is full.')).toBe(
        true,
      ),
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('ItemCard without a saved source', () => {
  it('says a favourite cannot be saved here and stays unpressed', async () => {
    const user = userEvent.setup();
    const { useToasts } = await import('@/components/ui/toast');
    render(
      <MemoryRouter>
        <ItemCard item={item} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Favourite Abstract Smoke Red' });
    await user.click(button);
    await waitFor(() =>
      expect(
        useToasts.getState().toasts.some((t) => t.description === 'Saving is not available here.'),
      ).toBe(true),
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('ItemCard countdown (docs/product.md "States": countdowns recompute every second)', () => {
  it('counts down to the auction end and shows Auction ended when over', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const end = new Date(NOW.getTime() + 90_000).toISOString();
    renderCard(
      makeItem({ id: 1, title: 'Abstract Smoke Red', saleKind: 'auctions', liveDate: end }),
      { showCountdown: true },
    );
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Auction ends in: Abstract Smoke Red: 0 days, 0 hours, 1 minute, 30 seconds',
    );
    expect(screen.queryByText('Auction ended')).not.toBeInTheDocument();
  });

  it('shows Auction ended for a past end', () => {
    const end = new Date(Date.now() - 1000).toISOString();
    renderCard(makeItem({ id: 1, title: 'Old', saleKind: 'auctions', liveDate: end }), {
      showCountdown: true,
    });
    expect(screen.getByText('Auction ended')).toBeInTheDocument();
  });

  it('says "Listing ends in" on an item with an end that is not an auction', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const end = new Date(NOW.getTime() + 90_000).toISOString();
    renderCard(makeItem({ id: 1, title: 'Tide', saleKind: 'offers', liveDate: end }), {
      showCountdown: true,
    });
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Listing ends in: Tide: 0 days, 0 hours, 1 minute, 30 seconds',
    );
    act(() => {
      vi.advanceTimersByTime(91_000);
    });
    expect(screen.getByText('Listing ended')).toBeInTheDocument();
    expect(screen.getByText('Listing ended · no longer for sale')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Make an offer/ })).toBeNull();
  });

  it('shows no countdown on an item with no end', () => {
    renderCard(makeItem({ id: 1, title: 'Open', liveDate: '' }), { showCountdown: true });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/ended/)).toBeNull();
  });

  it('saleEnd prefers date, falls back to liveDate, and ignores empty values', () => {
    expect(saleEnd(makeItem({ id: 1, title: 'a', liveDate: '' }))).toBeNull();
    expect(saleEnd(makeItem({ id: 1, title: 'a', liveDate: '2026-01-01T00:00:00Z' }))).toBe(
      Date.parse('2026-01-01T00:00:00Z'),
    );
    expect(
      saleEnd(
        makeItem({
          id: 1,
          title: 'a',
          liveDate: '2026-01-01T00:00:00Z',
          date: '2026-02-01T00:00:00Z',
        }),
      ),
    ).toBe(Date.parse('2026-02-01T00:00:00Z'));
  });
});

describe('ItemCard once the sale is over (docs/product.md "Auctions settle")', () => {
  const auction = (fields: Partial<Item>) =>
    makeItem({ id: 7, title: 'Night Bloom', saleKind: 'auctions', ...fields });
  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const past = () => new Date(Date.now() - 60_000).toISOString();

  function expectNoAction() {
    expect(screen.queryByRole('link', { name: /^(Buy|Bid) Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Buy|Bid) Now/ })).not.toBeInTheDocument();
  }

  it('keeps Bid Now on an auction that is still running', () => {
    renderCard(auction({ liveDate: future() }));
    expect(screen.getByRole('link', { name: /^Bid Now\W*Night Bloom$/ })).toBeInTheDocument();
    expect(screen.queryByText(/^Auction ended/)).not.toBeInTheDocument();
  });

  it('names the winner of a settled auction instead of Buy Now', () => {
    renderCard(auction({ liveDate: past(), settledAt: past(), soldTo: 'Bea Bidder' }));
    expect(screen.getByText('Auction ended · sold to Bea Bidder')).toBeInTheDocument();
    expectNoAction();
  });

  it('says a settled auction ended with no bids', () => {
    renderCard(auction({ liveDate: past(), settledAt: past() }));
    expect(screen.getByText('Auction ended · no bids')).toBeInTheDocument();
    expectNoAction();
  });

  it('takes Bid Now away when the end passes, without a reload', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const end = new Date(NOW.getTime() + 3_000).toISOString();
    renderCard(auction({ liveDate: end, date: end }), { showCountdown: true });
    expect(screen.getByRole('link', { name: /^Bid Now\W*Night Bloom$/ })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.getByText('Auction ended · the result is on its way')).toBeInTheDocument();
    expectNoAction();
  });

  it('says who bought an item sold with Buy Now or an accepted offer', () => {
    renderCard(makeItem({ id: 8, title: 'Quiet Tide', soldTo: 'Cy Collector' }));
    expect(screen.getByText('Sold to Cy Collector')).toBeInTheDocument();
    expectNoAction();
  });

  it('says an unlisted item is not for sale', () => {
    renderCard(makeItem({ id: 9, title: 'Kept Back', unlisted: true }));
    expect(screen.getByText('Not for sale · its owner unlisted it')).toBeInTheDocument();
    expectNoAction();
  });
});
