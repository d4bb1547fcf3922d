// docs/product.md "Best Collections": paginated list, collection grid of 8 cards ("25 Items").
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { freshStore, NOW } from '@/data/__tests__/fixtures';
import { CollectionsPage } from '../components/collections-page';
import { collectionsLoader, type CollectionsData } from '../loader';

beforeEach(() => {
  setDataAccessForTests(freshStore(loadSampleData(NOW)).data);
});
afterEach(() => setDataAccessForTests(null));

function Screen() {
  const { result, top } = useLoaderData<CollectionsData>();
  return <CollectionsPage result={result} top={top} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/collections',
        loader: collectionsLoader,
        Component: Screen,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return () => router.state.location.pathname + router.state.location.search;
}

const grid = () => {
  const [list] = within(screen.getByRole('region', { name: 'All collections' })).getAllByRole(
    'list',
  );
  if (!list) throw new Error('no grid');
  return list;
};
const titles = () =>
  within(grid())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Best Collections (docs/product.md "Best Collections")', () => {
  it('shows a grid of 8 collection cards with their item counts and pagination', async () => {
    renderAt('/collections');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Best Collections' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Top Collections' })).toBeVisible();
    expect(titles()).toHaveLength(8);
    expect(titles()[0]).toBe('Halo Studies');
    expect(within(grid()).getAllByText('25 Items').length).toBeGreaterThan(0);
    expect(within(grid()).getByText('40 Items')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/collections?page=2',
    );
  });

  it('shows the rest on page 2 and sends a page past the end to the last page', async () => {
    const location = renderAt('/collections?page=5');
    await waitFor(() => expect(location()).toBe('/collections?page=2'));
    await waitFor(() => expect(titles()).toEqual(['Soundscapes', 'Sticker Club']));
    expect(within(grid()).getByText('12 Items')).toBeVisible();
  });
});
