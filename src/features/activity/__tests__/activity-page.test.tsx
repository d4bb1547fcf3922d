// docs/product.md "Activities" (feed, "Filter by" panel, chips, entry fields); docs/product.md
// "Activity filter chips" and "Bids and checkout" (a bid placed on the device adds an entry).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { freshStore, mutationId, NOW, type TestStore } from '@/data/__tests__/fixtures';
import { createDbHandle } from '@/data/device/db';
import { useSessionStore } from '@/data/session-store';
import { fetchActivity, fetchItemBids, fetchOlderNotifications } from '@/data/remote/history-api';
import { applyServerWord } from '@/data/sync/apply';
import type { ActivityEntry } from '@shared/types';
import { ActivityPage } from '../components/activity-page';
import { activityLoader, type ActivityData } from '../loader';

let store: TestStore;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  store = freshStore(loadSampleData(NOW));
  setDataAccessForTests(store.data);
});
afterEach(() => {
  useSessionStore.getState().signOut();
  setDataAccessForTests(null);
  vi.useRealTimers();
});

function Screen() {
  const { entries, items } = useLoaderData<ActivityData>();
  return <ActivityPage entries={entries} items={items} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/activity', loader: activityLoader, Component: Screen, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return () => router.state.location.pathname + router.state.location.search;
}

const feed = () => screen.getByRole('region', { name: 'Activity feed' });
const entries = () => {
  const [list] = within(feed()).getAllByRole('list');
  if (!list) throw new Error('no feed list');
  return within(list).getAllByRole('listitem');
};
const descriptions = () => entries().map((li) => li.querySelector('p:nth-of-type(2)')?.textContent);
const chip = (name: string) => screen.getByRole('button', { name });

describe('Activities feed (docs/product.md "Activities")', () => {
  it('shows each entry with type label, relative time, description, image and its action', async () => {
    renderAt('/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 12 activities');
    const first = entries()[0];
    if (!first) throw new Error('no entry');
    expect(first).toHaveTextContent('Listing');
    expect(within(first).getByText('4 minutes ago')).toHaveAttribute('dateTime');
    expect(first).toHaveTextContent('Lucía Fernández listed Tidal Frequencies for 3.5 ETH.');
    expect(first.querySelector('img')).toHaveAttribute('src', '/images/generated/items/item-3.svg');
    // Tidal Frequencies takes offers: its entry's action says so (issue 31).
    expect(within(first).getByRole('link', { name: /^Make an offer/ })).toHaveAttribute(
      'href',
      '/item-detail/3',
    );
    const actions = entries().map(
      (li) =>
        within(li).getByRole('link', { name: /^(Buy now|Bid now|Make an offer)/ }).firstChild
          ?.textContent,
    );
    expect(new Set(actions)).toEqual(new Set(['Buy now', 'Bid now', 'Make an offer']));
    // 12 entries, 8 a page.
    expect(entries()).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/activity?page=2',
    );
  });

  it('lists a bid placed on this device, newest first', async () => {
    await store.data.placeBid({ itemId: 2, priceEth: '4', quantity: 1 });
    renderAt('/activity');
    await screen.findByRole('heading', { level: 1 });
    expect(descriptions()[0]).toBe('You bid 4 ETH on Pixel Guardian');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 13 activities');
    expect(entries()[0]).toHaveTextContent(/^Bid/);
  });

  it('names a bid on an item that takes offers an offer (issue 31)', async () => {
    await store.data.placeBid({ itemId: 3, priceEth: '2', quantity: 1 });
    renderAt('/activity');
    await screen.findByRole('heading', { level: 1 });
    const first = entries()[0];
    if (!first) throw new Error('no entry');
    expect(first).toHaveTextContent(/^Offer/);
    expect(within(first).getByRole('link', { name: /^Make an offer/ })).toBeVisible();
  });
});

