// docs/product.md "Live Auction" (paginated list, countdown days/hours/minutes/seconds, Buy Now,
// Price and Highest Bid), "States" (countdowns recompute every second); docs/product.md "Live
// auctions / countdowns" (an ended auction says "Auction ended", never negative numbers). Issue
// 31: only the running auctions (saleKind `auctions`) are listed, with their true count; an
// auction that ends leaves the list.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ServerItemList, ServerListQuery } from '@/data/remote/catalog-api';
import type { ApiResult } from '@/data/contract/data-access';
import { setSyncStatus } from '@/data/core/status';
import { freshStore, NOW } from '@/data/__tests__/fixtures';
import type { Item, Page } from '@shared/types';
import { AUCTION_PAGE_SIZE } from '../api';
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

describe('Live Auction (docs/product.md "Live Auction")', () => {
  it('lists the running auctions only, soonest first, with a countdown, prices and Bid Now', async () => {
    setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
    renderAt('/auction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Auction' })).toBeVisible();
    // Of the 12 sample items, 5 are auctions (items 2, 4, 7, 9 and 12).
    expect(screen.getByRole('heading', { level: 2, name: '5 auctions' })).toBeVisible();
    expect(cards()).toHaveLength(5);
    const [first] = cards();
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('heading', { name: 'Pixel Guardian' })).toBeVisible();
    expect(within(first).getByRole('timer')).toHaveAccessibleName(
      'Auction ends in: Pixel Guardian: 0 days, 14 hours, 15 minutes, 0 seconds',
    );
    expect(first).toHaveTextContent(/Price\s*3\.5 ETH/);
    expect(first).toHaveTextContent(/Highest Bid\s*3\.55 ETH/);
    expect(within(first).getByRole('link', { name: /^Bid Now/ })).toHaveAttribute(
      'href',
      '/item-detail/2',
    );
    for (const card of cards()) {
      expect(card).not.toHaveTextContent(/Best offer|Make an offer|Listing ends in/);
    }
    expect(screen.queryByRole('navigation', { name: 'Auction pages' })).toBeNull();
  });

  it('leaves out an ended auction, and an auction leaves the list when it ends', async () => {
    // Fixture: item 2 is the one running auction (ends in an hour); item 3 ended an hour ago;
    // items 1 and 5 sell at a fixed price and item 4 takes offers, with ends of their own.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
    const store = freshStore();
    setDataAccessForTests(store.data);
    renderAt('/auction');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeVisible());
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: '1 auction' })).toBeVisible();
    expect(within(cards()[0] as HTMLElement).getByRole('heading').textContent).toBe('Café Dreams');
    await act(async () => {
      // The device's clock and the page's timer pass the end together.
      store.clock.advance(3_600_000 + 1_000);
      await vi.advanceTimersByTimeAsync(3_600_000 + 1_000);
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: '0 auctions' })).toBeVisible(),
    );
    expect(screen.getByRole('heading', { name: 'No auctions right now' })).toBeVisible();
  });

  it('goes to the last page when asked for one past the end', async () => {
    setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
    const location = renderAt('/auction?page=7');
    await waitFor(() => expect(location()).toBe('/auction'));
    await waitFor(() => expect(cards()).toHaveLength(5));
  });
});

describe('Live Auction the server answers, and the device when it cannot', () => {
  let asked: ServerListQuery[] = [];
  function withServer(answer: () => ApiResult<ServerItemList>) {
    globalThis.indexedDB = new IDBFactory();
    asked = [];
    setDataAccessForTests(
      createDeviceDataAccess({
        sample: loadSampleData(NOW),
        now: () => NOW,
        lists: async (query) => {
          asked.push(query);
          return answer();
        },
      }),
    );
    setSyncStatus({ mode: 'online' });
  }

  it("asks for the running auctions and shows the server's, in its order and count", async () => {
    const other = {
      ...loadSampleData(NOW).items[1],
      id: 100_007,
      title: "Another collector's auction",
      liveDate: new Date(NOW.getTime() + 60_000).toISOString(),
      favourites: 0,
    };
    withServer(() => ({
      kind: 'ok',
      value: { items: [other], cursor: 3, total: 10_000, capped: true, page: 2 },
    }));
    renderAt('/auction?page=2');
    expect(
      await screen.findByRole('heading', { level: 2, name: '10,000+ auctions' }),
    ).toBeVisible();
    expect(asked).toEqual([{ running: true, page: 2, pageSize: AUCTION_PAGE_SIZE }]);
    expect(within(cards()[0] as HTMLElement).getByRole('heading').textContent).toBe(
      "Another collector's auction",
    );
    expect(screen.getByText('Page 2 of 50')).toBeVisible();
    expect(screen.queryByText(/saved on this device/)).toBeNull();
  });

  it('offline, runs over the items saved on this device and says so', async () => {
    withServer(() => ({ kind: 'offline' }));
    renderAt('/auction');
    expect(await screen.findByRole('heading', { level: 2, name: '5 auctions' })).toBeVisible();
    expect(screen.getByText('Showing 12 items saved on this device.')).toBeVisible();
    expect(cards()).toHaveLength(5);
  });
});
