// Opening an item by its URL (docs/product.md "Item detail"): an id no item can have shows the
// not-found state at once and is never asked of the server; an id the device does not hold is
// asked once, and the server having none shows the same state, without asking again.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import { NOW } from '@/data/__tests__/fixtures';
import { Component, loader } from '@/app/routes/item-detail';

afterEach(() => {
  cleanup();
  setDataAccessForTests(null);
});

/** A device store whose server has no item but answers each ask; the ids asked, in order. */
function deviceWithServer(): number[] {
  globalThis.indexedDB = new IDBFactory();
  const asked: number[] = [];
  setDataAccessForTests(
    createDeviceDataAccess({
      sample: loadSampleData(NOW),
      now: () => NOW,
      itemPage: async (id) => {
        asked.push(id);
        return { kind: 'ok', records: [] };
      },
    }),
  );
  return asked;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/item-detail/:id', loader, Component, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('an item opened by its URL', () => {
  it.each(['9999999999', '2147483648', '99999999999999999999', '1.5', '0'])(
    'shows not found for /item-detail/%s, never asking the server',
    async (id) => {
      const asked = deviceWithServer();
      renderAt(`/item-detail/${id}`);
      expect(await screen.findByRole('heading', { name: 'Page Not Found?' })).toBeVisible();
      expect(screen.getByText(/the item you were looking for wasn't found/)).toBeVisible();
      expect(asked).toEqual([]);
    },
  );

  it('asks the server once for an id it can have, and shows not found when it has none', async () => {
    const asked = deviceWithServer();
    renderAt('/item-detail/2147483647');
    expect(await screen.findByRole('heading', { name: 'Page Not Found?' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([2147483647]);
  });
});
