import type { Page } from '@playwright/test';
import { signUpAndIn } from './support/accounts';
import { test, expect, gotoFresh, installClock } from './support/fixtures';
import { waitForPageLoaded } from './support/page-loaded';

// docs/product.md "Live Auction", "Activities", "Best Collections", "States" (countdowns
// recompute every second), "Fixed values" (countdown tick 1000 ms); docs/product.md "Live auctions
// / countdowns", "Activity filter chips"; the budget: Swiper loads only where a carousel is.

const FIXED = new Date('2026-05-04T09:00:00.000Z');
// installClock starts the fake clock at FIXED; it is then paused a little later (pauseAt only
// moves forward), before the app loads, so every value below is exact.

/** The cards of a list section named `name`. */
const cards = (page: Page, name: string | RegExp) =>
  page.getByRole('region', { name }).locator('ul[role="list"]').first().locator(':scope > li');

test.describe('Live Auction (docs/product.md "Live Auction", "States")', () => {
  test('counts down days, hours, minutes and seconds on the shared 1-second clock', async ({
    page,
    consoleErrors,
  }) => {
    await installClock(page, FIXED, consoleErrors);
    await page.clock.pauseAt(FIXED.getTime() + 5_000);
    await gotoFresh(page, '/auction');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Auction' })).toBeVisible();
    const first = cards(page, /auctions$/).first();
    await expect(first.getByRole('heading', { name: 'Pixel Guardian' })).toBeVisible();
    const timer = first.getByRole('timer');
    // Sample auctions end relative to when the app starts: Pixel Guardian 14.25 hours later.
    await expect(timer).toHaveAccessibleName(
      'Auction ends in: Pixel Guardian: 0 days, 14 hours, 15 minutes, 0 seconds',
    );
    await expect(timer).toHaveText(/00\s*d\s*14\s*h\s*15\s*m\s*00\s*s/);
    await page.clock.runFor(1000);
    await expect(timer).toHaveText(/00\s*d\s*14\s*h\s*14\s*m\s*59\s*s/);
    await page.clock.runFor(60_000);
    await expect(timer).toHaveText(/00\s*d\s*14\s*h\s*13\s*m\s*59\s*s/);
    // Saturn Drift ends 33.5 hours later: the days column counts too.
    await expect(
      page.getByRole('timer', {
        name: /^Auction ends in: Saturn Drift: 1 day, 9 hours, 28 minutes, 59 seconds$/,
      }),
    ).toBeVisible();
  });

  test('an ended auction leaves the list, never showing negative numbers (issue 31)', async ({
    page,
    consoleErrors,
  }) => {
    await installClock(page, FIXED, consoleErrors);
    await page.clock.pauseAt(FIXED.getTime() + 5_000);
    await gotoFresh(page, '/auction');
    const first = cards(page, /auctions$/).first();
    await expect(first.getByRole('heading', { name: 'Pixel Guardian' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '5 auctions' })).toBeVisible();
    await page.clock.fastForward('14:15:01');
    await expect(page.getByRole('heading', { level: 2, name: '4 auctions' })).toBeVisible();
    await expect(cards(page, /auctions$/)).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Pixel Guardian' })).toHaveCount(0);
    // The next one still runs.
    await expect(first.getByRole('heading', { name: 'Saturn Drift' })).toBeVisible();
    await expect(first.getByRole('timer')).toBeVisible();
  });

  test('lists the running auctions only: their true count, Price, Highest Bid and Bid Now', async ({
    page,
  }) => {
    await gotoFresh(page, '/auction');
    // Of the 12 sample items 5 are auctions; the others take offers or sell at a fixed price.
    await expect(page.getByRole('heading', { level: 2, name: '5 auctions' })).toBeVisible();
    await expect(cards(page, /auctions$/)).toHaveCount(5);
    await expect(cards(page, /auctions$/).getByRole('heading')).toHaveText([
      'Pixel Guardian',
      'Saturn Drift',
      'Emerald Shard',
      'Neon Horizon',
      'Cube Citadel',
    ]);
    await expect(page.getByRole('navigation', { name: 'Auction pages' })).toHaveCount(0);
    const first = cards(page, /auctions$/).first();
    await expect(first).toContainText(/Price\s*3\.5 ETH/);
    await expect(first).toContainText(/Highest Bid\s*3\.55 ETH/);
    await expect(page.getByRole('main')).not.toContainText(/Best offer|Make an offer|Listing ends/);
    await first.getByRole('link', { name: /^Bid Now/ }).click();
    await expect(page).toHaveURL(/\/item-detail\/2$/);
  });
});

