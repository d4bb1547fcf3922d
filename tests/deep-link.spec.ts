import { collector, engineOnline, highestBid, placeBid, uploadItem } from './support/market';
import { openApp } from './support/accounts';
import { expect, test } from './support/fixtures';

// A deep link to an item the device does not hold (docs/product.md "Item detail"): a fresh
// device paints the page's frame and its loading state at once, then the item once the server
// answers, never an empty page. The server's answer is held back until the loading state was
// seen, so the test reads both states whatever the machine's speed.

test.describe('a deep link to an item the device does not hold', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows the layout and the loading state, then the item', async ({ browser, page, axe }) => {
    const a = await collector(browser, 'Ada');
    try {
      const title = `Quiet Harbour ${Date.now()}`;
      const id = await uploadItem(a.page, { title, description: 'A harbour before dawn' });
      expect(id).toBeGreaterThan(0);

      // This device's ask for the item waits until the test lets it go.
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      let asked = 0;
      // The context's routes: a worker's requests too, wherever the device asks from.
      await page.context().route(
        (url) => url.pathname === '/api/snapshot',
        async (route) => {
          if (new URL(route.request().url()).searchParams.get('page') === `focus:item:${id}`) {
            asked += 1;
            await answered;
          }
          await route.continue();
        },
      );

      await page.goto(`/item-detail/${id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('status')).toHaveText('Loading the item…');
      await expect(main.getByRole('region', { name: 'Loading the item…' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeAttached();
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect.poll(() => asked).toBeGreaterThan(0);
      expect(await axe(page)).toEqual([]);

      answer();
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(main.getByText('Loading the item…')).toHaveCount(0);
    } finally {
      await a.context.close();
    }
  });
});

// The first open (docs/sync.md "At boot"): the page's <head> asks the server for the opened
// item's snapshot page, its health and session while the app's code still loads; the engine takes
// those answers instead of asking again, and the screen shows the server's word.
test("a fresh device asks for the opened page once, at boot, and shows the server's highest bid", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const a = await collector(browser, 'Ada');
  try {
    await openApp(a.page, '/item-detail/2');
    const pushed = a.page.waitForResponse(
      (r) => r.url().endsWith('/api/push') && r.request().method() === 'POST' && r.ok(),
    );
    await placeBid(a.page, '77');
    await pushed;

    const asked: string[] = [];
    page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/item-detail/2');
    await expect(highestBid(page)).toHaveText(/^77(\.0+)? ETH$/);
    await engineOnline(page);
    expect(asked.filter((path) => path === '/api/snapshot?page=focus%3Aitem%3A2')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/health')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/auth/session').length).toBeGreaterThan(0);
  } finally {
    await a.context.close();
  }
});
