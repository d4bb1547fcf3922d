import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createAccount, type TestAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { placeBid, syncStatus, uploadItem } from './support/market';
import { currentServer } from './support/spec-server';
import { device, logIn, openLive, phoneAndLaptop, type Device } from './support/devices';
import { pngFile } from './support/test-files';

// One collector, two devices (docs/sync.md "The account's own records on every device",
// docs/product.md): a phone and a laptop signed in to one account are two browser contexts.
// What one does reaches the other's open page through the account's own log on the live
// stream, without a reload; edits of different fields of one profile section both stand, and
// the same field edited on both says on the device whose edit lost what was kept.

/** The account channel's bound in a browser: the other open device has it within 2 s. */
const OTHER_DEVICE_MS = 2000;

/** Resolves once a push from `page` reached the server and was answered. */
function pushed(page: Page) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/push') && r.request().method() === 'POST' && r.ok(),
  );
}

const personal = (page: Page) => page.getByRole('form', { name: 'Personal detail' });

/** The card of item 7 ("Emerald Shard") in item 2's "More like this". */
const favourite = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Favourite Emerald Shard' }).first();

/** The item's card, by its title link, on the account's own profile. */
const created = (page: Page, title: string) =>
  page.getByRole('main').getByRole('link', { name: title, exact: true });

/** Fills Upload Your Work on `page` (open on /upload-work) and sends it, as upload.spec.ts does:
 * the device keeps the item and queues it for the server. */
async function uploadOnPage(page: Page, title: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Upload file').setInputFiles(pngFile());
  await main.getByLabel('Art Title').fill(title);
  await main.getByLabel('Description').fill('Uploaded on the phone.');
  await main.getByLabel('Rate').fill('0.25');
  await main.getByRole('button', { name: 'Upload your work' }).click();
}

/** How long a device back online may take to catch up: its reconnection, then its pulls. */
const BACK_ONLINE_MS = 10_000;

