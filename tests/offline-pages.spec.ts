import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Response } from '@playwright/test';
import { startServer, type StartedServer } from '../scripts/start-server.mjs';
import { test, expect } from './support/fixtures';
import { freePort } from './support/market';
import { waitForPageLoaded } from './support/page-loaded';
import { freshDataDir, SERVER_ENV, SERVER_START_TIMEOUT_MS } from './support/spec-server';
import { stopServiceWorkers, waitForServiceWorker, watchErrors } from './support/service-worker';

// What the installed app answers a navigation with, once the Artmint server is stopped: the app
// shell from the precache, a few KB with no screen in it, which the app renders from the
// device's own files. Never another page's copy (the prerendered pages serve a first visit).

/** The app shell is the built template with an empty root: anything larger holds a screen. */
const SHELL_LIMIT_BYTES = 10 * 1024;

/** What the service worker answered: its status, the copy's path (if any) and its size. */
async function answered(response: Response | null) {
  expect(response, 'a response').not.toBeNull();
  const html = (await response?.text()) ?? '';
  return {
    status: response?.status(),
    fromServiceWorker: response?.fromServiceWorker(),
    copyOf: /<div data-prerender="([^"]*)">/.exec(html)?.[1] ?? null,
    bytes: Buffer.byteLength(html),
    html,
  };
}

test.describe('deep links after install, with the server stopped', () => {
  let server: StartedServer;
  let dataDir: string;
  let context: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);
    dataDir = mkdtempSync(join(tmpdir(), 'artmint-offline-pages-'));
    freshDataDir(dataDir);
    server = await startServer({
      port: await freePort(),
      dataDir,
      env: SERVER_ENV,
      timeoutMs: SERVER_START_TIMEOUT_MS,
    });
    // The first visit installs the service worker, which precaches the build.
    context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
    const first = await context.newPage();
    await first.goto('/');
    await waitForServiceWorker(first);
    await first.close();
    await server.stop();
    await expect(fetch(`${server.origin}/api/health`), 'the server is down').rejects.toThrow();
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens `path` in a fresh page, the service worker started cold. */
  async function openCold(path: string): Promise<{ page: Page; response: Response | null }> {
    const page = await context.newPage();
    await stopServiceWorkers(page);
    const response = await page.goto(path);
    return { page, response };
  }

  for (const { path, heading, why } of [
    { path: '/terms', heading: /Terms of use/, why: 'a page prerendered for a first visit' },
    { path: '/item-detail/3', heading: /\w/, why: 'a sample item, prerendered too' },
    { path: '/item-detail/99', heading: /Page Not Found\?/, why: 'an unknown id' },
    { path: '/terms?from=footer', heading: /Terms of use/, why: 'a query string' },
    { path: '/index-two', heading: /Discover, collect and sell/, why: 'another home layout' },
  ]) {
    test(`${path} (${why}) opens from the app shell, which the app renders`, async () => {
      const errors = watchErrors(context);
      try {
        const { page, response } = await openCold(path);
        const html = await answered(response);
        expect(html).toMatchObject({ status: 200, fromServiceWorker: true, copyOf: null });
        expect(html.html).toContain('<div id="root"></div>');
        expect(html.bytes).toBeLessThan(SHELL_LIMIT_BYTES);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitForPageLoaded(page);
        expect(errors.messages, 'console errors').toEqual([]);
        await page.close();
      } finally {
        errors.stop();
      }
    });
  }
});
