import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DIST_DIR } from './support/dist';
import { test, expect } from './support/fixtures';
import { waitForPageLoaded } from './support/page-loaded';
import { registeredRoutes } from './support/routes';
import { startStaticServer, type StaticServer } from './support/static-server';
import {
  brokenImages,
  stopServiceWorkers,
  waitForServiceWorker,
  watchErrors,
} from './support/service-worker';

// After the first visit and the service worker's install, with
// the network truly gone (the server that served the app is stopped, so the page and the
// service worker alike get "connection refused"), every route opens in a fresh page from a
// deep link with the service worker started cold: its heading, every image, no console error.
// And a damaged offline copy never blanks the app.

const DIST = DIST_DIR;
const UNKNOWN_URL = { path: '/no/such/page/while-offline', heading: /Page Not Found\?/ };

/** The first visit: loads the app and waits until the service worker precached everything. */
async function installApp(browser: Browser, server: StaticServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.close();
  return context;
}

/** Stops the server and proves nothing answers any more: not Node, the page, nor the worker. */
async function cutTheNetwork(context: BrowserContext, server: StaticServer): Promise<void> {
  await server.close();
  await expect(fetch(server.origin), 'Node reaches the server').rejects.toThrow();
  const page = await context.newPage();
  await page.goto('/');
  const probe = await page.evaluate(async () => {
    const outcome = async (work: () => Promise<unknown>) =>
      work().then(
        () => 'reached',
        () => 'failed',
      );
    const registration = await navigator.serviceWorker.ready;
    return {
      // A file that is not in the precache: the service worker passes it to the network.
      page: await outcome(() => fetch(`/not-precached-${Date.now()}.txt`, { cache: 'no-store' })),
      // The worker's own network: the browser fetches sw.js for an update check.
      worker: await outcome(() => registration.update()),
    };
  });
  expect(probe, 'the page and the service worker are cut off').toEqual({
    page: 'failed',
    worker: 'failed',
  });
  await page.close();
}

/** Opens `path` in a new page with the service worker stopped first (a cold start). */
async function openCold(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await stopServiceWorkers(page);
  await page.goto(path);
  return page;
}

test.describe('offline after the first visit', () => {
  let server: StaticServer;
  let context: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    server = await startStaticServer(DIST);
    context = await installApp(browser, server);
    await cutTheNetwork(context, server);
  });

  test.afterAll(async () => {
    await context.close();
  });

  for (const route of [...registeredRoutes, UNKNOWN_URL]) {
    test(`${route.path} opens offline from a deep link with its heading and every image`, async () => {
      const errors = watchErrors(context);
      try {
        const page = await openCold(context, route.path);
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
        await waitForPageLoaded(page);
        expect(await brokenImages(page), 'images that did not load').toEqual([]);
        expect(errors.messages, 'console errors').toEqual([]);
        await page.close();
      } finally {
        errors.stop();
      }
    });
  }

  // Every item, creator and blog id of the sample data (12 each, docs/product.md "Fixed values"),
  // each as a deep link in a fresh page with the service worker started cold; those the routes
  // above open already (/item-detail/1, /blog-detail/3, ...) are not opened twice.
  const SAMPLE_IDS = Array.from({ length: 12 }, (_, index) => index + 1);
  const routePaths = new Set(registeredRoutes.map((route) => route.path));
  for (const kind of [
    { path: '/item-detail/', missing: /Page Not Found\?/ },
    { path: '/creator-profile/', missing: /Page Not Found\?/ },
    { path: '/blog-detail/', missing: /Page Not Found\?/ },
  ]) {
    test(`${kind.path}1 .. 12 all open offline with their content and every image`, async () => {
      test.setTimeout(180_000);
      const errors = watchErrors(context);
      try {
        for (const id of SAMPLE_IDS) {
          if (routePaths.has(`${kind.path}${id}`)) continue;
          const page = await openCold(context, `${kind.path}${id}`);
          const heading = page.getByRole('heading', { level: 1 });
          await expect(heading, `${kind.path}${id}`).toBeVisible();
          await expect(heading, `${kind.path}${id}`).not.toHaveText(kind.missing);
          await waitForPageLoaded(page);
          expect(await brokenImages(page), `images that did not load on ${kind.path}${id}`).toEqual(
            [],
          );
          await page.close();
        }
        expect(errors.messages, 'console errors').toEqual([]);
      } finally {
        errors.stop();
      }
    });
  }

  test('real files are answered from the offline copy, never with the app page', async () => {
    const page = await context.newPage();
    const manifest = await page.goto('/manifest.webmanifest');
    expect(manifest?.headers()['content-type']).toContain('manifest+json');
    expect(JSON.parse((await manifest?.text()) ?? '{}')).toMatchObject({ name: 'Artmint' });
    const icon = await page.goto('/icons/icon-192.png');
    expect(icon?.headers()['content-type']).toBe('image/png');
    // A file-like query value does not make a page a file.
    await page.goto('/no/such/page?q=cover.jpg');
    await expect(page.getByRole('heading', { level: 1, name: /Page Not Found\?/ })).toBeVisible();
    // A file that does not exist is a network error offline, not the app shell.
    await expect(page.goto('/images/generated/no-such-file.svg')).rejects.toThrow(/ERR_/);
    await page.close();
  });

  test('says "You are offline" while the browser has no network, and "Back online" after', async () => {
    const page = await openCold(context, '/terms');
    await expect(page.getByRole('heading', { level: 1, name: /Terms of use/ })).toBeVisible();
    const status = page.getByRole('status', { name: 'App status' });
    await expect(status).not.toContainText('You are offline');
    await context.setOffline(true);
    try {
      await expect(status).toContainText('You are offline.');
    } finally {
      await context.setOffline(false);
    }
    await expect(status).not.toContainText('You are offline');
    await expect(page.getByText('Back online')).toBeVisible();
    await page.close();
  });
});

