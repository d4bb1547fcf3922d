import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { signUpAndIn, openApp } from './support/accounts';
import { test, expect } from './support/fixtures';
import { engineOnline, freePort, highestBid, placeBid, syncStatus } from './support/market';
import { TestServer, type Me } from './support/restartable-server';

// Two collectors' writes reach each other through the real
// server, offline included. Each test starts its own server (server/main.ts over the build) on a
// free port and a data folder of its own; collectors A and B are two browser contexts, each
// signed up through the API (the session cookie the sync engine's requests then carry).
// A first start creates and seeds the database (half a minute on a busy 2-core machine), so each
// test starts on a copy of the run's seeded template, as every spec file's server does.
// "Offline" is the server stopped (nothing answers the page or the engine), or one context cut
// off with setOffline while the other stays online.

interface Collector {
  name: string;
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
  /** Console errors and page errors seen in this collector's pages. */
  errors: string[];
}

/** While the server is down, failed requests are expected (the live event stream, cut when
 * the server stops, ends mid-chunk; a request the stopping server had taken but not answered
 * gets an empty response); nothing else is. */
const NETWORK_DOWN =
  /ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_EMPTY_RESPONSE/;

async function newCollector(browser: Browser, server: TestServer, name: string) {
  const context = await browser.newContext({ baseURL: server.origin });
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${name}: ${message.text()}`);
  });
  context.on('weberror', (error) => errors.push(`${name}: pageerror ${error.error().message}`));
  const page = await context.newPage();
  // Signed in in the app too, as a collector is: the device writes under this account, and the
  // engine pushes only the signed-in account's changes (one device, several accounts).
  await signUpAndIn(page, { name, origin: server.origin });
  return { name, context, page, request: context.request, errors } satisfies Collector;
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => !document.querySelector('[data-prerender]'));
}

function me(collector: Collector, server: TestServer): Promise<Me> {
  return server.me(collector.request);
}

function changes(request: APIRequestContext, server: TestServer) {
  return server.changes(request);
}

function bidsOn(mine: Me, itemId: number): string[] {
  return mine.bids.filter((b) => b.itemId === itemId).map((b) => b.priceEth);
}

test.describe('sync between two collectors, against the real server', () => {
  // Server starts and restarts take seconds each on a loaded machine.
  test.describe.configure({ timeout: 150_000 });
  let server: TestServer;
  let a: Collector;
  let b: Collector;

  test.beforeEach(async ({ browser }) => {
    server = new TestServer(await freePort());
    await server.start();
    a = await newCollector(browser, server, 'Ada');
    b = await newCollector(browser, server, 'Bo');
  });

  test.afterEach(async () => {
    await a?.context.close();
    await b?.context.close();
    await server?.dispose();
    const unexpected = [...(a?.errors ?? []), ...(b?.errors ?? [])].filter(
      (text) => !NETWORK_DOWN.test(text),
    );
    expect(unexpected, 'console errors or page errors').toEqual([]);
  });

  test('A bids on a live auction; B sees the new highest bid', async () => {
    await Promise.all([openApp(a.page, '/item-detail/2'), openApp(b.page, '/item-detail/2')]);
    await expect(highestBid(b.page)).toHaveText('3.55 ETH');
    await engineOnline(a.page);

    await placeBid(a.page, '4.1');
    await expect(highestBid(a.page)).toHaveText('4.1 ETH');
    await expect.poll(async () => bidsOn(await me(a, server), 2)).toEqual(['4.1']);
    await expect(syncStatus(a.page)).toHaveAccessibleName('All changes synced');

    // B's engine pulls when B comes back to the tab, and on a reload.
    await reload(b.page);
    await expect(highestBid(b.page)).toHaveText('4.1 ETH');
    await expect(b.page.getByRole('button', { name: 'Bid Now' }), 'B may outbid A').toBeEnabled();
  });

  test('B follows a creator; the follower count both see rises by one', async () => {
    await Promise.all([
      openApp(a.page, '/creator-profile/3'),
      openApp(b.page, '/creator-profile/3'),
    ]);
    const count = (page: Page) => page.getByText(/^\d[\d,]* followers?$/).first();
    const before = Number((await count(a.page).innerText()).replace(/\D/g, ''));
    const after = `${(before + 1).toLocaleString('en-US')} followers`;
    await engineOnline(b.page);

    await b.page.getByRole('button', { name: 'Follow me' }).click();
    await expect(b.page.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(count(b.page)).toHaveText(after);
    await expect.poll(async () => (await me(b, server)).follows).toEqual([3]);
    await expect(syncStatus(b.page)).toHaveAccessibleName('All changes synced');

    await reload(a.page);
    await expect(count(a.page)).toHaveText(after);
    await reload(b.page);
    await expect(count(b.page)).toHaveText(after);
    await expect(b.page.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('offline: A bids and favourites with the server stopped; each write arrives once', async () => {
    await openApp(a.page, '/item-detail/4');
    await engineOnline(a.page);
    const card = a.page.getByRole('button', { name: /^Favourite / }).first();
    await card.scrollIntoViewIfNeeded();
    const favouriteLabel = (await card.getAttribute('aria-label')) ?? '';

    await server.stop();
    await a.context.setOffline(true);
    await placeBid(a.page, '4.2');
    await a.page.getByRole('button', { name: favouriteLabel }).click();
    await expect(a.page.getByRole('button', { name: favouriteLabel })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(syncStatus(a.page)).toHaveAccessibleName('2 changes waiting to sync');
    await expect(highestBid(a.page)).toHaveText('4.2 ETH');

    await server.start();
    await a.context.setOffline(false);
    await expect(syncStatus(a.page)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    const mine = await me(a, server);
    expect(bidsOn(mine, 4), 'the bid reached the server once').toEqual(['4.2']);
    expect(mine.favourites, 'the favourite reached the server once').toHaveLength(1);
    const log = await changes(a.request, server);
    const bidId = mine.bids[0]?.id ?? '';
    expect(log.filter((c) => c.topic === 'activity' && c.key.includes(bidId))).toHaveLength(1);

    await openApp(b.page, '/item-detail/4');
    await expect(highestBid(b.page)).toHaveText('4.2 ETH');
  });

  test('a bid made offline that B outbid comes back refused, with the reason', async () => {
    await Promise.all([openApp(a.page, '/item-detail/7'), openApp(b.page, '/item-detail/7')]);
    await engineOnline(a.page);
    await engineOnline(b.page);

    await a.context.setOffline(true);
    await placeBid(a.page, '4');
    await expect(syncStatus(a.page)).toHaveAccessibleName('1 change waiting to sync');

    await placeBid(b.page, '5');
    await expect.poll(async () => bidsOn(await me(b, server), 7)).toEqual(['5']);

    await a.context.setOffline(false);
    await expect(syncStatus(a.page)).toHaveAccessibleName('1 change refused', { timeout: 30_000 });
    // The device rolled back to the server's truth: B's bid is the highest.
    await expect(highestBid(a.page)).toHaveText('5 ETH');
    expect(bidsOn(await me(a, server), 7), 'the refused bid is not on the server').toEqual([]);

    await syncStatus(a.page).click();
    const panel = a.page.getByRole('dialog', { name: 'Sync' });
    const change = panel.getByRole('listitem').filter({ hasText: 'Bid 4 ETH on' });
    await expect(change).toContainText('Refused');
    await expect(change).toContainText(/outbid/i);
    await expect(change).toContainText(/highest bid is now 5(\.0+)? ETH/);
  });

  test('the server restarted between writes: nothing lost, nothing doubled', async () => {
    await openApp(a.page, '/item-detail/8');
    await engineOnline(a.page);
    await placeBid(a.page, '4.3');
    await expect.poll(async () => bidsOn(await me(a, server), 8)).toEqual(['4.3']);

    // Down, with the browser still "online": the engine's push fails and backs off.
    await server.stop();
    await placeBid(a.page, '4.5');
    await expect(syncStatus(a.page)).toHaveAccessibleName('1 change waiting to sync');
    await server.start();
    await expect(syncStatus(a.page)).toHaveAccessibleName('All changes synced', {
      timeout: 45_000,
    });
    expect(bidsOn(await me(a, server), 8).sort()).toEqual(['4.3', '4.5']);

    // Another restart, then B's write: every earlier write is still there, once.
    await server.stop();
    await server.start();
    await openApp(b.page, '/item-detail/8');
    await expect(highestBid(b.page)).toHaveText('4.5 ETH');
    await engineOnline(b.page);
    await placeBid(b.page, '4.6');
    await expect.poll(async () => bidsOn(await me(b, server), 8)).toEqual(['4.6']);
    expect(bidsOn(await me(a, server), 8).sort()).toEqual(['4.3', '4.5']);
    const log = await changes(b.request, server);
    const bidActivity = log.filter((c) => c.topic === 'activity' && c.key.startsWith('bid-'));
    expect(bidActivity.map((c) => c.key).length, 'one activity entry per bid').toBe(3);
    expect(new Set(bidActivity.map((c) => c.key)).size).toBe(3);

    await reload(a.page);
    await expect(highestBid(a.page)).toHaveText('4.6 ETH');
  });
});

test.describe('the sync engine on a shaky first visit', () => {
  // No service worker, so the engine's code can come from the network only.
  test.use({ serviceWorkers: 'block' });

  test('starts once the browser is back online when its code did not load at first', async ({
    context,
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED/);
    const engineCode = /\/assets\/client-[\w-]+\.js$/;
    let refused = 0;
    await context.route(engineCode, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: /Terms of use/ })).toBeVisible();
    // The status came (it asks for the engine); the engine's code did not, so it shows nothing.
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect(syncStatus(page)).toHaveCount(0);

    await context.unroute(engineCode);
    await context.setOffline(true);
    await context.setOffline(false);
    await engineOnline(page);
  });
});
