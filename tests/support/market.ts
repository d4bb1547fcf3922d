import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { signUpAndIn } from './accounts';
import { currentServer } from './spec-server';
import { pngFile } from './test-files';

// What the specs of two collectors trading share: a free port for a server of their own, a
// collector in a browser context of their own, the item page's highest bid, a bid through the
// app's dialog, the sync status, and an upload through the API.

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * A collector in a browser context of their own, signed in (on the spec file's server unless
 * `origin` names another); their console errors and uncaught page errors are collected.
 */
export async function collector(
  browser: Browser,
  name: string,
  origin = currentServer().origin,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: origin });
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${name}: ${message.text()}`);
  });
  context.on('weberror', (error) => errors.push(`${name}: ${error.error().message}`));
  const page = await context.newPage();
  await signUpAndIn(page, { name, origin });
  return { context, page, errors };
}

/** The header's sync status button ("N changes waiting to sync", "All changes synced"...). */
export function syncStatus(page: Page): Locator {
  return page.getByRole('button', { name: /waiting to sync|All changes synced|refused$/ });
}

/** Waits until the engine found the server (the status shows only then), all synced. */
export async function engineOnline(page: Page): Promise<void> {
  await expect(syncStatus(page)).toHaveAccessibleName('All changes synced', { timeout: 30_000 });
}

/** The item page's "Highest Bid" figure on an auction, its "Best offer" on any other item. */
export function highestBid(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Sale' })
    .locator('div')
    .filter({ has: page.getByText(/^(Highest Bid|Best offer)$/) })
    .locator('dd');
}

/**
 * Bids `eth` on the item page through the app's dialog (the device queues it): "Bid Now" and
 * "Place a Bid" on an auction, "Make an offer" on any other item (issue 31).
 */
export async function placeBid(page: Page, eth: string): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /^(Bid Now|Make an offer)$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^(Place a Bid|Make an offer)$/ });
  await dialog.getByLabel(/^Your (bid|offer) \(ETH\)/).fill(eth);
  await dialog.getByRole('button', { name: /^(Place a bid|Make the offer)$/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An upload by the page's signed-in collector through the API, as the app sends one (the
 * image, then an `item` change); returns the new item's server id. On the spec file's server
 * unless `origin` names another.
 */
export async function uploadItem(
  page: Pick<Page, 'request'>,
  args: { title: string; description: string } & Record<string, string>,
  origin = currentServer().origin,
): Promise<number> {
  const imageId = randomUUID();
  const image = pngFile();
  const put = await page.request.put(`${origin}/api/images/${imageId}`, {
    headers: { origin, 'content-type': image.mimeType },
    data: image.buffer,
  });
  expect(put.ok(), `image upload: ${await put.text()}`).toBe(true);
  const response = await page.request.post(`${origin}/api/push`, {
    headers: { origin },
    data: {
      mutations: [
        {
          id: randomUUID(),
          v: 1,
          at: new Date().toISOString(),
          kind: 'item',
          args: { type: 'Art', ...args, imageId },
        },
      ],
    },
  });
  const body = (await response.json()) as { results: { status: string; itemId?: number }[] };
  expect(body.results[0], JSON.stringify(body)).toMatchObject({ status: 'applied' });
  return body.results[0]?.itemId ?? 0;
}
