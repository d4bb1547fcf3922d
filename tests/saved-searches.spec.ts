import { expect, test } from './support/fixtures';
import { openLive, phoneAndLaptop, type Device } from './support/devices';

// Saved searches offline-first, on every device (docs/product.md "Saved searches", docs/sync.md
// "Account channel"): a phone offline watches explore's search at once; back online its push
// reaches the server and the laptop's open notifications page lists the search through the
// account's log on the live stream, without a reload; stopping it on the laptop takes it off the
// phone's explore.

/** How long a device back online may take: its reconnection, its push, the other's stream. */
const OTHER_DEVICE_MS = 10_000;

test.describe('a watched search on two devices', () => {
  test.describe.configure({ timeout: 120_000 });
  let phone: Device;
  let laptop: Device;

  test.beforeEach(async ({ browser }) => {
    ({ phone, laptop } = await phoneAndLaptop(browser));
  });

  test.afterEach(async () => {
    await phone.context.close();
    await laptop.context.close();
  });

  test('watched offline shows at once, reaches the other device online, stops there', async () => {
    await openLive(laptop.page, '/notifications');
    const list = laptop.page.getByRole('region', { name: 'Watched searches' });
    await expect(list.getByText(/press Watch this search/)).toBeVisible();

    await openLive(phone.page, '/explore-one?q=Neon&items=auctions');
    await phone.context.setOffline(true);
    const main = phone.page.getByRole('main');
    await expect(main.getByText(/You are offline: a search you watch is kept/)).toBeVisible();
    await main.getByRole('button', { name: 'Watch this search' }).click();
    await expect(main.getByRole('button', { name: 'Stop watching' })).toBeVisible();
    await expect(main.getByText('Watching', { exact: true })).toBeVisible();

    await phone.context.setOffline(false);
    const watched = list.getByRole('list', { name: 'Watched searches' });
    await expect(watched.getByText('“Neon”, Auctions')).toBeVisible({ timeout: OTHER_DEVICE_MS });

    await watched.getByRole('button', { name: 'Stop watching “Neon”, Auctions' }).click();
    await expect(list.getByText(/press Watch this search/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Watch this search' })).toBeVisible({
      timeout: OTHER_DEVICE_MS,
    });
  });
});
