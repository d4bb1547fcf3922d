// An item's Bids tab keeps the device's latest bids; when the server counts more, "Show earlier
// bids" asks the data access for the older ones, which reads GET /api/items/:id/bids
// (src/data/remote/history-api.ts), shows them below, each once, and offline says that earlier
// bids need a connection (docs/sync.md). The data access is the app's own (data-access.ts); the
// server is a stand-in at the network boundary (global fetch) answering as
// server/market/history.ts does.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import type { ServerBid } from '@shared/protocol';
import { ItemHistory } from '../components/item-history';

const ITEM = 7;
const TOTAL = 45;
const START = Date.parse('2026-03-01T12:00:00.000Z');

/** The server's bids on the item, newest first: bid 45 the newest, bid 1 the oldest. */
const serverBids: ServerBid[] = Array.from({ length: TOTAL }, (_, n) => {
  const number = TOTAL - n;
  return {
    id: `bid-${number}`,
    itemId: ITEM,
    priceEth: `${number}`,
    quantity: 1,
    bidder: `Bidder ${number}`,
    status: n === 0 ? 'active' : 'outbid',
    at: new Date(START - n * 60_000).toISOString(),
  };
});

let online = true;
let network: 'up' | 'down' = 'up';
const requests: string[] = [];

function answer(url: URL): Response {
  const match = /^\/api\/items\/(\d+)\/bids$/.exec(url.pathname);
  if (!match || Number(match[1]) !== ITEM) {
    return Response.json({ error: `There is no item ${match?.[1]}.` }, { status: 404 });
  }
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const start = Number(url.searchParams.get('before') ?? 0);
  const bids = serverBids.slice(start, start + limit);
  const next = start + limit < TOTAL ? String(start + limit) : null;
  return Response.json({ bids, next });
}

beforeEach(() => {
  online = true;
  network = 'up';
  requests.length = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string) => {
    requests.push(input);
    if (network === 'down') throw new TypeError('Failed to fetch');
    return answer(new URL(input, 'http://localhost'));
  });
});
afterEach(() => {
  setDataAccessForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The device's copy: the latest 20 bids and one of the collector's own, much older. */
const deviceBids = [...serverBids.slice(0, 20), serverBids[40] as ServerBid];

function renderBids(bidCount: number | undefined, itemId = ITEM) {
  render(
    <MemoryRouter>
      <ItemHistory
        bids={deviceBids}
        activity={[]}
        item={{ id: itemId, saleKind: 'auctions', highestBidEth: '45', bidCount }}
      />
    </MemoryRouter>,
  );
}

const shownIds = () =>
  within(screen.getByRole('list', { name: 'Bids' }))
    .getAllByRole('listitem')
    // "Bid", then the price (bid n is n ETH by Bidder n), the bidder and the time.
    .map((li) => `Bidder ${/^Bid(\d+) ETH/.exec(li.textContent ?? '')?.[1]}`);
const earlierButton = () => screen.getByRole('button', { name: 'Show earlier bids' });

describe('Show earlier bids', () => {
  it('online, fetches the older bids page by page and shows them below, each once', async () => {
    const user = userEvent.setup();
    renderBids(TOTAL);
    expect(screen.getByRole('tab', { name: 'Bids (45)' })).toBeInTheDocument();
    expect(shownIds()).toHaveLength(21);

    await user.click(earlierButton());
    // The first page is the 20 the device has: passed over for the next one.
    expect(await screen.findByText('by Bidder 6', { exact: false })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(shownIds()).toEqual(
      serverBids
        .slice(0, 40)
        .map((b) => b.bidder)
        .concat(['Bidder 5']),
    );

    await user.click(earlierButton());
    expect(await screen.findByText('These are all the bids.')).toBeInTheDocument();
    expect(shownIds()).toEqual(serverBids.map((b) => b.bidder));
    expect(screen.queryByRole('button', { name: 'Show earlier bids' })).toBeNull();
  });

  it('offline, says that earlier bids need a connection, and works once back online', async () => {
    const user = userEvent.setup();
    online = false;
    renderBids(TOTAL);
    await user.click(earlierButton());
    expect(screen.getByRole('status')).toHaveTextContent('Earlier bids need a connection.');
    expect(requests).toEqual([]);
    expect(earlierButton()).toBeEnabled();

    // Online again, but the request finds no network: the same line.
    online = true;
    network = 'down';
    await user.click(earlierButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Earlier bids need a connection.');
    expect(shownIds()).toHaveLength(21);

    network = 'up';
    await user.click(earlierButton());
    expect(await screen.findByText('by Bidder 6', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says what the server answered when it refuses', async () => {
    const user = userEvent.setup();
    renderBids(TOTAL, 8);
    await user.click(earlierButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Earlier bids could not be loaded: There is no item 8.',
    );
  });

  it('offers nothing to fetch when the device shows every bid, or the server sent no count', () => {
    renderBids(21);
    expect(screen.queryByRole('button', { name: 'Show earlier bids' })).toBeNull();
    renderBids(undefined);
    expect(screen.queryByRole('button', { name: 'Show earlier bids' })).toBeNull();
    expect(screen.getAllByRole('tab', { name: 'Bids (21)' })).toHaveLength(2);
  });

  it('on a device with no server to ask, says so and asks nothing', async () => {
    const user = userEvent.setup();
    setDataAccessForTests(freshStore().data);
    renderBids(TOTAL);
    await user.click(earlierButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Earlier bids could not be loaded: This site has no server to load them from.',
    );
    expect(requests).toEqual([]);
  });
});