test.describe('a damaged offline copy', () => {
  let server: StaticServer;
  let context: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    server = await startStaticServer(DIST);
    context = await installApp(browser, server);
  });

  test.afterAll(async () => {
    await context.close();
    await server.close();
  });

  /** Changes the precached copy of the file matching `pattern`: deletes it or stores `body`. */
  async function damage(pattern: RegExp, body: string | null): Promise<string> {
    const page = await context.newPage();
    await page.goto('/');
    const url = await page.evaluate(
      async ({ source, flags, replacement }) => {
        const match = new RegExp(source, flags);
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (!match.test(new URL(request.url).pathname)) continue;
            if (replacement === null) await cache.delete(request);
            else {
              const headers = { 'Content-Type': 'text/javascript' };
              await cache.put(request, new Response(replacement, { headers }));
            }
            return request.url;
          }
        }
        return null;
      },
      { source: pattern.source, flags: pattern.flags, replacement: body },
    );
    // And the browser's HTTP cache, which would otherwise still hold the file.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
    expect(url, `a precached file matching ${pattern}`).not.toBeNull();
    return url ?? '';
  }

  test('online, a missing entry is fetched from the network', async () => {
    await damage(/^\/assets\/terms-[\w-]+\.js$/, null);
    const errors = watchErrors(context);
    try {
      const page = await openCold(context, '/terms');
      await expect(page.getByRole('heading', { level: 1, name: /Terms of use/ })).toBeVisible();
      expect(errors.messages).toEqual([]);
      await page.close();
    } finally {
      errors.stop();
    }
  });

  test('offline, a missing or garbage screen module shows an error screen in the app, never a blank page', async () => {
    await damage(/^\/assets\/privacy-[\w-]+\.js$/, null);
    await damage(/^\/assets\/maintenance-[\w-]+\.js$/, '<!doctype html><p>not a script');
    await server.close();

    for (const path of ['/privacy', '/maintenance']) {
      const page = await openCold(context, path);
      // The route error screen, inside the app's own header and footer, with a way on.
      await expect(
        page.getByRole('heading', { level: 1, name: 'Something went wrong' }),
      ).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
      await page.close();
    }
    // The rest of the offline copy still works.
    const page = await openCold(context, '/comingsoon');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.close();
  });
});
