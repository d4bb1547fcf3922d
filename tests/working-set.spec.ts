import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer, type StartedServer } from '../scripts/start-server.mjs';
import { logInOnPage, openApp, signUpAndIn } from './support/accounts';
import { dumpDevice } from './support/device-data';
import { expect, test } from './support/fixtures';
import { freePort } from './support/market';
import { waitForServiceWorker } from './support/service-worker';
import { freshDataDir, SERVER_ENV, SERVER_START_TIMEOUT_MS } from './support/spec-server';

// A catalogue of thousands of items (docs/sync.md "Working set", docs/database.md "Lists and
// search"), on a server of its own seeded with `npm run seed -- --items 3000`: a fresh device
// holds what the home page shows, not the catalogue; explore and a deep link ask the server; what
// the collector opened opens offline afterwards, and what they never opened says so.

const SEEDED = 3000;

interface ServerItem {
  id: number;
  title: string;
}

test.describe('a catalogue of thousands of items', () => {
  test.describe.configure({ timeout: 240_000 });
  let server: StartedServer | null = null;
  const dataDir = resolve('.tmp', `e2e-working-set-${process.pid}`);

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    freshDataDir(dataDir);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/scale/history-cli.ts', '--items', String(SEEDED), '--no-cache'],
      {
        env: { ...process.env, DATA_DIR: dataDir, TSX_TSCONFIG_PATH: 'tsconfig.server.json' },
        stdio: 'pipe',
      },
    );
    server = await startServer({
      port: await freePort(),
      dataDir,
      env: SERVER_ENV,
      timeoutMs: SERVER_START_TIMEOUT_MS,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a fresh device holds the home page, asks the server for the rest and keeps what it opened', async ({
    browser,
  }) => {
    const origin = (server as StartedServer).origin;
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      // Two seeded items from deep in the catalogue: one to open, one never opened.
      const deep = await context.request.get('/api/items?page=50&pageSize=60');
      expect(deep.ok()).toBe(true);
      const { items, total, capped } = (await deep.json()) as {
        items: ServerItem[];
        total: number;
        capped: boolean;
      };
      expect(total).toBeGreaterThanOrEqual(SEEDED);
      expect(capped).toBe(false);
      const [opened, unopened] = items.filter((item) => item.id >= 100_000) as [
        ServerItem,
        ServerItem,
      ];

      await openApp(page, '/');
      await waitForServiceWorker(page);
      // The snapshot done (the device follows the log from its cursor): the home page's items,
      // not the catalogue.
      await expect
        .poll(async () => (await dumpDevice(page)).stores.syncMeta?.length ?? 0, {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);
      const heldAtStart = (await dumpDevice(page)).stores.remoteItems?.length ?? 0;
      expect(heldAtStart).toBeGreaterThan(0);
      expect(heldAtStart).toBeLessThan(60);

      // Explore asks the server: the whole catalogue's count, and the item's title finds it.
      await page.goto('/explore-one');
      await expect(page.getByText(/of 3,0\d\d items/).first()).toBeVisible();
      await page.goto(`/explore-one?q=${encodeURIComponent(opened.title)}`);
      const results = page.getByRole('region', { name: 'Results' });
      await expect(
        results.getByRole('heading', { level: 3, name: opened.title }).first(),
      ).toBeVisible();
      // A deep link to it opens, from the server.
      await page.goto(`/item-detail/${opened.id}`);
      await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
      const held = (await dumpDevice(page)).stores.remoteItems ?? [];
      expect(held.length).toBeLessThan(120);
      expect(held.some((item) => (item as ServerItem).id === opened.id)).toBe(true);

      // Offline, for the page and the service worker alike.
      await context.setOffline(true);
      await expect(
        page.evaluate(() =>
          fetch('/api/health').then(
            () => 'reached',
            () => 'offline',
          ),
        ),
      ).resolves.toBe('offline');
      // Each as a deep link in a fresh page: the item opened before opens; one never opened says
      // it is not saved; explore runs over what the device holds and says so.
      const again = await context.newPage();
      await again.goto(`/item-detail/${opened.id}`);
      await expect(again.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
      const never = await context.newPage();
      await never.goto(`/item-detail/${unopened.id}`);
      await expect(never.getByText(/This item is not saved on this device yet\./)).toBeVisible();
      await expect(
        never.getByRole('heading', { level: 1, name: 'Not Saved on This Device' }),
      ).toBeVisible();
      const explore = await context.newPage();
      await explore.goto('/explore-one');
      await expect(
        explore.getByText(
          /^Showing \d+ items saved on this device\. Connect to search all 3,0\d\d\./,
        ),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a favourite made on another device of the account reaches this one, with its item', async ({
    browser,
  }) => {
    const origin = (server as StartedServer).origin;
    const one = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    const two = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    try {
      // An item from deep in the catalogue: no home page shows it, so no fresh device holds it.
      const deep = await one.request.get('/api/items?page=40&pageSize=60');
      const { items } = (await deep.json()) as { items: ServerItem[] };
      const item = items.find((candidate) => candidate.id >= 100_000) as ServerItem;

      // Device one: the collector finds it and makes it a favourite.
      const a = await one.newPage();
      const account = await signUpAndIn(a, { name: 'Ida Lund', origin });
      await a.goto(`/explore-one?q=${encodeURIComponent(item.title)}`);
      const card = a
        .getByRole('region', { name: 'Results' })
        .getByRole('listitem')
        .filter({ has: a.locator(`a[href="/item-detail/${item.id}"]`) });
      const favourite = card.getByRole('button', { name: `Favourite ${item.title}` });
      await favourite.click();
      await expect(favourite).toHaveAttribute('aria-pressed', 'true');
      // The change reached the server (the account's own records).
      await expect
        .poll(
          async () => {
            const me = await a.request.get('/api/me');
            return me.ok() ? ((await me.json()) as { favourites: number[] }).favourites : [];
          },
          { timeout: 30_000 },
        )
        .toContain(item.id);

      // Device two, fresh, the same account: the favourite arrives and its item is fetched.
      const b = await two.newPage();
      await openApp(b, '/login');
      await logInOnPage(b, account.email, account.password);
      await expect(b).toHaveURL((url) => url.pathname === '/', { timeout: 30_000 });
      await b.goto('/creator-profile');
      const tab = b.getByRole('tab', { name: /^Favourites/ });
      await expect(tab).toHaveAccessibleName('Favourites 1', { timeout: 60_000 });
      await tab.click();
      // Its card, by its title (a favourite not fetched yet is named "Item #id" instead).
      await expect(
        b
          .getByRole('tabpanel')
          .getByRole('link', { name: item.title, exact: true })
          .and(b.locator(`a[href="/item-detail/${item.id}"]`)),
      ).toBeVisible({ timeout: 60_000 });
      await expect(b.getByText(/not saved on this device yet/)).toHaveCount(0);
      const held = (await dumpDevice(b)).stores.remoteItems ?? [];
      expect(held.some((record) => (record as ServerItem).id === item.id)).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
