// A deep link to a creator the device does not hold (docs/product.md "Creators and profiles"):
// the page's frame and its loading state at once, then the server's answer: the profile, or not
// found. A creator the device holds shows at once, with no loading state.
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ApiResult } from '@/data/contract/data-access';
import type { ServerCreator } from '@/data/remote/catalog-api';
import { setSyncStatus } from '@/data/core/status';
import { makeCreator, NOW } from '@/data/__tests__/fixtures';
import { Component, loader } from '@/app/routes/creator-profile';

afterEach(() => {
  cleanup();
  setDataAccessForTests(null);
});

const ID = 100_042;

/** A device whose server answers when the test says; the creator ids asked, in order. */
function deviceWithSlowServer() {
  globalThis.indexedDB = new IDBFactory();
  const asked: number[] = [];
  let answer: (value: ApiResult<ServerCreator>) => void = () => {};
  const answered = new Promise<ApiResult<ServerCreator>>((resolve) => (answer = resolve));
  setDataAccessForTests(
    createDeviceDataAccess({
      sample: loadSampleData(NOW),
      now: () => NOW,
      creator: (id) => {
        asked.push(id);
        return answered;
      },
    }),
  );
  setSyncStatus({ mode: 'online' });
  return { asked, answer };
}

/** The route inside a layout whose banner stands for the app's header. */
function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        Component: () => (
          <>
            <header>Artmint</header>
            <Outlet />
          </>
        ),
        HydrateFallback: () => null,
        children: [{ path: '/creator-profile/:id', loader, Component }],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

async function expectLoading() {
  const region = await screen.findByRole('region', { name: 'Loading the creator…' });
  expect(region).toHaveAttribute('aria-busy', 'true');
  const status = within(region).getByRole('status');
  expect(status).toHaveTextContent('Loading the creator…');
  expect(status).toBeVisible();
  expect(screen.getByText('Artmint')).toBeVisible();
  expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
}

describe('a deep link to a creator the device does not hold', () => {
  it('shows the layout and the loading state, then the profile once the server answers', async () => {
    const server = deviceWithSlowServer();
    renderAt(`/creator-profile/${ID}`);
    await expectLoading();
    server.answer({
      kind: 'ok',
      value: {
        creator: { ...makeCreator({ id: ID, name: 'Nadia Far' }), followers: 7 },
        cursor: 30,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Nadia Far/ })).toBeVisible();
    expect(screen.queryByText('Loading the creator…')).toBeNull();
    expect(server.asked).toEqual([ID]);
  });

  it('shows the loading state, then not found when the server has no such creator', async () => {
    const server = deviceWithSlowServer();
    renderAt(`/creator-profile/${ID}`);
    await expectLoading();
    server.answer({ kind: 'refused', status: 404, error: 'No such creator', fields: {} });
    expect(await screen.findByRole('heading', { name: 'Page Not Found?' })).toBeVisible();
    expect(screen.getByText(/the creator you were looking for wasn't found/)).toBeVisible();
  });
});

describe('a creator the device holds', () => {
  it('shows at once, never the loading state, never asking the server', async () => {
    const server = deviceWithSlowServer();
    const creator = loadSampleData(NOW).creators[0];
    let sawLoading = false;
    const observer = new MutationObserver(() => {
      sawLoading ||= document.body.textContent?.includes('Loading the creator') ?? false;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderAt(`/creator-profile/${creator?.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(`^${creator?.name}`) }),
    ).toBeVisible();
    observer.disconnect();
    expect(sawLoading).toBe(false);
    expect(server.asked).toEqual([]);
  });
});
