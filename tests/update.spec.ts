import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DIST_DIR } from './support/dist';
import { test, expect } from './support/fixtures';
import { startStaticServer, type StaticServer } from './support/static-server';
import { waitForServiceWorker, watchErrors } from './support/service-worker';

// The update flow, with two real builds on one origin: version 1 is the production
// build under test (dist/), version 2 is built here (npm run build:app) from the same source
// with another VITE_BUILD_ID (so its bundles and sw.js differ). The server switches from one to
// the other like a deploy. The new version must be announced, wait for the user's Reload, never reload
// by itself, and keep what the user had typed across the Reload.

const V1_DIR = DIST_DIR;
// Outside the project, so that no linter or formatter ever walks over a second build.
const V2_DIR = join(tmpdir(), `artmint-e2e-update-v2-${process.pid}`);
const V2_BUILD = `e2e-v2-${Date.now()}`;
const HALF_TYPED = 'collector@exam';

/**
 * The entry script of a build, from its index.html: what a page running it has loaded (a
 * prerendered page holds it in the template theme-boot.js adds after the first paint).
 */
function entryScript(dir: string): string {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${dir}/index.html`);
  return src;
}

async function runningEntry(page: Page): Promise<string | null> {
  return page.locator('script[type="module"][src]').first().getAttribute('src');
}

async function runningBuild(page: Page): Promise<string | null> {
  return page.getByRole('status', { name: 'App status' }).getAttribute('data-app-build');
}

/** Marks the document; a reload (a new document) loses the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-mark', 'before'));
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.hasAttribute('data-e2e-mark'));
}

/**
 * Records, in the page's current document, each navigation it starts (the Navigation API's
 * `navigate` event, fired as a reload or any other navigation begins) and each change of the
 * service worker controlling it. The app's own controllerchange handler (workbox-window's,
 * registered at start-up) runs before this one, so by the time a change is recorded here the
 * app has reacted to it, a reload included.
 */
async function watchDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events: string[] = [];
    Object.assign(window, { __e2eEvents: events });
    const { navigation } = window as unknown as { navigation: EventTarget };
    navigation.addEventListener('navigate', (event) => {
      events.push(`navigate:${(event as Event & { navigationType: string }).navigationType}`);
    });
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      events.push('controllerchange');
    });
  });
}

async function documentEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eEvents: string[] }).__e2eEvents);
}

/** The state of the new version's worker waiting for the user's Reload, if one waits. */
async function waitingWorker(page: Page): Promise<string | null> {
  return page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
  );
}

/** The app's own "back in the foreground" update check (update-checks.ts). */
async function returnToForeground(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** The sync engine's workers this tab runs (docs/sync.md "One engine per browser"). */
const engineWorkers = (page: Page) =>
  page.workers().filter((worker) => worker.url().includes('/engine-worker')).length;

/** The engine's Web Locks of the browser, held and waited for, by name. */
const engineLocks = (page: Page) =>
  page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    const named = (locks: LockInfo[]) =>
      locks.map((lock) => lock.name ?? '').filter((name) => name.startsWith('artmint-engine'));
    return { held: named(held), pending: named(pending) };
  });

async function openV1(browser: Browser, server: StaticServer): Promise<BrowserContext> {
  server.setRoot(V1_DIR);
  const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
  return context;
}

test.describe('updating to a new version', () => {
  let server: StaticServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The same steps as the production build's (npm run build, less the assets and the type
    // check), so version 2 is prerendered and its service worker made the same way.
    const build = spawnSync('npm', ['run', '--silent', 'build:app'], {
      env: { ...process.env, ARTMINT_DIST: V2_DIR, VITE_BUILD_ID: V2_BUILD },
      encoding: 'utf8',
    });
    expect(build.status, `building version 2 failed:\n${build.stderr}`).toBe(0);
    expect(entryScript(V2_DIR), 'version 2 is a different build').not.toBe(entryScript(V1_DIR));
    server = await startStaticServer(V1_DIR);
  });

  test.afterAll(async () => {
    await server.close();
    rmSync(V2_DIR, { recursive: true, force: true });
  });

  test('asks before updating, reloads into the new version on Reload, and keeps a half-typed form', async ({
    browser,
  }) => {
    const context = await openV1(browser, server);
    const errors = watchErrors(context);
    const page = await context.newPage();
    // The page's clock runs as usual; below, hours of it pass at once.
    await page.clock.install();
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByText('Ready to work offline')).toBeVisible();
    const v1Build = await runningBuild(page);
    expect(await runningEntry(page)).toBe(entryScript(V1_DIR));

    // A deploy: the same origin now serves version 2.
    server.setRoot(V2_DIR);
    await markDocument(page);
    await returnToForeground(page);
    const prompt = page.getByRole('region', { name: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });

    // The user is typing; nothing reloads by itself, however long the prompt waits.
    const email = page.locator('footer input[name="email"]');
    await email.fill(HALF_TYPED);
    await watchDocument(page);
    // Two hours of the page's time pass at once (each timer due runs, the hourly update check
    // too): no navigation began, the new version still waits, version 1 still runs here.
    await page.clock.fastForward('02:00:00');
    expect(await documentEvents(page)).toEqual([]);
    expect(await waitingWorker(page)).toBe('installed');
    expect(await isSameDocument(page)).toBe(true);
    expect(await runningBuild(page)).toBe(v1Build);
    await expect(prompt).toBeVisible();

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);

    // Version 2 runs, from its own service worker, and the half-typed value is back.
    expect(await isSameDocument(page)).toBe(false);
    await expect(page.getByRole('status', { name: 'App status' })).toHaveAttribute(
      'data-app-build',
      V2_BUILD,
    );
    expect(await runningEntry(page)).toBe(entryScript(V2_DIR));
    await expect(page.locator('footer input[name="email"]')).toHaveValue(HALF_TYPED);
    await expect(page.getByText('What you had typed is still here.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'A new version is available' })).toHaveCount(0);
    expect(errors.messages).toEqual([]);
    errors.stop();
    await context.close();
  });

  test('a tab that did not choose Reload keeps its page and its form, and keeps asking', async ({
    browser,
  }) => {
    const context = await openV1(browser, server);
    const first = await context.newPage();
    await first.goto('/');
    await waitForServiceWorker(first);
    const second = await context.newPage();
    await second.goto('/terms');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    // The first tab runs the browser's one engine, in its worker.
    await expect.poll(() => [engineWorkers(first), engineWorkers(second)]).toEqual([1, 0]);

    server.setRoot(V2_DIR);
    await returnToForeground(first);
    const firstPrompt = first.getByRole('region', { name: 'A new version is available' });
    const secondPrompt = second.getByRole('region', { name: 'A new version is available' });
    await expect(firstPrompt).toBeVisible({ timeout: 15_000 });
    // The other tab hears of the waiting version on its own next check.
    await returnToForeground(second);
    await expect(secondPrompt).toBeVisible({ timeout: 15_000 });

    await second.locator('footer input[name="email"]').fill(HALF_TYPED);
    await markDocument(second);
    await watchDocument(second);
    await Promise.all([
      first.waitForEvent('load'),
      firstPrompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect(first.getByRole('status', { name: 'App status' })).toHaveAttribute(
      'data-app-build',
      V2_BUILD,
    );

    // The second tab is now controlled by version 2 but was not reloaded under its form.
    await expect
      .poll(() => second.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
      .toBe('activated');
    // The change of controller reached this tab, after the app had handled it: it began no
    // navigation (a reload would have, at once).
    await expect.poll(() => documentEvents(second)).toEqual(['controllerchange']);
    expect(await isSameDocument(second)).toBe(true);
    await expect(second.locator('footer input[name="email"]')).toHaveValue(HALF_TYPED);
    await expect(secondPrompt).toBeVisible();

    // Two builds in one browser still run one sync engine: the lock passed from the tab that
    // reloaded to the tab of version 1, and the tab of version 2 waits for it.
    await expect.poll(() => [engineWorkers(first), engineWorkers(second)]).toEqual([0, 1]);
    expect(await engineLocks(first)).toEqual({
      held: ['artmint-engine-1'],
      pending: ['artmint-engine-1'],
    });
    await context.close();
  });
});
