import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer, type StartedServer } from '../scripts/start-server.mjs';
import { logInOnPage, openApp, signUpAndIn } from './support/accounts';
import { dumpDevice } from './support/device-data';
import { expect, test } from './support/fixtures';
import { freePort } from './support/market';
import { pngFile } from './support/test-files';
import { goOffline, waitForServiceWorker } from './support/service-worker';
import { freshDataDir, SERVER_ENV, SERVER_START_TIMEOUT_MS } from './support/spec-server';

// A catalogue of thousands of items and hundreds of creators (docs/sync.md "Working set",
// docs/database.md "Lists and search"), on a server of its own seeded with `npm run seed --
// --items 3000 --creators 200`: a fresh device holds what the home page shows, not the catalogue
// nor every creator; explore, the creators list and a deep link ask the server; what the
// collector opened opens offline afterwards, and what they never opened says so.

const SEEDED = 3000;
/** Creators seeded besides the sample's: more than a fresh device holds. */
const SEEDED_CREATORS = 200;

interface ServerItem {
  id: number;
  title: string;
}

interface ServerCreator {
  id: number;
  name: string;
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
      [
        '--import',
        'tsx',
        'server/scale/history-cli.ts',
        '--items',
        String(SEEDED),
        '--creators',
        String(SEEDED_CREATORS),
        '--no-cache',
      ],
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
      await goOffline(context, page);
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

  test('creators: the list and a deep profile come from the server, a new creator reaches another collector, and offline it says what it holds', async ({
    browser,
  }) => {
    const origin = (server as StartedServer).origin;
    const one = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    const two = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    try {
      // Two creators from deep in the list: one to open (page 15), one never listed nor opened
      // (page 18).
      const deepPage = async (page: number) => {
        const response = await one.request.get(`/api/creators?page=${page}&pageSize=9`);
        expect(response.ok()).toBe(true);
        return (await response.json()) as { creators: ServerCreator[]; total: number };
      };
      const { creators, total } = await deepPage(15);
      expect(total).toBeGreaterThanOrEqual(SEEDED_CREATORS);
      const opened = creators[0] as ServerCreator;
      const unopened = (await deepPage(18)).creators[0] as ServerCreator;

      // Collector one: a fresh device holds the creators its pages show, not every creator.
      const a = await one.newPage();
      await openApp(a, '/');
      await waitForServiceWorker(a);
      await expect
        .poll(async () => (await dumpDevice(a)).stores.syncMeta?.length ?? 0, { timeout: 60_000 })
        .toBeGreaterThan(0);
      const heldAtStart = (await dumpDevice(a)).stores.remoteCreators ?? [];
      expect(heldAtStart.length).toBeGreaterThan(12);
      expect(heldAtStart.length).toBeLessThan(total - 60);

      // Collector two signs up and becomes a creator.
      const b = await two.newPage();
      await signUpAndIn(b, { name: 'Noor Haddad', origin, next: '/become-creator' });
      const form = b.getByRole('main');
      await form.getByLabel('Display name').fill('Noor Haddad');
      await form.getByLabel('Art image').setInputFiles(pngFile('noor.png'));
      await form.getByRole('button', { name: 'Create creator profile' }).click();
      await expect(form.getByRole('heading', { name: 'Welcome, Noor Haddad' })).toBeVisible();
      await expect
        .poll(
          async () => {
            const list = await a.request.get('/api/creators?pageSize=1');
            return ((await list.json()) as { creators: ServerCreator[] }).creators[0]?.name;
          },
          { timeout: 30_000 },
        )
        .toBe('Noor Haddad');

      // Collector one's creators list is the server's: the new creator first, every creator
      // counted; a page deep in the list shows the creator there.
      await a.goto('/creators');
      const all = a.getByRole('region', { name: 'All creators' });
      await expect(all.getByRole('heading', { level: 3 }).first()).toHaveText('Noor Haddad');
      await expect(all.getByText(`of ${(total + 1).toLocaleString('en-US')}`)).toBeVisible();
      await a.goto('/creators?page=15');
      await expect(all.getByRole('heading', { level: 3, name: opened.name })).toBeVisible();
      // A deep link to that creator's profile, from the server.
      await a.goto(`/creator-profile/${opened.id}`);
      await expect(
        a.getByRole('heading', { level: 1, name: new RegExp(opened.name) }),
      ).toBeVisible();

      // Offline, for the page and the service worker alike.
      await goOffline(one, a);
      // Each as a deep link in a fresh page: the profile opened before opens; one never opened
      // says it is not saved; the creators list runs over what the device holds and says so.
      const again = await one.newPage();
      await again.goto(`/creator-profile/${opened.id}`);
      await expect(
        again.getByRole('heading', { level: 1, name: new RegExp(opened.name) }),
      ).toBeVisible();
      const never = await one.newPage();
      await never.goto(`/creator-profile/${unopened.id}`);
      await expect(never.getByText(/This creator is not saved on this device yet\./)).toBeVisible();
      const list = await one.newPage();
      await list.goto('/creators');
      await expect(
        list.getByText(
          new RegExp(
            `^Showing \\d+ creators saved on this device\\. Connect to see all ${(total + 1).toLocaleString('en-US')}\\.$`,
          ),
        ),
      ).toBeVisible();
    } finally {
      await one.close();
      await two.close();
    }
  });

  test('a search made online is there offline: a typo the device alone could not match', async ({
    browser,
  }) => {
    const origin = (server as StartedServer).origin;
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    try {
      // A seeded title from deep in the catalogue, and a typo of its last word.
      const deep = await context.request.get('/api/items?page=45&pageSize=60');
      const { items } = (await deep.json()) as { items: ServerItem[] };
      const item = items.find((candidate) => /^\p{L}+ \p{L}{6,}$/u.test(candidate.title));
      if (!item) throw new Error('no two-word title in the page');
      const [first, last] = item.title.split(' ') as [string, string];
      const typo = `${first} ${last.slice(0, 2)}${last.slice(3)}`.toLowerCase();

      const page = await context.newPage();
      await openApp(page, '/terms');
      await waitForServiceWorker(page);
      const box = page.getByRole('combobox', {
        name: 'Search items, creators, collections and posts',
      });
      await box.fill(typo);
      const hit = page.getByRole('option', { name: new RegExp(`^${item.title}`) }).first();
      await expect(hit).toBeVisible({ timeout: 15_000 });

      // Offline, in a fresh page: the same words show the same hit, from this device.
      await goOffline(context, page);
      const again = await context.newPage();
      await again.goto('/terms');
      const offlineBox = again.getByRole('combobox', {
        name: 'Search items, creators, collections and posts',
      });
      await offlineBox.fill(typo);
      await expect(
        again.getByRole('option', { name: new RegExp(`^${item.title}`) }).first(),
      ).toBeVisible();
      // A typo never searched online finds nothing here.
      await offlineBox.fill(`${first} ${last.slice(0, 1)}${last.slice(2)}`.toLowerCase());
      await expect(again.getByText(/^No results for/)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
