import type { Page } from '@playwright/test';
import { openApp, signUpAndIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { collector, syncStatus, uploadItem } from './support/market';

// An owner accepts an offer and the bidder sees the
// purchase; an auction ending during the test settles once, on the server's own timer, and both
// pages say so. Two collectors are two browser contexts on this file's server; A's items are
// uploaded through the API as the app uploads them (an image, then an `item` change). This
// file's auction ends with no bid; one that ends with bids, and its winner, is in
// settlement.spec.ts (on PostgreSQL, where the test moves the auction's end).

test.describe.configure({ timeout: 120_000 });

/** A's upload through the API: returns the new item's server id. */
function upload(page: Page, title: string, fields: Record<string, string> = {}) {
  return uploadItem(page, { title, description: 'For the offers test', ...fields });
}

/** Reloads (the engine pulls on start) until `check` passes. */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 45_000, intervals: [500, 1_000, 2_000] });
}

test('an owner accepts an offer and the bidder sees the purchase', async ({ page, browser }) => {
  await signUpAndIn(page, { name: 'Ada Owner' });
  const itemId = await upload(page, 'Offer Wave', { rateEth: '3' });
  const b = await collector(browser, 'Bea Bidder');
  try {
    await openApp(b.page, `/item-detail/${itemId}`);
    // Offer Wave sells at a fixed price: a bid on it is an offer (issue 31).
    await b.page.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Make an offer' });
    await dialog.getByLabel('Your offer (ETH)').fill('2');
    await dialog.getByRole('button', { name: 'Make the offer' }).click();
    await expect(dialog).toBeHidden();
    await expect(syncStatus(b.page)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });

    // A, the owner, sees the offer and accepts it, after a confirmation.
    await openApp(page, `/item-detail/${itemId}`);
    const accept = page.getByRole('button', { name: 'Accept the offer of 2 ETH from Bea Bidder' });
    await reloadUntil(page, () => expect(accept).toBeVisible());
    await accept.click();
    const confirm = page.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Accept offer' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Sold to Bea Bidder' })).toBeVisible();
    await expect(syncStatus(page)).toHaveAccessibleName('All changes synced', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Open offers' })).toBeHidden();

    // B's page, still open since the bid, learns it from the live stream: no reload.
    await expect(b.page.getByText('You own this item')).toBeVisible({ timeout: 5_000 });
    await expect(b.page.getByText('Sold to Bea Bidder')).toBeVisible();
    await expect(b.page.getByRole('button', { name: 'Make an offer' })).toBeHidden();
    const me = (await (await b.page.request.get('/api/me')).json()) as {
      purchases: { itemId: number; priceEth: string }[];
    };
    expect(me.purchases).toEqual([expect.objectContaining({ itemId, priceEth: '2' })]);
    // Each side of the sale reads "You" to its collector and the name to the other.
    await b.page.getByRole('tab', { name: 'Activity' }).click();
    const bought = (who: string) =>
      `Bought at 2.00 ETH: ${who} bought Offer Wave when the owner accepted the offer`;
    const sold = (who: string) => `Sold at 2.00 ETH: ${who} sold Offer Wave to Bea Bidder`;
    await expect(b.page.getByText(bought('You'))).toBeVisible();
    await expect(b.page.getByText(sold('Ada Owner'))).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByText(sold('You'))).toBeVisible();
    await expect(page.getByText(bought('Bea Bidder'))).toBeVisible();
  } finally {
    await b.context.close();
  }
  expect(b.errors, 'console errors in B').toEqual([]);
});

test('an auction ending during the test settles once and both pages say so', async ({
  page,
  browser,
}) => {
  await signUpAndIn(page, { name: 'Ada Owner' });
  const endsAt = new Date(Date.now() + 15_000);
  const itemId = await upload(page, 'Short Auction', { endDate: endsAt.toISOString() });
  const b = await collector(browser, 'Bea Bidder');
  try {
    await Promise.all([
      openApp(page, `/item-detail/${itemId}`),
      openApp(b.page, `/item-detail/${itemId}`),
    ]);
    for (const p of [page, b.page]) {
      await expect(p.getByRole('timer', { name: /^Auction ends in/ })).toBeVisible();
    }
    // At the end the device's clock stops bids at once; the server's settler decides.
    await expect(b.page.getByRole('button', { name: 'Bid Now' })).toBeDisabled({
      timeout: 30_000,
    });
    // The settler wakes at the latest 30 s after the upload; both open pages learn it live.
    for (const p of [page, b.page]) {
      await expect(p.getByText('Auction ended · no bids')).toBeVisible({ timeout: 45_000 });
      await expect(p.getByRole('timer')).toBeHidden();
    }
    await expect(b.page.getByRole('button', { name: 'Buy Now' })).toHaveAccessibleDescription(
      'Auction ended · no bids',
    );

    // Once: one settlement in the change log.
    const keys: string[] = [];
    for (let since = 0, more = true; more;) {
      const body = (await (await page.request.get(`/api/changes?since=${since}`)).json()) as {
        changes: { key: string }[];
        cursor: number;
        more: boolean;
      };
      keys.push(...body.changes.map((c) => c.key));
      ({ cursor: since, more } = body);
    }
    expect(keys.filter((key) => key === `ended-${itemId}`)).toHaveLength(1);
  } finally {
    await b.context.close();
  }
  expect(b.errors, 'console errors in B').toEqual([]);
});
