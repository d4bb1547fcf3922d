// docs/product.md "Explore items" and "Records and fields"; docs/product.md "Explore one/two
// filters" and "Explore three category chips": the filter form drives the grid through the URL.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { getDataAccess, loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ServerItemList } from '@/data/remote/catalog-api';
import type { ApiResult } from '@/data/contract/data-access';
import { setSyncStatus } from '@/data/core/status';
import { freshStore, NOW } from '@/data/__tests__/fixtures';
import { exploreOptions } from '../api';
import { ExplorePage } from '../components/explore-page';
import { EMPTY_FILTERS } from '../filters';
import { createExploreLoader, type ExploreData } from '../loader';
import { savedExploreFilters, useExploreStore } from '../store';
import { EXPLORE_CONFIGS, type ExploreVariant } from '../variants';

function routeFor(variant: ExploreVariant) {
  const config = EXPLORE_CONFIGS[variant];
  const loader = createExploreLoader(config);
  return {
    path: config.path,
    loader,
    HydrateFallback: () => null,
    Component: function Screen() {
      return <ExploreScreen variant={variant} />;
    },
  };
}

function ExploreScreen({ variant }: { variant: ExploreVariant }) {
  const data = useLoaderData<ExploreData>();
  return <ExplorePage config={EXPLORE_CONFIGS[variant]} data={data} options={exploreOptions()} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [routeFor('one'), routeFor('two'), routeFor('three'), { path: '/', element: <p>Home</p> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location };
}

const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Results' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

beforeEach(() => {
  setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
});
afterEach(() => {
  setDataAccessForTests(null);
  useExploreStore.setState({ ...EMPTY_FILTERS });
});

describe('Explore one (docs/product.md "Explore items", "Records and fields")', () => {
  it('shows the labelled filter form and the first page of 8 of the 12 items', async () => {
    renderAt('/explore-one');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore Items' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toHaveAttribute(
      'placeholder',
      'Search Company',
    );
    for (const name of ['Categories', 'Items', 'Sort By']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(cardTitles()).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1-8 of 12 items');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/explore-one?page=2',
    );
  });

  it('offers the filter options of docs/product.md "Records and fields" in each select', async () => {
    const user = userEvent.setup();
    renderAt('/explore-one');
    await user.click(await screen.findByRole('combobox', { name: 'Categories' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All categories',
      'Art',
      'Domain Names',
      'Music',
      'Sports',
      'Trading Cards',
      'Virtual World',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Items' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All items',
      'Buy Now',
      'Auctions',
      'Offers',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Sort By' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Recently added',
      'Top Rated',
      'Lower Rated',
    ]);
  });

  it('filters by category, then combines it with Items, in the URL and the saved filters', async () => {
    const user = userEvent.setup();
    const { location } = renderAt('/explore-one');
    await screen.findByRole('heading', { level: 1 });
    await choose(user, 'Categories', 'Art');
    await waitFor(() => expect(cardTitles()).toEqual(['Violet Bloom', 'Bauhaus Sunrise']));
    expect(location()).toBe('/explore-one?category=art');
    await choose(user, 'Items', 'Buy Now');
    await waitFor(() => expect(cardTitles()).toEqual(['Violet Bloom']));
    expect(location()).toBe('/explore-one?category=art&items=now');
    expect(savedExploreFilters()).toMatchObject({ category: 'art', sale: 'now' });
  });

  it('sorts by rating, high to low and low to high', async () => {
    const user = userEvent.setup();
    renderAt('/explore-one?items=now');
    await screen.findByRole('heading', { level: 1 });
    expect(cardTitles()).toEqual(['Violet Bloom', 'Grin Machine', 'Ember Vinyl', 'Solar Halo']);
    await choose(user, 'Sort By', 'Top Rated');
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Violet Bloom', 'Solar Halo', 'Ember Vinyl', 'Grin Machine']),
    );
    await choose(user, 'Sort By', 'Lower Rated');
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Grin Machine', 'Ember Vinyl', 'Solar Halo', 'Violet Bloom']),
    );
  });

  it('searches as the user types and keeps the other filters', async () => {
    const user = userEvent.setup();
    const { location } = renderAt('/explore-one?sort=top');
    await user.type(await screen.findByRole('searchbox', { name: 'Search items' }), 'ember');
    await waitFor(() => expect(cardTitles()).toEqual(['Ember Vinyl']));
    expect(location()).toBe('/explore-one?q=ember&sort=top');
  });

  it('says when nothing matches and clears every filter', async () => {
    const user = userEvent.setup();
    const { location } = renderAt('/explore-one?q=zzzz&category=music');
    expect(
      await screen.findByRole('heading', { name: 'No items match these filters' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No items');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(8));
    expect(location()).toBe('/explore-one');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toHaveValue('');
    expect(savedExploreFilters()).toEqual(EMPTY_FILTERS);
  });

  it('restores the saved filters when opened with none in the URL', async () => {
    useExploreStore.getState().save({ category: 'music', sort: 'low' });
    const { location } = renderAt('/explore-one');
    await waitFor(() => expect(location()).toBe('/explore-one?category=music&sort=low'));
    await waitFor(() => expect(cardTitles()).toEqual(['Tidal Frequencies', 'Ember Vinyl']));
  });

  it('does not restore over the back button: going back shows the unfiltered page', async () => {
    const user = userEvent.setup();
    const { router, location } = renderAt('/explore-one');
    await screen.findByRole('heading', { level: 1 });
    await choose(user, 'Categories', 'Music');
    await waitFor(() => expect(location()).toBe('/explore-one?category=music'));
    await router.navigate(-1);
    await waitFor(() => expect(cardTitles()).toHaveLength(8));
    expect(location()).toBe('/explore-one');
    expect(screen.getByRole('combobox', { name: 'Categories' })).toHaveTextContent(
      'All categories',
    );
  });

  it('goes to the last page when the URL asks for a page past the end', async () => {
    const { location } = renderAt('/explore-one?page=9');
    await waitFor(() => expect(location()).toBe('/explore-one?page=2'));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Neon Horizon', 'Pop Confetti', 'Solar Halo', 'Cube Citadel']),
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the phone "Filters" button', () => {
  it('unfolds the selects it controls and shows how many are chosen', async () => {
    const user = userEvent.setup();
    renderAt('/explore-one?category=art&sort=top');
    const toggle = await screen.findByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Filters2');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).toContainElement(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(controlled).toHaveAttribute('data-open');
  });
});

describe('Explore two (left filter form, 3 columns)', () => {
  it('has the filter form beside the grid and the same working filters', async () => {
    const user = userEvent.setup();
    renderAt('/explore-two');
    const form = await screen.findByRole('complementary', { name: 'Filters' });
    expect(within(form).getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(9);
    await choose(user, 'Categories', 'Virtual World');
    await waitFor(() => expect(cardTitles()).toEqual(['Saturn Drift', 'Cube Citadel']));
  });
});

describe('Explore three (category chips)', () => {
  it('filters by the chosen chip, keeps it in the URL, and All clears it', async () => {
    const user = userEvent.setup();
    const { location } = renderAt('/explore-three');
    const chips = await screen.findByRole('group', { name: 'Category' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Games', 'Art', 'Music', 'Video', 'Memes']);
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(chips).getByRole('button', { name: 'Games' }));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Pixel Guardian', 'Emerald Shard', 'Cube Citadel']),
    );
    expect(location()).toBe('/explore-three?type=games');
    expect(within(chips).getByRole('button', { name: 'Games' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(chips).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(8));
    expect(location()).toBe('/explore-three');
  });
});

describe('lists the server answers, and the device when it cannot', () => {
  function withServer(answer: () => ApiResult<ServerItemList>) {
    globalThis.indexedDB = new IDBFactory();
    setDataAccessForTests(
      createDeviceDataAccess({
        sample: loadSampleData(NOW),
        now: () => NOW,
        lists: async () => answer(),
      }),
    );
  }

  it('shows the server\'s count, "10,000+" past its cap', async () => {
    const sample = loadSampleData(NOW).items.slice(0, 2);
    withServer(() => ({
      kind: 'ok',
      value: {
        items: sample.map((item) => ({ ...item, favourites: 0 })),
        cursor: 1,
        total: 10_000,
        capped: true,
        page: 1,
      },
    }));
    renderAt('/explore-one');
    expect(await screen.findByRole('status')).toHaveTextContent(/^Showing 1-2 of 10,000\+ items$/);
    expect(cardTitles()).toEqual(sample.map((item) => item.title));
    expect(screen.queryByText(/saved on this device/)).toBeNull();
  });

  it('offline, says what the list ran over and how much there is to search online', async () => {
    let online = true;
    const sample = loadSampleData(NOW).items;
    withServer(() =>
      online
        ? {
            kind: 'ok',
            value: { items: [], cursor: 1, total: 100_000, capped: false, page: 1 },
          }
        : { kind: 'offline' },
    );
    setSyncStatus({ mode: 'online' });
    await getDataAccess().listItems({});
    online = false;
    renderAt('/explore-one');
    expect(
      await screen.findByText(
        `Showing ${sample.length} items saved on this device. Connect to search all 100,000.`,
      ),
    ).toBeInTheDocument();
  });
});
