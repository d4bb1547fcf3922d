import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  createAccount,
  logInOnPage,
  openApp,
  signUpAndIn,
  type TestAccount,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { highestBid, placeBid, uploadItem } from './support/market';

// The inbox (docs/product.md "Notifications") in Chromium against the real server. Two
// collectors are two browser contexts: A bids on an auction and keeps its page open, B outbids A
// from the other context; the server writes A's "outbid" notification in the bid's transaction
// and the account channel's live stream carries it to A's open tab, whose header bell counts it
// within 2 s, without a reload. The inbox lists it with a link to the item.

/** The live path's bound: the notification shows on A's tab within 2 s of B's bid reaching the
 * server. */
const LIVE_MS = 2000;

interface Collector {
  context: BrowserContext;
  page: Page;
  account: TestAccount;
}

async function collector(browser: Browser, name: string): Promise<Collector> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpAndIn(page, { name });
  return { context, page, account };
}

/** Opens `path` and waits until the live stream answered (the engine opens it once online). */
async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().includes('/api/events'), { timeout: 30_000 });
  await openApp(page, path);
  expect((await stream).status()).toBe(200);
}

/** Bids through the app's dialog; resolves once the push reached the server. */
async function bid(page: Page, eth: string): Promise<void> {
  const pushed = page.waitForResponse(
    (r) => r.url().endsWith('/api/push') && r.request().method() === 'POST' && r.ok(),
  );
  await placeBid(page, eth);
  await pushed;
}

test.describe('the inbox across collectors', () => {
  test.describe.configure({ timeout: 120_000 });
  let a: Collector;
  let b: Collector;

  test.beforeEach(async ({ browser }) => {
    a = await collector(browser, 'Ada');
    b = await collector(browser, 'Bo');
  });

  test.afterEach(async () => {
    await a?.context.close();
    await b?.context.close();
  });

  test("B outbids A: A's open tab counts it within 2 s, and the inbox links to the item", async ({
    browser,
  }) => {
    // An auction of its own, so that no other spec's bids stand on it.
    const seller = await browser.newContext();
    await createAccount(seller, { name: 'Sol Reyes' });
    const itemId = await uploadItem(seller, {
      title: 'Harbour Lights',
      description: 'An auction for the inbox.',
      rateEth: '1',
      endDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    await seller.close();
    const path = `/item-detail/${itemId}`;
    await openLive(a.page, path);
    await openApp(b.page, path);
    const bell = a.page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications', { timeout: 30_000 });

    await bid(a.page, '4.8');
    await expect(highestBid(b.page)).toHaveText('4.8 ETH', { timeout: 10_000 });
    let navigations = 0;
    a.page.on('framenavigated', (frame) => {
      if (frame === a.page.mainFrame()) navigations += 1;
    });

    await bid(b.page, '6');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: LIVE_MS });
    await expect(bell).toHaveText('1');
    expect(navigations, 'A never reloaded').toBe(0);

    // Another device of A's signs in: its bell counts the notification written before, once
    // the login page hands over to the app, without a reload.
    const tablet = await browser.newContext();
    try {
      const page = await tablet.newPage();
      await openApp(page, '/login');
      await logInOnPage(page, a.account.email, a.account.password);
      await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 30_000 });
      await expect(
        page.getByRole('banner').getByRole('link', { name: /^Notifications/ }),
      ).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
    } finally {
      await tablet.close();
    }

    await bell.click();
    await expect(a.page).toHaveURL((url) => url.pathname === '/notifications');
    await expect(a.page).toHaveTitle(/Notifications/);
    const entry = a.page.getByRole('main').getByRole('listitem').filter({ hasText: 'Unread' });
    await expect(entry).toHaveCount(1);
    const link = entry.getByRole('link', { name: 'You were outbid' });
    await expect(link).toHaveAttribute('href', path);
    await expect(entry).toContainText('Bo bid');

    await link.click();
    await expect(a.page).toHaveURL((url) => url.pathname === path);
    await expect(highestBid(a.page)).toHaveText('6 ETH');
  });
});