describe('who did it: "You" for the signed-in collector, wherever the entry came from', () => {
  const ada = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', avatar: null };
  // The server's entries, as a pull brings them: one collector's deed each.
  const deedEntry = (
    id: string,
    type: ActivityEntry['type'],
    tags: ActivityEntry['tags'],
    actor: { id: number; name: string },
    deed: string,
  ): ActivityEntry => ({
    id,
    type,
    at: NOW.toISOString(),
    description: `${actor.name} ${deed}`,
    image: '/images/generated/items/item-2.svg',
    itemId: 2,
    tags,
    actor: { ...actor, deed },
  });
  // The device's bid under its id, and another's.
  const serverEntry = (id: string, actor: { id: number; name: string }) =>
    deedEntry(id, 'Bid', ['Bids'], actor, 'bid 4 ETH on Pixel Guardian');
  async function pull(...entries: ActivityEntry[]) {
    await applyServerWord(createDbHandle(), {
      changes: entries.map((data, i) => ({ seq: i + 1, topic: 'activity', key: data.id, data })),
      cursor: entries.length,
      at: NOW.toISOString(),
    });
  }

  it('says "You" for the own bid the server sent back, and names other collectors', async () => {
    useSessionStore.getState().signIn(ada, false);
    await store.data.placeBid({ itemId: 2, priceEth: '4', quantity: 1 });
    await pull(
      serverEntry(`bid-${mutationId(1)}`, { id: 7, name: 'Ada Lovelace' }),
      serverEntry('bid-other', { id: 8, name: 'Grace Hopper' }),
    );
    renderAt('/activity');
    await screen.findByRole('heading', { level: 1 });
    // The server's copy replaced the device's entry (one, not two), and still reads "You".
    expect(descriptions().slice(0, 2).sort()).toEqual([
      'Grace Hopper bid 4 ETH on Pixel Guardian',
      'You bid 4 ETH on Pixel Guardian',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 14 activities');
  });

  // A sale's two entries, as the server records them: the winner's and the seller's deed.
  // Each starts with the deal ("Won at 4.00 ETH:"), then the collector and the deed.
  const won = 'won the auction of Pixel Guardian';
  const sold = 'sold Pixel Guardian to Ada Lovelace';
  const withLead = (entry: ActivityEntry, lead: string): ActivityEntry => ({
    ...entry,
    description: `${lead} ${entry.description}`,
    actor: entry.actor && { ...entry.actor, lead },
  });
  const saleEntries = () => [
    withLead(
      deedEntry('purchase-b1', 'Purchase', ['Purchased'], { id: 7, name: 'Ada Lovelace' }, won),
      'Won at 4.00 ETH:',
    ),
    withLead(
      deedEntry('sale-b1', 'Sale', ['Sales'], { id: 8, name: 'Grace Hopper' }, sold),
      'Sold at 4.00 ETH:',
    ),
  ];

  it.each([
    [ada, `Won at 4.00 ETH: You ${won}`, `Sold at 4.00 ETH: Grace Hopper ${sold}`],
    [
      { ...ada, id: 8, name: 'Grace Hopper' },
      `Won at 4.00 ETH: Ada Lovelace ${won}`,
      `Sold at 4.00 ETH: You ${sold}`,
    ],
  ])(
    'a sale says "You" to the collector who won it or sold it (%#)',
    async (user, purchase, sale) => {
      await pull(...saleEntries());
      useSessionStore.getState().signIn(user, false);
      renderAt('/activity');
      await screen.findByRole('heading', { level: 1 });
      expect(descriptions()).toEqual(expect.arrayContaining([purchase, sale]));
    },
  );

  it('names the account to anyone else signed in on the device', async () => {
    await pull(serverEntry('bid-ada', { id: 7, name: 'Ada Lovelace' }));
    useSessionStore.getState().signIn({ ...ada, id: 9, name: 'Bea' }, false);
    renderAt('/activity');
    await screen.findByRole('heading', { level: 1 });
    expect(descriptions()[0]).toBe('Ada Lovelace bid 4 ETH on Pixel Guardian');
  });
});

describe('"Filter by" chips (docs/product.md: filter, combine, clear)', () => {
  it('filters by one chip, adds a second, narrows by medium and clears, all in the URL', async () => {
    const user = userEvent.setup();
    const location = renderAt('/activity');
    await screen.findByRole('complementary', { name: 'Filter by' });
    expect(chip('Clear')).toBeDisabled();

    await user.click(chip('Sales'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 12'));
    expect(chip('Sales')).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/activity?filter=sales');

    await user.click(chip('Bids'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 6 of 12'));
    expect(location()).toBe('/activity?filter=sales%2Cbids');

    await user.click(chip('Music'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 12'));
    expect(descriptions()).toEqual([
      'Ember Vinyl by Elias Novak was sold to @priyaraman for 3.5 ETH.',
    ]);

    await user.click(chip('Clear'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Showing 12 activities'),
    );
    expect(location()).toBe('/activity');
    expect(chip('Sales')).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads chips from a shared link and offers to clear when nothing matches', async () => {
    const user = userEvent.setup();
    renderAt('/activity?filter=burns,video');
    expect(
      await screen.findByRole('heading', { name: 'No activity matches these filters' }),
    ).toBeVisible();
    expect(chip('Burns')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Video')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Showing 12 activities'),
    );
  });
});

describe('Load more: older activity from the server (docs/sync.md)', () => {
  // The server's feed, newest first: the device's 12 entries, then 60 older ones. Pages are
  // answered as GET /api/activity does (server/market/history.ts), the cursor an offset here,
  // asked through the data access as the app wires it (data-access.ts).
  let online = true;
  let requests = 0;
  async function serveFeed() {
    const { entries: device } = await activityLoader();
    const last = device.at(-1);
    if (!last) throw new Error('no sample activity');
    const older = Array.from({ length: 60 }, (_, n) => ({
      ...last,
      id: `older-${n + 1}`,
      at: new Date(Date.parse(last.at) - (n + 1) * 3_600_000).toISOString(),
      description: `Older entry ${n + 1}`,
      actor: undefined,
    }));
    const feed = [...device, ...older];
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    vi.stubGlobal('fetch', async (input: string) => {
      requests += 1;
      const url = new URL(input, 'http://localhost');
      const limit = Number(url.searchParams.get('limit'));
      const start = Number(url.searchParams.get('before') ?? 0);
      const next = start + limit < feed.length ? String(start + limit) : null;
      return Response.json({ entries: feed.slice(start, start + limit), next });
    });
  }
  beforeEach(() => {
    online = true;
    requests = 0;
    const history = {
      itemBids: fetchItemBids,
      activity: fetchActivity,
      notifications: fetchOlderNotifications,
    };
    store = freshStore(loadSampleData(NOW), undefined, { history });
    setDataAccessForTests(store.data);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const loadMore = () => screen.getByRole('button', { name: 'Load more' });

  it('on the last page, appends the older entries, each once, until there are none', async () => {
    const user = userEvent.setup();
    await serveFeed();
    renderAt('/activity?page=99');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Showing 12 activities')).toBeInTheDocument();
    await user.click(loadMore());
    // One page of 50: the device's 12 and 38 older.
    expect(await screen.findByText('Showing 50 activities')).toBeInTheDocument();
    expect(requests).toBe(1);
    expect(descriptions().at(-1)).toBe('Older entry 38');
    await user.click(loadMore());
    expect(await screen.findByText('Showing 72 activities')).toBeInTheDocument();
    expect(descriptions().at(-1)).toBe('Older entry 60');
    expect(screen.getByText('There is no older activity.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('is only under the last page', async () => {
    await serveFeed();
    renderAt('/activity');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offline, says that older activity needs a connection, and stays usable', async () => {
    const user = userEvent.setup();
    await serveFeed();
    online = false;
    renderAt('/activity?page=2');
    await screen.findByRole('heading', { level: 1 });
    await user.click(loadMore());
    expect(await screen.findByText('Older activity needs a connection.')).toBeInTheDocument();
    expect(requests).toBe(0);
    online = true;
    await user.click(loadMore());
    expect(await screen.findByText('Showing 50 activities')).toBeInTheDocument();
    expect(screen.queryByText('Older activity needs a connection.')).toBeNull();
  });

  it('on a device with no server to ask, says so and asks nothing', async () => {
    const user = userEvent.setup();
    await serveFeed();
    setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
    renderAt('/activity?page=99');
    await screen.findByRole('heading', { level: 1 });
    await user.click(loadMore());
    expect(
      await screen.findByText(
        'Older activity could not be loaded: This site has no server to load them from.',
      ),
    ).toBeInTheDocument();
    expect(requests).toBe(0);
    expect(screen.getByText('Showing 12 activities')).toBeInTheDocument();
  });
});
