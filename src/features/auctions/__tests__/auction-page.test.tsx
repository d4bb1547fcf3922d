// Spec section 2 "Live Auction" (paginated list, countdown days/hours/minutes/seconds, Buy Now,
// Price and Highest Bid), section 4 (countdowns recompute every second); PRODUCT.md "Live
// auctions / countdowns" (an ended auction says "Auction ended", never negative numbers).
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { freshStore, NOW } from '@/data/__tests__/fixtures';
import type { Item, Page } from '@/data/types';
import { AuctionPage } from '../components/auction-page';
import { auctionsLoader } from '../loader';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  setDataAccessForTests(null);
  vi.useRealTimers();
});

function Screen() {
  return <AuctionPage result={useLoaderData<Page<Item>>()} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/auction', loader: auctionsLoader, Component: Screen, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return () => router.state.location.pathname + router.state.location.search;
}

const cards = () => {
  const [list] = within(screen.getByRole('region', { name: /auctions?$/ })).getAllByRole('list');
  if (!list) throw new Error('no auction list');
  return within(list).getAllByRole('listitem');
};

describe('Live Auction (spec 2)', () => {
  it('lists running auctions soonest first with a countdown, prices and Buy Now', async () => {
    setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
    renderAt('/auction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Auction' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '12 auctions' })).toBeVisible();
    expect(cards()).toHaveLength(8);
    const [first] = cards();
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('heading', { name: 'Violet Bloom' })).toBeVisible();
    expect(within(first).getByRole('timer')).toHaveAccessibleName(
      'Auction for Violet Bloom ends in: 0 days, 6 hours, 30 minutes, 0 seconds',
    );
    expect(first).toHaveTextContent(/Price\s*3\.5 ETH/);
    expect(first).toHaveTextContent(/Highest Bid\s*3\.55 ETH/);
    expect(within(first).getByRole('link', { name: /^Buy Now/ })).toHaveAttribute(
      'href',
      '/item-detail/1',
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/auction?page=2');
  });

  it('shows page 2, and says "Auction ended" for an ended auction', async () => {
    // Fixture: items 2, 1 and 5 still run; item 3 ended an hour ago.
    setDataAccessForTests(freshStore().data);
    renderAt('/auction');
    await screen.findByRole('heading', { level: 1 });
    const titles = cards().map((c) => within(c).getByRole('heading').textContent);
    expect(titles).toEqual(['Café Dreams', 'Abstract Smoke Red', 'Red Planet', 'Pixel Knight']);
    const ended = cards()[3];
    if (!ended) throw new Error('no card');
    expect(ended).toHaveTextContent('Auction ended');
    expect(within(ended).queryByRole('timer')).toBeNull();
  });

  it('goes to the last page when asked for one past the end', async () => {
    setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
    const location = renderAt('/auction?page=7');
    await waitFor(() => expect(location()).toBe('/auction?page=2'));
    await waitFor(() => expect(cards()).toHaveLength(4));
  });
});
