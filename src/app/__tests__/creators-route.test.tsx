// The creators page (docs/product.md "Creators and profiles"): the server's list and most
// followed when it answers, in its order and count; offline, the creators this device holds,
// with the line that says so; a page past the end goes to the last one.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ServerCreatorList, ServerCreatorQuery } from '@/data/remote/catalog-api';
import type { ApiResult } from '@/data/contract/data-access';
import { setSyncStatus } from '@/data/core/status';
import { makeCreator, NOW } from '@/data/__tests__/fixtures';
import { Component, loader } from '@/app/routes/creators';

afterEach(() => {
  setDataAccessForTests(null);
});

let asked: ServerCreatorQuery[] = [];

function withServer(answer: (query: ServerCreatorQuery) => ApiResult<ServerCreatorList>) {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  setDataAccessForTests(
    createDeviceDataAccess({
      sample: loadSampleData(NOW),
      now: () => NOW,
      creatorLists: async (query) => {
        asked.push(query);
        return answer(query);
      },
    }),
  );
  setSyncStatus({ mode: 'online' });
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/creators', loader, Component, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return () => router.state.location.pathname + router.state.location.search;
}

const names = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const maker = (id: number, name: string, followers: number) => ({
  ...makeCreator({ id, name }),
  followers,
});

describe('the creators page the server answers', () => {
  it("shows the server's page and most followed, in its order and count", async () => {
    withServer((query) => ({
      kind: 'ok',
      value:
        query.order === 'followers'
          ? {
              creators: [maker(100_009, 'Most Loved', 90_000)],
              cursor: 4,
              total: 12_000,
              capped: true,
              page: 1,
            }
          : {
              creators: [maker(100_020, 'Newest Maker', 0), maker(100_019, 'Next Maker', 2)],
              cursor: 4,
              total: 10_000,
              capped: true,
              page: 3,
              next: '-100019',
            },
    }));
    renderAt('/creators?page=3');
    expect(await screen.findByText(/Showing 19–20 of 10,000\+/)).toBeVisible();
    expect(names('All creators')).toEqual(['Newest Maker', 'Next Maker']);
    expect(asked).toEqual([{ order: 'list', page: 3, pageSize: 9 }]);
    expect(screen.queryByText(/saved on this device/)).toBeNull();
  });

  it('shows the most followed on the first page', async () => {
    withServer((query) => ({
      kind: 'ok',
      value: {
        creators:
          query.order === 'followers'
            ? [maker(100_009, 'Most Loved', 90_000)]
            : [maker(100_020, 'Newest Maker', 0)],
        cursor: 4,
        total: 1,
        capped: false,
        page: 1,
      },
    }));
    renderAt('/creators');
    expect(await screen.findByRole('region', { name: 'Most followed' })).toBeVisible();
    expect(names('Most followed')).toEqual(['Most Loved']);
    expect(asked).toContainEqual({ order: 'followers', page: 1, pageSize: 6 });
  });

  it('goes from a page past the end to the last one', async () => {
    withServer((query) => ({
      kind: 'ok',
      value: { creators: [], cursor: 4, total: 20, capped: false, page: query.page ?? 1 },
    }));
    const location = renderAt('/creators?page=9');
    await waitFor(() => expect(location()).toBe('/creators?page=3'));
  });
});

describe('the creators page offline', () => {
  it('runs over the creators saved on this device and says so', async () => {
    let online = true;
    withServer(() =>
      online
        ? {
            kind: 'ok',
            value: {
              creators: [maker(100_020, 'Newest Maker', 0)],
              cursor: 4,
              total: 4_321,
              capped: false,
              page: 1,
            },
          }
        : { kind: 'offline' },
    );
    renderAt('/creators?page=2');
    expect(await screen.findByText(/Showing 10–10 of 4,321/)).toBeVisible();
    cleanup();
    online = false;
    renderAt('/creators');
    const held = loadSampleData(NOW).creators.length + 1;
    expect(
      await screen.findByText(
        `Showing ${held} creators saved on this device. Connect to see all 4,321.`,
      ),
    ).toBeVisible();
    expect(names('All creators')).toHaveLength(9);
    expect(screen.getByText(new RegExp(`Showing 1–9 of ${held}`))).toBeVisible();
  });
});
