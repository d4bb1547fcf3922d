import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { startLocalPushService, type LocalPushService } from '../server/test/push-service';
import { createAccount, signUpAndIn, openApp, type TestAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { freePort, highestBid, placeBid, uploadItem } from './support/market';
import { TestServer } from './support/restartable-server';
import { waitForServiceWorker } from './support/service-worker';

// Web Push (docs/product.md "Notifications") in Chromium against the real server. Headless
// Chromium cannot subscribe to a real push service, so collector A's device registers a
// subscription of a local push service (web-push-testing: real encryption and VAPID checks)
// through the API, with A's session. B outbids A from another context; the server's delivery
// worker sends the push there; the payload it sent is read back (decrypted) and delivered to A's
// service worker with Chromium's DevTools protocol, as a push service would, and A's service
// worker shows "You were outbid" with the item's title, tagged with the item.

test.describe.configure({ timeout: 180_000 });
// The service worker is what shows a push: this spec lets it install.
test.use({ serviceWorkers: 'allow' });

let push: LocalPushService;
let server: TestServer;

test.beforeAll(async () => {
  push = await startLocalPushService();
  // The local push service speaks plain HTTP on localhost: allowed here, as an operator would
  // allow it (docs/operations.md "Web Push").
  server = new TestServer(await freePort(), { PUSH_ALLOW_ORIGINS: push.origin });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await push?.close();
});

interface Collector {
  context: BrowserContext;
  page: Page;
  account: TestAccount;
}

async function collector(browser: Browser, name: string): Promise<Collector> {
  const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: server.origin });
  const page = await context.newPage();
  const account = await signUpAndIn(page, { name, origin: server.origin });
  return { context, page, account };
}

/** The service worker registration's id, as DevTools names it, for this page's origin. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) =>
          r.scopeURL.startsWith(origin) && !r.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** What A's service worker shows now. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

test("B outbids A: the server's push reaches A's service worker, which shows it with the item", async ({
  browser,
}) => {
  const seller = await browser.newContext({ baseURL: server.origin });
  const title = 'Harbour Lights at Dusk';
  let itemId: number;
  try {
    await createAccount(seller, { name: 'Sol Reyes', origin: server.origin });
    itemId = await uploadItem(
      seller,
      {
        title,
        description: 'An auction for the push test.',
        rateEth: '1',
        endDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
      server.origin,
    );
  } finally {
    await seller.close();
  }
  const path = `/item-detail/${itemId}`;

  const a = await collector(browser, 'Ada');
  const b = await collector(browser, 'Bo');
  try {
    await openApp(a.page, path);
    await waitForServiceWorker(a.page);

    // A's device subscribes: the local push service's subscription, with the server's key,
    // registered through the API with A's session (the app's button does the same with the
    // browser's own push service).
    const keyAnswer = await a.page.request.get(`${server.origin}/api/web-push/key`);
    expect(keyAnswer.ok()).toBe(true);
    const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
    const subscription = await push.subscribe(publicKey);
    const registered = await a.page.request.post(`${server.origin}/api/web-push/subscription`, {
      headers: { origin: server.origin },
      data: { endpoint: subscription.endpoint, keys: subscription.keys },
    });
    expect(registered.ok(), await registered.text()).toBe(true);

    await openApp(b.page, path);
    await placeBid(a.page, '4.8');
    await expect(highestBid(b.page)).toHaveText('4.8 ETH', { timeout: 15_000 });
    await placeBid(b.page, '6');
    await expect(highestBid(a.page)).toHaveText('6 ETH', { timeout: 15_000 });

    // The push service got one message for A: the outbid, decrypted by the service.
    let sent: string[] = [];
    await expect
      .poll(async () => (sent = await push.messages(subscription)).length, { timeout: 15_000 })
      .toBe(1);
    const payload = sent[0] ?? '';
    expect(JSON.parse(payload)).toMatchObject({ title: 'You were outbid' });

    // Delivered to A's service worker as the push service would; it shows the notification.
    expect(await shownNotifications(a.page)).toEqual([]);
    const cdp = await a.context.newCDPSession(a.page);
    try {
      const id = await registrationId(cdp, server.origin);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.origin,
        registrationId: id,
        data: payload,
      });
    } finally {
      await cdp.detach();
    }
    await expect
      .poll(() => shownNotifications(a.page), { timeout: 10_000 })
      .toEqual([
        {
          title: 'You were outbid',
          body: expect.stringContaining(title),
          tag: `item-${itemId}`,
        },
      ]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
