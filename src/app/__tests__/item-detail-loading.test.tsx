// A deep link to an item the device does not hold (docs/product.md "Item detail"): the page's
// frame and its loading state at once, then the server's answer: the item, not found, or not
// saved on this device (offline). An item the device holds shows at once, with no loading state.
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ItemPageAsk } from '@/data/contract/item-page';
import { makeItem, NOW } from '@/data/__tests__/fixtures';
import { Component, loader } from '@/app/routes/item-detail';
import type { Change } from '@shared/protocol';

const ID = 100_007;
const record: Change = {
  seq: 40,
  topic: 'item',
  key: String(ID),
  data: { ...makeItem({ id: ID, title: 'Far Away Moon' }), favourites: 3 },
};

type Answer = Awaited<ReturnType<ItemPageAsk>>;

/** The last server's answer: given in the end, so no ask stays open into the next test. */
let answerLast: (value: Answer) => void = () => {};

afterEach(() => {
  answerLast({ kind: 'offline' });
  cleanup();
  setDataAccessForTests(null);
});

/** A device whose server answers when the test says; the ids asked, in order. */
function deviceWithSlowServer() {
  globalThis.indexedDB = new IDBFactory();
  const asked: number[] = [];
  let answer: (value: Answer) => void = () => {};
  const answered = new Promise<Answer>((resolve) => (answer = resolve));
  answerLast = answer;
  setDataAccessForTests(
    createDeviceDataAccess({
      sample: loadSampleData(NOW),
      now: () => NOW,
      itemPage: (id) => {
        asked.push(id);
        return answered;
      },
    }),
  );
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
        children: [{ path: '/item-detail/:id', loader, Component }],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const loading = () => screen.queryByText('Loading the item…');

/** The loading state, inside the layout, while the server has not answered. */
async function expectLoading() {
  const region = await screen.findByRole('region', { name: 'Loading the item…' });
  expect(region).toHaveAttribute('aria-busy', 'true');
  const status = within(region).getByRole('status');
  expect(status).toHaveTextContent('Loading the item…');
  expect(status).toBeVisible();
  expect(screen.getByRole('banner')).toHaveTextContent('Artmint');
  expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
}

describe('a deep link to an item the device does not hold', () => {
  it('shows the layout and the loading state, then the item once the server answers', async () => {
    const server = deviceWithSlowServer();
    renderAt(`/item-detail/${ID}`);
    await expectLoading();
    server.answer({ kind: 'ok', records: [record] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Far Away Moon' })).toBeVisible();
    expect(loading()).toBeNull();
    expect(server.asked).toEqual([ID]);
  });

  it('asks the server once when the screen is read again while it answers', async () => {
    const server = deviceWithSlowServer();
    const router = renderAt(`/item-detail/${ID}`);
    await expectLoading();
    await router.revalidate();
    await expectLoading();
    server.answer({ kind: 'ok', records: [record] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Far Away Moon' })).toBeVisible();
    expect(server.asked).toEqual([ID]);
  });

  it('shows the loading state, not the item before, when the app goes to it from another', async () => {
    const server = deviceWithSlowServer();
    const router = renderAt('/item-detail/1');
    const title = loadSampleData(NOW).items[0]?.title ?? '';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    await router.navigate(`/item-detail/${ID}`);
    await expectLoading();
    server.answer({ kind: 'ok', records: [record] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Far Away Moon' })).toBeVisible();
  });

  it('shows the loading state, then not found when the server has no such item', async () => {
    const server = deviceWithSlowServer();
    renderAt(`/item-detail/${ID}`);
    await expectLoading();
    server.answer({ kind: 'ok', records: [] });
    expect(await screen.findByRole('heading', { name: 'Page Not Found?' })).toBeVisible();
    expect(screen.getByText(/the item you were looking for wasn't found/)).toBeVisible();
    expect(loading()).toBeNull();
  });

  it('shows the loading state, then "Not Saved on This Device" when the device is offline', async () => {
    const server = deviceWithSlowServer();
    renderAt(`/item-detail/${ID}`);
    await expectLoading();
    server.answer({ kind: 'offline' });
    expect(await screen.findByRole('heading', { name: 'Not Saved on This Device' })).toBeVisible();
    expect(loading()).toBeNull();
  });
});

describe('an item the device holds', () => {
  it('shows at once, never the loading state, never asking the server', async () => {
    const server = deviceWithSlowServer();
    const title = loadSampleData(NOW).items[0]?.title ?? '';
    // Every state the page passes through, as the collector would see it.
    let sawLoading = false;
    const observer = new MutationObserver(() => {
      sawLoading ||= document.body.textContent?.includes('Loading the item') ?? false;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderAt('/item-detail/1');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    observer.disconnect();
    expect(sawLoading).toBe(false);
    expect(server.asked).toEqual([]);
  });
});