test.describe('one collector on two devices', () => {
  test.describe.configure({ timeout: 120_000 });
  let phone: Device;
  let laptop: Device;
  let account: TestAccount;

  test.beforeEach(async ({ browser }) => {
    ({ phone, laptop, account } = await phoneAndLaptop(browser, { width: 390, height: 844 }));
  });

  test.afterEach(async () => {
    await phone.context.close();
    await laptop.context.close();
  });

  test('a follow and a favourite made on the phone show on the laptop within 2 s', async () => {
    await openLive(laptop.page, '/creator-profile/3');
    const laptopFollow = laptop.page.getByRole('button', { name: 'Follow me' });
    await expect(laptopFollow).toHaveAttribute('aria-pressed', 'false');

    await openLive(phone.page, '/creator-profile/3');
    const answered = pushed(phone.page);
    await phone.page.getByRole('button', { name: 'Follow me' }).click();
    await answered;
    await expect(laptopFollow).toHaveAttribute('aria-pressed', 'true', {
      timeout: OTHER_DEVICE_MS,
    });

    await openLive(laptop.page, '/item-detail/2');
    await expect(favourite(laptop.page)).toHaveAttribute('aria-pressed', 'false');
    await openLive(phone.page, '/item-detail/2');
    const favourited = pushed(phone.page);
    await favourite(phone.page).click();
    await favourited;
    await expect(favourite(laptop.page)).toHaveAttribute('aria-pressed', 'true', {
      timeout: OTHER_DEVICE_MS,
    });
  });

  test("an upload made on the phone shows on the laptop's own profile within 2 s", async () => {
    // An earlier upload of the account's: the laptop's profile lists it when it opens.
    await uploadItem(phone.page, {
      title: 'First Light',
      description: 'An earlier upload.',
      rateEth: '0.5',
    });
    await openLive(laptop.page, '/creator-profile');
    await expect(created(laptop.page, 'First Light')).toBeVisible();
    await expect(created(laptop.page, 'Violet Tide')).toHaveCount(0);

    await openLive(phone.page, '/upload-work');
    const answered = pushed(phone.page);
    await uploadOnPage(phone.page, 'Violet Tide');
    await answered;
    await expect(created(laptop.page, 'Violet Tide')).toBeVisible({ timeout: OTHER_DEVICE_MS });
    await expect(laptop.page.getByRole('tab', { name: /^Created/ })).toHaveAccessibleName(
      /^Created\s*2$/,
    );
    await expect(created(laptop.page, 'First Light')).toBeVisible();
    await expect(
      phone.page.getByRole('main').getByRole('heading', { name: /Violet Tide.* is uploaded/ }),
    ).toBeVisible();
  });

  test('edits of different fields on both stand; the same field says on the losing device what was kept', async () => {
    await openLive(phone.page, '/creator-profile-edit');
    await openLive(laptop.page, '/creator-profile-edit');

    // Different fields of one section, saved on both devices from the same version.
    await personal(phone.page).getByLabel('Occupation').fill('Painter');
    await personal(laptop.page).getByLabel('Description').fill('Paints violet waves.');
    const phoneSaved = pushed(phone.page);
    await personal(phone.page).getByRole('button', { name: 'Save' }).click();
    await phoneSaved;
    const laptopSaved = pushed(laptop.page);
    await personal(laptop.page).getByRole('button', { name: 'Save' }).click();
    await laptopSaved;
    await expect(syncStatus(laptop.page)).toHaveAccessibleName('All changes synced');

    // Each open form shows the other device's field, and what it typed itself.
    for (const page of [phone.page, laptop.page]) {
      await expect(personal(page).getByLabel('Occupation')).toHaveValue('Painter', {
        timeout: OTHER_DEVICE_MS,
      });
      await expect(personal(page).getByLabel('Description')).toHaveValue('Paints violet waves.', {
        timeout: OTHER_DEVICE_MS,
      });
    }

    // The same field on both, the laptop offline: the phone's save reaches the server first and
    // stands; the laptop's, pushed once it is back, is told what was kept.
    await laptop.context.setOffline(true);
    await personal(laptop.page).getByLabel('Occupation').fill('Weaver');
    await personal(laptop.page).getByRole('button', { name: 'Save' }).click();
    await expect(syncStatus(laptop.page)).toHaveAccessibleName('1 change waiting to sync');
    await personal(phone.page).getByLabel('Occupation').fill('Sculptor');
    const first = pushed(phone.page);
    await personal(phone.page).getByRole('button', { name: 'Save' }).click();
    await first;
    const second = pushed(laptop.page);
    await laptop.context.setOffline(false);
    await second;

    await expect(personal(laptop.page).getByLabel('Occupation')).toHaveValue('Sculptor', {
      timeout: OTHER_DEVICE_MS,
    });
    await syncStatus(laptop.page).click();
    const note = laptop.page.getByRole('note', { name: /^Kept from another device/ });
    await expect(note).toContainText('Sculptor');
    await expect(note).toContainText('Weaver');
    await expect(personal(phone.page).getByLabel('Occupation')).toHaveValue('Sculptor');
  });

  test('a laptop that was offline catches up once back, and a third device signing in has it all', async ({
    browser,
  }) => {
    await openLive(laptop.page, '/creator-profile/3');
    const laptopFollow = laptop.page.getByRole('button', { name: 'Follow me' });
    await expect(laptopFollow).toHaveAttribute('aria-pressed', 'false');
    await laptop.context.setOffline(true);

    // On the phone, while the laptop is away: a follow, a favourite and a profile field.
    await openLive(phone.page, '/creator-profile/3');
    let answered = pushed(phone.page);
    await phone.page.getByRole('button', { name: 'Follow me' }).click();
    await answered;
    await openLive(phone.page, '/item-detail/2');
    answered = pushed(phone.page);
    await favourite(phone.page).click();
    await answered;
    await openLive(phone.page, '/creator-profile-edit');
    await personal(phone.page).getByLabel('Occupation').fill('Printmaker');
    answered = pushed(phone.page);
    await personal(phone.page).getByRole('button', { name: 'Save' }).click();
    await answered;
    // And an upload (through the API, as the app sends one: the upload test above drives the form).
    await uploadItem(phone.page, {
      title: 'Night Train',
      description: 'Uploaded while the laptop was away.',
      rateEth: '0.5',
    });

    // Nothing reached the laptop while it was offline; back online, all of it does.
    await expect(laptopFollow).toHaveAttribute('aria-pressed', 'false');
    await laptop.context.setOffline(false);
    await expect(laptopFollow).toHaveAttribute('aria-pressed', 'true', { timeout: BACK_ONLINE_MS });
    await laptop.page.goto('/item-detail/2');
    await expect(favourite(laptop.page)).toHaveAttribute('aria-pressed', 'true');
    await laptop.page.goto('/creator-profile');
    await expect(created(laptop.page, 'Night Train')).toBeVisible();

    // A third device, fresh, signs in: the account's records are there without a reload.
    const tablet = await device(browser, { width: 820, height: 1180 });
    try {
      await logIn(tablet.page, account);
      await openLive(tablet.page, '/creator-profile/3');
      await expect(tablet.page.getByRole('button', { name: 'Follow me' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await openLive(tablet.page, '/item-detail/2');
      await expect(favourite(tablet.page)).toHaveAttribute('aria-pressed', 'true');
      await openLive(tablet.page, '/creator-profile-edit');
      await expect(personal(tablet.page).getByLabel('Occupation')).toHaveValue('Printmaker');
      await openLive(tablet.page, '/creator-profile');
      await expect(created(tablet.page, 'Night Train')).toBeVisible();
    } finally {
      await tablet.context.close();
    }
  });

  test("a purchase and an offer made on the phone show on the laptop's open pages within 2 s", async ({
    browser,
  }) => {
    // A seller lists two fixed-price items: one to buy, one to make an offer on.
    const seller = await browser.newContext();
    try {
      await createAccount(seller, { name: 'Sol Reyes' });
      const bought = await uploadItem(seller, {
        title: 'Amber Pulse',
        description: 'A purchase for two devices.',
        rateEth: '1.5',
      });
      const offered = await uploadItem(seller, {
        title: 'Quiet Loom',
        description: 'An offer for two devices.',
        rateEth: '4',
      });

      // The purchase: the laptop's open page says the account owns the item.
      await openLive(laptop.page, `/item-detail/${bought}`);
      await openLive(phone.page, `/item-detail/${bought}`);
      const owned = (page: Page) => page.getByRole('main').getByText('You own this item');
      await expect(owned(laptop.page)).toHaveCount(0);
      const purchase = pushed(phone.page);
      await phone.page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
      const checkout = phone.page.getByRole('dialog', { name: 'Checkout' });
      await checkout.getByRole('button', { name: 'Confirm purchase' }).click();
      await purchase;
      await expect(owned(laptop.page)).toBeVisible({ timeout: OTHER_DEVICE_MS });

      // The offer: the laptop's open page lists it among the item's open offers.
      await openLive(laptop.page, `/item-detail/${offered}`);
      await openLive(phone.page, `/item-detail/${offered}`);
      const offers = (page: Page) =>
        page.getByRole('main').getByRole('list', { name: 'Open offers' });
      await expect(offers(laptop.page)).toHaveCount(0);
      const offer = pushed(phone.page);
      await phone.page.getByRole('main').getByRole('button', { name: 'Make an offer' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Make an offer' });
      await dialog.getByLabel('Your offer (ETH)').fill('2');
      await dialog.getByRole('button', { name: 'Make the offer' }).click();
      await offer;
      await expect(offers(laptop.page)).toContainText('2 ETH from Mia Chen', {
        timeout: OTHER_DEVICE_MS,
      });
    } finally {
      await seller.close();
    }
  });

  test("a bid made on the phone, and its outbid status, show on the laptop's open page within 2 s", async ({
    browser,
  }) => {
    // A seller lists an auction of its own; a rival will outbid Mia through the API.
    const seller = await browser.newContext();
    const rival = await browser.newContext();
    try {
      const { origin } = currentServer();
      await createAccount(seller, { name: 'Sol Reyes' });
      const itemId = await uploadItem(seller, {
        title: 'Tidal Glass',
        description: 'An auction for two devices.',
        rateEth: '1',
        endDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
      });
      await createAccount(rival, { name: 'Ravi Kapoor' });

      const standing = (page: Page) => page.getByRole('status', { name: 'Your bid' });
      await openLive(laptop.page, `/item-detail/${itemId}`);
      await openLive(phone.page, `/item-detail/${itemId}`);
      await expect(standing(laptop.page)).toHaveCount(0);

      const bid = pushed(phone.page);
      await placeBid(phone.page, '2');
      await bid;
      await expect(standing(laptop.page)).toHaveText('You are the highest bidder.', {
        timeout: OTHER_DEVICE_MS,
      });

      const outbid = await rival.request.post(`${origin}/api/push`, {
        headers: { origin },
        data: {
          mutations: [
            {
              id: randomUUID(),
              v: 1,
              at: new Date().toISOString(),
              kind: 'bid',
              args: { itemId, priceEth: '3', quantity: 1 },
            },
          ],
        },
      });
      expect(await outbid.json()).toMatchObject({ results: [{ status: 'applied' }] });
      for (const page of [laptop.page, phone.page]) {
        await expect(standing(page)).toHaveText(/^You were outbid: the highest bid is now 3/, {
          timeout: OTHER_DEVICE_MS,
        });
      }
    } finally {
      await seller.close();
      await rival.close();
    }
  });
});
