import { collector, uploadItem } from './support/market';
import { expect, test } from './support/fixtures';
import { goOffline } from './support/service-worker';

// The catalogue answered by the server (docs/database.md "Lists and search"): a collector's new
// item is in every other collector's explore, Live Auction and search, on a page the server
// answers; offline, explore and Live Auction run over what the device holds and say so.

test.describe("two collectors and the server's lists", () => {
  test.describe.configure({ timeout: 120_000 });

  test("B finds A's new item through explore and a search; offline, explore says what it ran over", async ({
    browser,
  }) => {
    const a = await collector(browser, 'Ada');
    const b = await collector(browser, 'Bo');
    try {
      const title = `Harbour Lantern ${Date.now()}`;
      const id = await uploadItem(a.page, { title, description: 'A lantern over the water' });
      expect(id).toBeGreaterThan(0);

      // Explore, newest first: the new item leads the server's list.
      await b.page.goto('/explore-one');
      const results = b.page.getByRole('region', { name: 'Results' });
      await expect(results.getByRole('heading', { level: 3 }).first()).toHaveText(title);
      // A search with a typo finds it.
      await b.page.goto(`/explore-one?q=${encodeURIComponent('harbor lantern')}`);
      await expect(results.getByRole('heading', { level: 3, name: title })).toBeVisible();
      await expect(b.page.getByText(/saved on this device/)).toHaveCount(0);
      // A deep link to it opens.
      await b.page.goto(`/item-detail/${id}`);
      await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Offline: the same screen, over what this device holds, saying so.
      await goOffline(b.context, b.page);
      // Within the app (no page load: the page stays offline, its data comes from the device).
      await b.page.evaluate(() => {
        window.history.pushState({}, '', '/explore-one?items=now');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(b.page.getByText(/^Showing \d+ items saved on this device\./)).toBeVisible();
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test("B finds A's new auction on Live Auction and A's item through the header search; offline, Live Auction says what it ran over", async ({
    browser,
  }) => {
    const a = await collector(browser, 'Ada');
    const b = await collector(browser, 'Bo');
    try {
      const stamp = Date.now();
      const title = `Copper Gavel ${stamp}`;
      // Ending sooner than any other running auction: first on Live Auction.
      const id = await uploadItem(a.page, {
        title,
        description: 'A gavel for a quick sale',
        rateEth: '2',
        endDate: new Date(Date.now() + 100_000).toISOString(),
      });
      expect(id).toBeGreaterThan(0);

      await b.page.goto('/auction');
      const list = b.page.getByRole('region', { name: /auctions?$/ });
      await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText(title);
      await expect(b.page.getByText(/saved on this device/)).toHaveCount(0);

      // The header's search, with a typo: the server's ranking finds it.
      const search = b.page.getByRole('combobox', {
        name: 'Search items, creators, collections and posts',
      });
      await search.click();
      await search.fill(`coper gavel ${stamp}`);
      const hit = b.page.getByRole('option', { name: new RegExp(title) });
      await expect(hit).toBeVisible();
      await hit.click();
      await expect(b.page).toHaveURL(new RegExp(`/item-detail/${id}$`));
      await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Offline: Live Auction over what this device holds, saying so, A's auction among them.
      await b.context.setOffline(true);
      await b.page.evaluate(() => {
        window.history.pushState({}, '', '/auction?page=1');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(b.page.getByText(/^Showing \d+ items saved on this device\./)).toBeVisible();
      await expect(list.getByRole('heading', { level: 3, name: title })).toBeVisible();
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
