import type { BrowserContext, Page } from '@playwright/test';
import { openApp, signUpAndIn } from './support/accounts';
import { test, expect } from './support/fixtures';
import { engineOnline, freePort, highestBid, placeBid, syncStatus } from './support/market';
import { TestServer } from './support/restartable-server';
import { waitForServiceWorker } from './support/service-worker';

// docs/product.md "Online": "pushes whenever it can (... Background Sync where the browser has it ...)", in
// Chromium against the real server: a collector's changes made while the server is down are
// pushed by the service worker's sync event with every page of the app closed, each once, and
// the app opened afterwards shows them synced from what the service worker recorded on the
// device. "Down" is the server stopped (nothing answers the page, the engine or the worker).

/** The sync tag the app registers (src/data/sync/background-sync.ts). */
const TAG = 'artmint-push';

/** While the server is down these are expected: requests refused (the engine, the live stream
 * cut mid-chunk, the browser's own update check of sw.js); nothing else is. */
const NETWORK_DOWN =
  /ERR_CONNECTION_REFUSED|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_RESET|Failed to update a ServiceWorker/;

/** The Background Sync tags registered with the page's service worker. */
function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const { sync } = registration as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return sync.getTags();
  });
}

/** Fires the app's sync event in its service worker, as the browser does when it is back
 * online (DevTools' ServiceWorker.dispatchSyncEvent), from a page of another origin. */
async function fireSyncEvent(context: BrowserContext, origin: string): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  try {
    const scopes = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (!r.isDeleted) scopes.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => scopes.has(`${origin}/`), 'the app has a service worker').toBe(true);
    const registrationId = scopes.get(`${origin}/`) ?? '';
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId,
      tag: TAG,
      lastChance: false,
    });
  } finally {
    await cdp.detach();
  }
}

test.describe('Background Sync', () => {
  // Two server restarts and a service worker install take a while on a loaded machine.
  test.describe.configure({ timeout: 240_000 });
  let server: TestServer;
  let context: BrowserContext;
  const errors: string[] = [];

  test.beforeEach(async ({ browser }) => {
    server = new TestServer(await freePort());
    await server.start();
    context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
    context.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    context.on('weberror', (error) => errors.push(`pageerror ${error.error().message}`));
  });

  test.afterEach(async () => {
    await context?.close();
    await server?.dispose();
    expect(
      errors.filter((text) => !NETWORK_DOWN.test(text)),
      'console or page errors',
    ).toEqual([]);
  });

  test('changes made with the server down go from the service worker, every page closed, once each', async ({
    browser,
  }) => {
    const page = await context.newPage();
    // The page's clock runs as usual; below it is moved on past the engine's retry backoff.
    await page.clock.install();
    const account = await signUpAndIn(page, { name: 'Sam Okafor', origin: server.origin });
    await openApp(page, '/item-detail/4');
    await waitForServiceWorker(page);
    await engineOnline(page);
    await expect(highestBid(page)).toHaveText(/ETH$/);
    expect(await syncTags(page), 'all synced: no Background Sync').toEqual([]);

    // The server goes; the engine's next cycle fails with nothing waiting: still none.
    await server.stop();
    let failedPulls = 0;
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/changes')) failedPulls += 1;
    });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => failedPulls, 'the pull fails').toBeGreaterThan(0);
    // The engine tries again after its backoff (seconds), and only once the failed cycle is
    // over, its ask for a Background Sync included: the page's clock moves on until that next
    // try's pull has failed too.
    const failedFirst = failedPulls;
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1000);
          return failedPulls;
        },
        { message: 'the engine tries again' },
      )
      .toBeGreaterThan(failedFirst);
    expect(await syncTags(page), 'nothing waits: no Background Sync').toEqual([]);

    // A bid, a favourite and a follow, with the server down.
    await placeBid(page, '4.2');
    const favourite = page.getByRole('button', { name: /^Favourite / }).first();
    const favouriteLabel = (await favourite.getAttribute('aria-label')) ?? '';
    await favourite.click();
    await expect(page.getByRole('button', { name: favouriteLabel })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await openApp(page, '/creator-profile/3');
    await page.getByRole('button', { name: 'Follow me' }).click();
    await expect(page.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(syncStatus(page)).toHaveAccessibleName('3 changes waiting to sync');
    await expect
      .poll(() => syncTags(page), { message: 'changes wait: a Background Sync is registered' })
      .toEqual([TAG]);

    // Every page of the app closes; the server comes back; the browser fires the sync event.
    await page.close();
    expect(context.pages()).toEqual([]);
    await server.start();
    await fireSyncEvent(context, server.origin);
    expect(
      context.pages().map((p) => p.url()),
      'no page of the app was open',
    ).toEqual(['about:blank']);

    // The server has each write once (seen through another browser's session).
    const observer = await browser.newContext({ baseURL: server.origin });
    try {
      const login = await observer.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { origin: server.origin },
      });
      expect(login.ok(), `login: ${await login.text()}`).toBe(true);
      await expect
        .poll(async () => (await server.me(observer.request)).follows, { timeout: 30_000 })
        .toEqual([3]);
      const mine = await server.me(observer.request);
      expect(mine.bids.map((b) => [b.itemId, b.priceEth])).toEqual([[4, '4.2']]);
      expect(mine.favourites).toHaveLength(1);
      const log = await server.changes(observer.request);
      const bidId = mine.bids[0]?.id ?? '';
      expect(log.filter((c) => c.topic === 'activity' && c.key.includes(bidId))).toHaveLength(1);
    } finally {
      await observer.close();
    }

    // The app opened again, with the server down so that it cannot push anything itself: what
    // the service worker recorded on the device shows every change synced.
    await server.stop();
    const again = await context.newPage();
    await openApp(again, '/');
    await expect(syncStatus(again)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    await syncStatus(again).click();
    const changes = again.getByRole('dialog', { name: 'Sync' }).getByRole('listitem');
    await expect(changes).toHaveCount(3);
    for (const change of await changes.all()) await expect(change).toContainText('Synced');
  });
});