test.describe('Activities chips (docs/product.md: filter, combine, clear)', () => {
  test('chips filter the feed, combine, live in the URL and Clear resets', async ({ page }) => {
    await gotoFresh(page, '/activity');
    const panel = page.getByRole('complementary', { name: 'Filter by' });
    const status = page.getByRole('region', { name: 'Activity feed' }).getByRole('status');
    await expect(status).toHaveText('Showing 12 activities');

    await panel.getByRole('button', { name: 'Purchased' }).click();
    await expect(status).toHaveText('Showing 2 of 12 activities');
    await panel.getByRole('button', { name: 'Following' }).click();
    await expect(status).toHaveText('Showing 5 of 12 activities');
    await expect(page).toHaveURL(/\/activity\?filter=purchased%2Cfollowing$/);
    await panel.getByRole('button', { name: 'Illustration' }).click();
    await expect(status).toHaveText('Showing 2 of 12 activities');
    await expect(cards(page, 'Activity feed')).toHaveText([
      /Violet Bloom by Amara Okafor was sold/,
      /Bauhaus Sunrise by Mateo Rossi was purchased/,
    ]);

    await page.reload();
    await expect(status).toHaveText('Showing 2 of 12 activities');
    await expect(panel.getByRole('button', { name: 'Illustration' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await expect(status).toHaveText('Showing 5 of 12 activities');

    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(status).toHaveText('Showing 12 activities');
    await expect(page).toHaveURL(/\/activity$/);
    await expect(panel.getByRole('button', { name: 'Purchased' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test("each entry has a type, a relative time, a description, an image and its item's action", async ({
    page,
  }) => {
    await gotoFresh(page, '/activity');
    const first = cards(page, 'Activity feed').first();
    await expect(first).toContainText('Listing');
    await expect(first.locator('time')).toHaveText('4 minutes ago');
    await expect(first).toContainText('Lucía Fernández listed Tidal Frequencies for 3.5 ETH.');
    await expect(first.locator('img')).toHaveJSProperty('complete', true);
    // Tidal Frequencies takes offers: "Make an offer", not "Buy now" (issue 31).
    await first.getByRole('link', { name: /^Make an offer/ }).click();
    await expect(page).toHaveURL(/\/item-detail\/3$/);
  });
});

test.describe('writes on the device show up here (docs/product.md "Bids and checkout")', () => {
  test('a bid placed on an item is listed in Activities and raises its highest bid', async ({
    page,
  }) => {
    test.slow(); // a sign-in, three screens and a write, on a shared 2-core machine
    // Bids are made under an account (docs/product.md "Online").
    await signUpAndIn(page, { fresh: true, next: '/item-detail/2' });
    await page.getByRole('button', { name: 'Bid Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place a Bid' });
    await dialog.getByRole('spinbutton', { name: 'Your bid (ETH)' }).fill('4.2');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('1');
    await dialog.getByRole('button', { name: 'Place a bid' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/activity?filter=bids');
    const first = cards(page, 'Activity feed').first();
    await expect(first).toContainText('You bid 4.2 ETH on Pixel Guardian');
    await expect(first).toContainText('Bid');
    await expect(first.locator('time')).toHaveText('just now');
    await expect(
      page.getByRole('region', { name: 'Activity feed' }).getByRole('status'),
    ).toHaveText('Showing 4 of 13 activities');

    await page.goto('/auction');
    const card = cards(page, /auctions$/).filter({ hasText: 'Pixel Guardian' });
    await expect(card).toContainText(/Highest Bid\s*4\.2 ETH/);
  });
});

test.describe('Best Collections (docs/product.md "Best Collections")', () => {
  test('pages through the collection grid, 8 a page, with item counts', async ({ page }) => {
    await gotoFresh(page, '/collections');
    const grid = cards(page, 'All collections');
    await expect(grid).toHaveCount(8);
    await expect(grid.first()).toContainText('25 Items');
    await expect(page.getByRole('heading', { level: 2, name: 'Top Collections' })).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/collections\?page=2$/);
    await expect(grid.getByRole('heading', { level: 3 })).toHaveText([
      'Soundscapes',
      'Sticker Club',
    ]);
    await expect(grid.first()).toContainText('12 Items');
    await page.goBack();
    await expect(grid).toHaveCount(8);
  });
});

test.describe('budget: Swiper only where a carousel is', () => {
  test('explore and auction pages never load Swiper; collections does', async ({ page }) => {
    const swiper: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/swiper-[^/]*\.js$/.test(request.url())) swiper.push(request.url());
    });
    for (const path of [
      '/explore-one',
      '/explore-two',
      '/explore-three',
      '/auction',
      '/activity',
    ]) {
      await gotoFresh(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Each page has loaded what it loads by itself before the next: no Swiper among it.
      await waitForPageLoaded(page);
    }
    expect(swiper).toEqual([]);
    await page.goto('/collections');
    await expect(page.getByRole('heading', { level: 2, name: 'Top Collections' })).toBeVisible();
    await expect.poll(() => swiper.length).toBeGreaterThan(0);
  });
});
