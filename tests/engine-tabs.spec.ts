import type { BrowserContext, Page, Request } from '@playwright/test';
import { openApp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { collector, engineOnline, highestBid, placeBid, syncStatus } from './support/market';

// One sync engine per browser (docs/sync.md "One engine per browser"), in Chromium against the
// real server: the tabs of one browser context share one device store, and only the tab holding
// the engine's Web Lock pulls, pushes and holds the live stream; the other tabs' writes reach
// the server through it. Requests are told apart by the page that sent them.

interface Traffic {
  /** Requests by path ('/api/changes', '/api/push', '/api/events'), with the page that sent them. */
  sent: { path: string; page: Page | null }[];
  of(path: string, page?: Page): number;
  clear(): void;
}

function watchTraffic(context: BrowserContext): Traffic {
  const sent: Traffic['sent'] = [];
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // the service worker's
    }
  };
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) sent.push({ path, page: pageOf(request) });
  });
  return {
    sent,
    of: (path, page) =>
      sent.filter((s) => s.path === path && (page === undefined || s.page === page)).length,
    clear: () => sent.splice(0, sent.length),
  };
}

test.describe('one engine for the tabs of a browser', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const where of ['worker', 'page'] as const) {
    test(`three tabs, the engine in the leading tab's ${where}: one stream, and a write in any tab pulled and pushed by one`, async ({
      browser,
    }) => {
      const tess = await collector(browser, 'Tess');
      // A browser that runs no worker: the leading tab runs the engine on its own thread.
      if (where === 'page') await tess.context.addInitScript('delete window.Worker');
      const traffic = watchTraffic(tess.context);
      const tabs = [tess.page, await tess.context.newPage(), await tess.context.newPage()];
      for (const tab of tabs) {
        await openApp(tab, '/item-detail/2');
        await engineOnline(tab);
      }
      await expect.poll(() => traffic.of('/api/events')).toBe(1);
      const leader = traffic.sent.find((s) => s.path === '/api/events')?.page;
      expect(leader, 'the first tab leads').toBe(tabs[0]);
      const engines = tabs.map(
        (tab) => tab.workers().filter((worker) => worker.url().includes('/engine-worker')).length,
      );
      expect(engines, 'the engine worker').toEqual(where === 'worker' ? [1, 0, 0] : [0, 0, 0]);
      traffic.clear();

      const [, second, third] = tabs as [Page, Page, Page];
      // Above the sample's 3.55, and above the other variant's bid on the spec file's server.
      const price = where === 'worker' ? '4.05' : '4.15';
      await placeBid(third, price);
      await expect(highestBid(third)).toHaveText(`${price} ETH`);
      for (const tab of tabs) {
        await expect(syncStatus(tab)).toHaveAccessibleName('All changes synced', {
          timeout: 10_000,
        });
        await expect(highestBid(tab), 'every tab reads what the engine landed').toHaveText(
          `${price} ETH`,
        );
      }
      expect(traffic.of('/api/push'), 'one push').toBe(1);
      expect(traffic.of('/api/push', tabs[0]), 'by the leading tab').toBe(1);
      expect(traffic.of('/api/changes', second) + traffic.of('/api/changes', third)).toBe(0);
      expect(traffic.of('/api/events'), 'still one stream').toBe(0);
      expect(tess.errors).toEqual([]);
      await tess.context.close();
    });
  }

  test('an offline write in each of two tabs, the leading tab closed mid-push: each bid once', async ({
    browser,
  }) => {
    const uma = await collector(browser, 'Uma');
    const traffic = watchTraffic(uma.context);
    const [first, second] = [uma.page, await uma.context.newPage()];
    await openApp(first, '/item-detail/3');
    await engineOnline(first);
    await openApp(second, '/item-detail/4');
    await engineOnline(second);

    await uma.context.setOffline(true);
    for (const tab of [first, second]) {
      await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false);
    }
    await placeBid(first, '8.25');
    await placeBid(second, '4.75');
    for (const tab of [first, second]) {
      await expect(syncStatus(tab), 'each tab counts both').toHaveAccessibleName(
        '2 changes waiting to sync',
      );
    }

    // The leading tab goes as its push leaves; the other tab's engine takes over.
    const pushed = new Promise<void>((resolve) => {
      first.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/push') resolve();
      });
    });
    await uma.context.setOffline(false);
    await pushed;
    await first.close();
    await expect(syncStatus(second)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    await expect(highestBid(second)).toHaveText('4.75 ETH');

    const me = (await (await uma.context.request.get('/api/me')).json()) as {
      bids: { itemId: number; priceEth: string }[];
    };
    const bids = me.bids.map((b) => `${b.itemId}:${b.priceEth}`).sort();
    expect(bids, 'each bid reached the server once').toEqual(['3:8.25', '4:4.75']);
    expect(traffic.of('/api/push', second), 'the second tab pushed once it led').toBeGreaterThan(0);
    expect(uma.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await uma.context.close();
  });
});
