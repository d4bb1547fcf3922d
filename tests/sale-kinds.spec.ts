import type { Page } from '@playwright/test';
import { openApp, signUpAndIn } from './support/accounts';
import { expect, gotoFresh, test } from './support/fixtures';
import { collector, highestBid, placeBid, syncStatus, uploadItem } from './support/market';

// Issue 31: an auction, an offer and a fixed price are three promises, and each screen says
// which one it makes (the words are one table: shared/sale-kinds.ts). Against the real server
// with two collectors: a lower offer after a higher one on an item that takes offers is told as
// one, before and after it is made, while on an auction the same bid is refused with the reason;
// the Live Auction page lists exactly the running auctions. Then each kind's card and page, at
// 390 px and 1280 px, left to right and right to left, with no horizontal overflow.

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

/** Reloads (the engine pulls on start) until `check` passes. */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 45_000, intervals: [500, 1_000, 2_000] });
}

async function synced(page: Page): Promise<void> {
  await expect(syncStatus(page)).toHaveAccessibleName('All changes synced', { timeout: 30_000 });
}

test.describe('two collectors', () => {
  test('a lower offer after a higher one is told as an offer below the best one; on an auction the same bid is refused', async ({
    page,
    browser,
  }) => {
    await signUpAndIn(page, { name: 'Ada Collector' });
    const b = await collector(browser, 'Bea Bidder');
    try {
      // B offers 170.5 ETH on Tidal Frequencies, an item that takes offers.
      await openApp(b.page, '/item-detail/3');
      await placeBid(b.page, '170.5');
      await synced(b.page);

      await openApp(page, '/item-detail/3');
      const sale = main(page).getByRole('region', { name: 'Sale' });
      await reloadUntil(page, () => expect(highestBid(page)).toHaveText('170.5 ETH'));
      await expect(sale).toContainText('Open to offers: the owner chooses which one to accept.');
      await expect(sale.getByText('Best offer', { exact: true })).toBeVisible();
      await expect(sale.getByText('Highest Bid')).toHaveCount(0);
      await expect(sale.getByRole('button', { name: /^(Bid Now|Buy Now)$/ })).toHaveCount(0);
      await expect(main(page).getByRole('timer', { name: /^Listing ends in/ })).toBeVisible();

      // Before: the dialog says the offer is below the best one, and that the owner chooses.
      await sale.getByRole('button', { name: 'Make an offer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make an offer' });
      await expect(dialog).toContainText(
        'The best offer is 170.5 ETH. The owner chooses which offer to accept, if any.',
      );
      const amount = dialog.getByLabel('Your offer (ETH)');
      await amount.fill('160.5');
      await expect(dialog.getByRole('status')).toHaveText(
        'This offer is below the best offer of 170.5 ETH. You can still make it: the owner chooses which offer to accept.',
      );
      await expect(amount).toHaveAccessibleDescription(/below the best offer of 170\.5 ETH/);
      await dialog.getByRole('button', { name: 'Make the offer' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Offer made');
      await synced(page);

      // After: both offers are open, the best one first; A's is named as below it.
      const offers = main(page).getByRole('list', { name: 'Open offers' });
      await reloadUntil(page, () => expect(offers.getByRole('listitem')).toHaveCount(2));
      await expect(offers.getByRole('listitem').nth(0)).toContainText(
        /170\.5 ETH from Bea Bidder\s*Best offer/,
      );
      await expect(offers.getByRole('listitem').nth(1)).toContainText(
        /160\.5 ETH from .*Below the best offer/,
      );
      await expect(highestBid(page)).toHaveText('170.5 ETH');
      // Only the owner accepts.
      await expect(main(page).getByRole('button', { name: /^Accept/ })).toHaveCount(0);
      await expect(main(page).getByRole('tab', { name: /^Offers \(\d+\)$/ })).toBeVisible();

      // On an auction the same bid is refused, with the reason: a bid must beat the highest.
      await openApp(b.page, '/item-detail/2');
      await placeBid(b.page, '170.5');
      await synced(b.page);
      await openApp(page, '/item-detail/2');
      await reloadUntil(page, () => expect(highestBid(page)).toHaveText('170.5 ETH'));
      const auction = main(page).getByRole('region', { name: 'Sale' });
      await expect(auction).toContainText('Auction: the highest bid when it ends wins');
      await expect(main(page).getByRole('timer', { name: /^Auction ends in/ })).toBeVisible();
      await auction.getByRole('button', { name: 'Bid Now' }).click();
      const bid = page.getByRole('dialog', { name: 'Place a Bid' });
      await bid.getByLabel('Your bid (ETH)').fill('160.5');
      await expect(bid.getByRole('status')).toBeEmpty();
      await bid.getByRole('button', { name: 'Place a bid' }).click();
      await expect(bid.getByLabel('Your bid (ETH)')).toHaveAttribute('aria-invalid', 'true');
      await expect(bid.getByText('The minimum bid is 170.51 ETH.')).toBeVisible();
      await expect(bid).toBeVisible();
    } finally {
      await b.context.close();
    }
    expect(b.errors, 'console errors in B').toEqual([]);
  });

  test('the Live Auction page lists exactly the running auctions; an ended one leaves it', async ({
    page,
  }) => {
    await signUpAndIn(page, { name: 'Ada Owner' });
    const endsAt = new Date(Date.now() + 25_000);
    const auctionId = await uploadItem(page, {
      title: 'Quick Gavel',
      description: 'An auction ending soon',
      rateEth: '2',
      endDate: endsAt.toISOString(),
    });
    const openId = await uploadItem(page, {
      title: 'Open Shelf',
      description: 'No end date: a fixed price with no end',
      rateEth: '2',
    });

    await openApp(page, '/auction');
    const region = main(page).getByRole('region', { name: /auctions?$/ });
    const titles = region.locator('ul[role="list"]').first().getByRole('heading', { level: 3 });
    await reloadUntil(page, () =>
      expect(main(page).getByRole('heading', { level: 2, name: '6 auctions' })).toBeVisible(),
    );
    // The 5 sample auctions and A's; never the items that take offers or sell at a fixed price.
    await expect(titles).toHaveText([
      'Quick Gavel',
      'Pixel Guardian',
      'Saturn Drift',
      'Emerald Shard',
      'Neon Horizon',
      'Cube Citadel',
    ]);
    await expect(region.getByRole('link', { name: /^Bid Now/ })).toHaveCount(6);

    // Its end passes: it leaves the list, and the true count with it.
    await expect(main(page).getByRole('heading', { level: 2, name: '5 auctions' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(region.getByRole('heading', { name: 'Quick Gavel' })).toHaveCount(0);
    await openApp(page, `/item-detail/${auctionId}`);
    await expect(main(page).getByRole('region', { name: 'Sale' })).toContainText(/Auction ended/);

    // The item with no end: no countdown on its page, and on sale.
    await openApp(page, `/item-detail/${openId}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Open Shelf');
    await expect(main(page).getByText('You own this item')).toBeVisible();
    const sale = main(page).getByRole('region', { name: 'Sale' });
    await expect(sale.getByRole('timer')).toHaveCount(0);
    await expect(sale).not.toContainText(/ends in|ended/);
    await expect(sale).toContainText('Fixed price: buy it now, or make an offer');
  });
});

// Each kind's own words, on its card (explore) and its page; the others' words nowhere there.
const KINDS = [
  {
    id: 2,
    title: 'Pixel Guardian',
    card: ['Price', 'Highest Bid'],
    action: 'Bid Now',
    page: ['Price', 'Highest Bid', 'Auction ends in'],
    buttons: ['Bid Now', 'Buy Now'],
    never: /Best offer|Make an offer|Listing ends in/,
  },
  {
    id: 3,
    title: 'Tidal Frequencies',
    card: ['Best offer'],
    action: 'Make an offer',
    page: ['Best offer', 'Listing ends in'],
    buttons: ['Make an offer'],
    never: /Highest Bid|Bid Now|Buy Now|Auction ends in/,
  },
  {
    id: 1,
    title: 'Violet Bloom',
    card: ['Price', 'Best offer'],
    action: 'Buy Now',
    page: ['Price', 'Best offer', 'Listing ends in'],
    buttons: ['Buy Now', 'Make an offer'],
    never: /Highest Bid|Bid Now|Auction ends in/,
  },
] as const;

async function noHorizontalOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll, 'horizontal overflow').toBeLessThanOrEqual(sizes.client);
}

for (const width of [390, 1280]) {
  for (const dir of ['ltr', 'rtl'] as const) {
    test(`each kind of sale reads as itself on its card and page at ${width} px, ${dir}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((d) => {
        // Also runs on the blank page gotoFresh starts from, where there is no storage.
        try {
          localStorage.setItem(
            'artmint:direction',
            JSON.stringify({ state: { dir: d }, version: 1 }),
          );
        } catch {
          // not the app's origin
        }
      }, dir);
      await gotoFresh(page, '/explore-one');
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      for (const kind of KINDS) {
        const card = main(page)
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: kind.title, exact: true }) });
        await card.scrollIntoViewIfNeeded();
        for (const term of kind.card) {
          await expect(card.getByText(term, { exact: true })).toBeVisible();
        }
        await expect(card.getByRole('link', { name: new RegExp(`^${kind.action}`) })).toBeVisible();
        await expect(card).not.toContainText(kind.never);
      }
      await noHorizontalOverflow(page);

      for (const kind of KINDS) {
        await page.goto(`/item-detail/${kind.id}`);
        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(kind.title);
        const sale = main(page).getByRole('region', { name: 'Sale' });
        for (const term of kind.page) {
          await expect(sale.getByText(term, { exact: true })).toBeVisible();
        }
        const buttons = sale.getByRole('button').filter({ hasNotText: 'Share' });
        await expect(buttons).toHaveText([...kind.buttons]);
        await expect(sale).not.toContainText(kind.never);
        await noHorizontalOverflow(page);
      }
    });
  }
}
