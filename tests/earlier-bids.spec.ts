import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createAccount, openApp, signUpAndIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { engineOnline } from './support/market';
import { currentServer } from './support/spec-server';

// An auction with more bids than a device keeps (docs/sync.md: each item's newest 20 bids and
// the collector's own): a fresh device shows the newest 20 and the server's count; "Show
// earlier bids" fetches the older ones from the server (GET /api/items/:id/bids) when online,
// and offline a line says that they need a connection, the button staying for later.

const ITEM = 2;
const BIDS = 26;

/** Another collector bids BIDS times on the sample auction through the API, as a device
 * pushes bids: 3.6 ETH, then 0.1 ETH more each time. */
async function seedBids(browser: Browser): Promise<void> {
  const { origin } = currentServer();
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    await createAccount(page, { name: 'Busy Bidder', origin });
    const mutations = Array.from({ length: BIDS }, (_, n) => ({
      id: randomUUID(),
      v: 1,
      at: new Date().toISOString(),
      kind: 'bid',
      args: { itemId: ITEM, priceEth: (3.6 + n / 10).toFixed(1), quantity: 1 },
    }));
    const response = await page.request.post(`${origin}/api/push`, {
      headers: { origin },
      data: { mutations },
    });
    const body = (await response.json()) as { results: { status: string }[] };
    expect(body.results.map((r) => r.status)).toEqual(mutations.map(() => 'applied'));
  } finally {
    await context.close();
  }
}

const bidList = (page: Page) => page.getByRole('list', { name: 'Bids' }).getByRole('listitem');
const earlier = (page: Page) => page.getByRole('button', { name: 'Show earlier bids' });

test.describe('Show earlier bids', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    await seedBids(browser);
  });

  async function openAuction(page: Page): Promise<void> {
    await signUpAndIn(page, { name: 'Watcher' });
    await openApp(page, `/item-detail/${ITEM}`);
    await engineOnline(page);
    await expect(page.getByRole('tab', { name: `Bids (${BIDS})` })).toBeVisible();
    await expect(bidList(page)).toHaveCount(20);
    await expect(bidList(page).first()).toContainText('6.1 ETH');
    await expect(bidList(page).last()).toContainText('4.2 ETH');
  }

  test('online, shows the older bids below the newest 20, each once', async ({ page }) => {
    await openAuction(page);
    await earlier(page).click();
    await expect(bidList(page)).toHaveCount(BIDS);
    await expect(bidList(page).last()).toContainText('3.6 ETH by Busy Bidder');
    await expect(page.getByText('These are all the bids.')).toBeVisible();
    await expect(earlier(page)).toHaveCount(0);
    const prices = await bidList(page).locator('strong').allTextContents();
    expect(prices).toEqual(
      Array.from({ length: BIDS }, (_, n) => `${Number((6.1 - n / 10).toFixed(1))} ETH`),
    );
  });

  test('offline, says that earlier bids need a connection, and loads them once back', async ({
    page,
    context,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED/);
    await openAuction(page);
    await context.setOffline(true);
    await earlier(page).click();
    await expect(page.getByRole('status').filter({ hasText: /^Earlier bids/ })).toHaveText(
      'Earlier bids need a connection.',
    );
    await expect(bidList(page)).toHaveCount(20);
    await expect(earlier(page)).toBeEnabled();

    await context.setOffline(false);
    await earlier(page).click();
    await expect(bidList(page)).toHaveCount(BIDS);
    await expect(page.getByText('Earlier bids need a connection.')).toHaveCount(0);
  });
});
