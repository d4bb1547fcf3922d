import type { APIRequestContext, Browser } from '@playwright/test';
import { openApp, signUpAndIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { goOffline } from './support/service-worker';
import { engineOnline, freePort, highestBid, placeBid, syncStatus } from './support/market';
import { TestServer } from './support/restartable-server';

// A device offline while the marketplace moves on and the server compacts its change log past
// the device's cursor (docs/sync.md "Compaction"): back online, it pushes its waiting changes,
// each exactly once, is told to start over, starts from the snapshot, and shows the server's
// truth. The server keeps only 5 entries whole and compacts every half second, so the horizon
// passes the device within a few bids.

async function newCollector(browser: Browser, server: TestServer, name: string) {
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  await signUpAndIn(page, { name, origin: server.origin });
  return { context, page, request: context.request };
}

/** A bid on item `itemId` through the API, as a device pushes one; it must be applied. */
async function bidThroughApi(request: APIRequestContext, origin: string, priceEth: string) {
  const response = await request.post(`${origin}/api/push`, {
    headers: { origin },
    data: {
      mutations: [
        {
          id: crypto.randomUUID(),
          v: 1,
          at: new Date().toISOString(),
          kind: 'bid',
          args: { itemId: 2, priceEth, quantity: 1 },
        },
      ],
    },
  });
  const body = (await response.json()) as { results: { status: string }[] };
  expect(body.results[0]?.status, JSON.stringify(body)).toBe('applied');
}

test.describe('a device behind the compacted log', () => {
  test.describe.configure({ timeout: 150_000 });
  let server: TestServer;

  test.beforeEach(async () => {
    server = new TestServer(await freePort(), { LOG_KEEP: '5', COMPACT_EVERY_MS: '500' });
    await server.start();
  });

  test.afterEach(async () => {
    await server?.dispose();
  });

  test('comes back with 3 waiting changes, starts from the snapshot, pushes each once', async ({
    browser,
  }) => {
    const a = await newCollector(browser, server, 'Ada');
    const b = await newCollector(browser, server, 'Bo');
    await openApp(a.page, '/item-detail/7');
    await engineOnline(a.page);
    const snapshotAsked: string[] = [];
    a.page.on('request', (request) => {
      if (request.url().includes('/api/snapshot')) snapshotAsked.push(request.url());
    });
    const before = (await (
      await a.request.get(`${server.origin}/api/snapshot?page=activity`)
    ).json()) as {
      cursor: number;
    };

    // Offline: two bids and a favourite wait on the device.
    await goOffline(a.context, a.page);
    await placeBid(a.page, '4.2');
    await placeBid(a.page, '4.3');
    const favourite = a.page.getByRole('button', { name: /^Favourite / }).first();
    await favourite.scrollIntoViewIfNeeded();
    const favouriteName = (await favourite.getAttribute('aria-label')) ?? '';
    await favourite.click();
    await expect(a.page.getByRole('button', { name: favouriteName })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(syncStatus(a.page)).toHaveAccessibleName('3 changes waiting to sync');

    // Meanwhile B bids 30 times on another auction, and the server compacts past A's cursor.
    for (let i = 0; i < 30; i += 1) {
      await bidThroughApi(b.request, server.origin, (4 + i / 10).toFixed(1));
    }
    await expect
      .poll(
        async () =>
          (
            (await (
              await b.request.get(`${server.origin}/api/changes?since=${before.cursor}`)
            ).json()) as {
              reset?: boolean;
            }
          ).reset,
        { timeout: 20_000, message: 'the server compacted past the device' },
      )
      .toBe(true);

    await a.context.setOffline(false);
    await expect(syncStatus(a.page)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    expect(snapshotAsked.length, 'the device started from the snapshot').toBeGreaterThan(0);
    const mine = (await (await a.request.get(`${server.origin}/api/me`)).json()) as {
      bids: { itemId: number; priceEth: string }[];
      favourites: number[];
    };
    expect(
      mine.bids
        .filter((bid) => bid.itemId === 7)
        .map((bid) => bid.priceEth)
        .sort(),
    ).toEqual(['4.2', '4.3']);
    expect(mine.favourites).toHaveLength(1);
    await expect(highestBid(a.page)).toHaveText('4.3 ETH');
    await expect(a.page.getByRole('button', { name: favouriteName })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The server's truth about what happened while it was away: B's highest bid on item 2.
    await openApp(a.page, '/item-detail/2');
    await expect(highestBid(a.page)).toHaveText('6.9 ETH');
    await a.context.close();
    await b.context.close();
  });

  test("a fresh device shows an auction's highest bid from the snapshot, not the history", async ({
    browser,
  }) => {
    const b = await newCollector(browser, server, 'Bo');
    for (let i = 0; i < 12; i += 1) {
      await bidThroughApi(b.request, server.origin, (5 + i / 10).toFixed(1));
    }
    const context = await browser.newContext({ baseURL: server.origin });
    const page = await context.newPage();
    const pulledFrom: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/changes' || url.pathname === '/api/snapshot') {
        pulledFrom.push(`${url.pathname}?${url.searchParams.toString()}`);
      }
    });
    await openApp(page, '/item-detail/2');
    await expect(highestBid(page)).toHaveText('6.1 ETH');
    // The item's own page came first; the log is followed from the snapshot's cursor, never 0.
    await expect.poll(() => pulledFrom[0]).toBe('/api/snapshot?page=focus%3Aitem%3A2');
    await expect.poll(() => pulledFrom.some((url) => url.startsWith('/api/changes'))).toBe(true);
    expect(pulledFrom).not.toContain('/api/changes?since=0&limit=1000');
    await context.close();
    await b.context.close();
  });
});
