import { engineOnline } from './support/market';
import type { Page } from '@playwright/test';
import { DIST_DIR } from './support/dist';
import { createAccount, logInOnPage, signUpAndIn, signUpInApp } from './support/accounts';
import { dumpDevice } from './support/device-data';
import { expect, gotoFresh, test } from './support/fixtures';
import { brokenImages, stopServiceWorkers, waitForServiceWorker } from './support/service-worker';
import { startStaticServer } from './support/static-server';
import { bigPngFile, pngFile, textFile } from './support/test-files';

// docs/product.md "Upload and become a creator", "Records and fields" (upload item fields, Upload
// Type options), "Validation" (Art Title required, the file hint, rate placeholder, date
// selectors); docs/product.md: size and MP4 enforced on content, a real item that appears in
// explore and on the profile, survives a reload and shows offline; long forms keep a draft.

const HINT = 'Supports JPG, PNG and MP4 videos. Max file size : 10MB.';
const main = (page: Page) => page.getByRole('main');

function isoDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function fillUpload(page: Page, title: string) {
  await main(page).getByLabel('Upload file').setInputFiles(pngFile());
  await expect(main(page).getByRole('img', { name: /Preview of artwork.png/ })).toBeVisible();
  await main(page).getByLabel('Art Title').fill(title);
  await main(page).getByLabel('Description').fill('A violet wave, minted on a train.');
  await main(page).getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Music' }).click();
  await main(page).getByLabel('Rate').fill('0.25');
  await main(page).getByLabel('Starting Date').fill(isoDay(1));
  await main(page).getByLabel('Expiration date').fill(isoDay(10));
}

test.describe('Upload Your Work (docs/product.md "Upload and become a creator")', () => {
  test('shows the sidebar, the fields, the Type options and the hint verbatim', async ({
    page,
    axe,
  }) => {
    await gotoFresh(page, '/upload-work');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Your Work' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Your account' });
    for (const [name, href] of [
      ['Profile', '/creator-profile'],
      ['Upload Work', '/upload-work'],
      ['Settings', '/creator-profile-edit'],
      ['Logout', '/lock-screen'],
    ]) {
      await expect(sidebar.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(main(page).getByText(HINT, { exact: true })).toBeVisible();
    await expect(main(page).getByLabel('Rate')).toHaveAttribute('placeholder', '0.004ETH');
    await expect(main(page).getByLabel('Rate')).toHaveAttribute('type', 'number');
    await expect(main(page).getByLabel('Starting Date')).toHaveAttribute('type', 'date');
    await expect(main(page).getByLabel('Expiration date')).toHaveAttribute('type', 'date');
    await expect(main(page).getByLabel('Art Title')).toHaveAttribute('aria-required', 'true');
    await main(page).getByRole('combobox', { name: 'Type' }).click();
    await expect(page.getByRole('option')).toHaveText(['GIFs', 'Music', 'Video', 'Tech']);
    await page.keyboard.press('Escape');
    expect(await axe(page)).toEqual([]);
  });

  test('an invalid submission shows inline messages and saves nothing', async ({ page }) => {
    await signUpAndIn(page, { fresh: true, next: '/upload-work' });
    await main(page).getByLabel('Starting Date').fill(isoDay(5));
    await main(page).getByLabel('Expiration date').fill(isoDay(2));
    await main(page).getByRole('button', { name: 'Upload your work' }).click();
    await expect(main(page).getByRole('alert')).toContainText('Please fix the 3 fields');
    await expect(main(page).getByLabel('Art Title')).toHaveAccessibleDescription(
      'Art Title is required.',
    );
    await expect(main(page).getByLabel('Upload file')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByLabel('Expiration date')).toHaveAccessibleDescription(
      /after the starting date/,
    );
    const device = await dumpDevice(page);
    expect(device.stores.items ?? []).toEqual([]);
    expect(device.stores.images ?? []).toEqual([]);
  });

  test('a 12 MB file, a non-image and a text file named .png are refused with a message', async ({
    page,
  }) => {
    await signUpAndIn(page, { fresh: true, next: '/upload-work' });
    const input = main(page).getByLabel('Upload file');
    await input.setInputFiles(bigPngFile(12 * 1024 * 1024));
    await expect(input).toHaveAccessibleDescription(/12\.0 MB; the maximum is 10MB/);
    await input.setInputFiles(textFile());
    await expect(input).toHaveAccessibleDescription(/\.txt files are not supported/);
    await input.setInputFiles(textFile('fake.png', 'image/png'));
    await expect(input).toHaveAccessibleDescription(/content is not a supported image/);
    await main(page).getByLabel('Art Title').fill('Refused');
    await main(page).getByRole('button', { name: 'Upload your work' }).click();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((await dumpDevice(page)).stores.items ?? []).toEqual([]);
  });

  test('a valid upload appears in explore, on the profile and its item page after a reload', async ({
    page,
  }) => {
    await signUpAndIn(page, { fresh: true, next: '/upload-work' });
    await fillUpload(page, 'Violet Wave Test');
    await main(page).getByRole('button', { name: 'Upload your work' }).click();
    await expect(
      main(page).getByRole('heading', { name: /Violet Wave Test.* is uploaded/ }),
    ).toBeFocused();
    const device = await dumpDevice(page);
    expect(device.stores.items).toEqual([
      expect.objectContaining({ title: 'Violet Wave Test', category: 'Music', priceEth: '0.25' }),
    ]);
    expect(device.stores.images).toEqual([
      expect.objectContaining({ type: 'image/png', data: { bytes: pngFile().buffer.length } }),
    ]);
    expect(device.stores.drafts ?? []).toEqual([]);

    await page.reload();
    await page.goto('/explore-one?q=Violet%20Wave');
    await expect(main(page).getByText('Violet Wave Test').first()).toBeVisible();
    // The uploaded image is read from IndexedDB and shown (a blob: URL that decoded), and no
    // image on the page is broken meanwhile.
    const uploaded = main(page).locator('img[src^="blob:"]').first();
    await expect
      .poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(64);
    expect(await brokenImages(page)).toEqual([]);
    await page.goto('/creator-profile');
    await expect(main(page).getByText('Violet Wave Test').first()).toBeVisible();
    // Once synced, the item is known by the id the server gave it.
    await engineOnline(page);
    const synced = await dumpDevice(page);
    const stored = [...(synced.stores.items ?? []), ...(synced.stores.remoteItems ?? [])];
    const item = stored.find(
      (record) => (record as { title?: string }).title === 'Violet Wave Test',
    );
    await page.goto(`/item-detail/${(item as { id: number }).id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Violet Wave Test' })).toBeVisible();
  });

  test('signed out, a submit asks to sign in; the draft survives the trip to login and back', async ({
    page,
  }) => {
    test.slow(); // a signup on the server and a login with its slow hash on the device
    const account = await createAccount(page);
    await gotoFresh(page, '/upload-work');
    await fillUpload(page, 'Signed Out Wave');
    await main(page).getByRole('button', { name: 'Upload your work' }).click();
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText('Sign in to upload your work.');
    expect((await dumpDevice(page)).stores.items ?? []).toEqual([]);
    await expect(main(page).getByLabel('Art Title')).toHaveValue('Signed Out Wave');
    await alert.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fupload-work$/);

    await logInOnPage(page, account.email, account.password);
    await expect(page).toHaveURL(/\/upload-work$/, { timeout: 30_000 });
    await expect(main(page).getByLabel('Art Title')).toHaveValue('Signed Out Wave');
    await expect(main(page).getByLabel('Description')).toHaveValue(
      'A violet wave, minted on a train.',
    );
    await expect(main(page).getByText(/choose the image again/)).toBeVisible();
    await main(page).getByLabel('Upload file').setInputFiles(pngFile());
    await main(page).getByRole('button', { name: 'Upload your work' }).click();
    await expect(
      main(page).getByRole('heading', { name: /Signed Out Wave.* is uploaded/ }),
    ).toBeFocused();
  });

  test('a draft survives a reload and asks for the file again', async ({ page }) => {
    await gotoFresh(page, '/upload-work');
    await main(page).getByLabel('Art Title').fill('Half-typed title');
    await main(page).getByLabel('Description').fill('Typed before the reload');
    await expect
      .poll(async () => JSON.stringify((await dumpDevice(page)).stores.drafts ?? []))
      .toContain('Half-typed title');
    await page.reload();
    await expect(main(page).getByLabel('Art Title')).toHaveValue('Half-typed title');
    await expect(main(page).getByLabel('Description')).toHaveValue('Typed before the reload');
    await expect(main(page).getByText(/choose the image again/)).toBeVisible();
  });

  test('an uploaded image shows offline after the service worker installed', async ({
    browser,
  }) => {
    const server = await startStaticServer(DIST_DIR);
    const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      // A host with no API: the account made here is kept on this device only.
      await signUpInApp(page);
      await page.goto('/upload-work');
      await waitForServiceWorker(page);
      await fillUpload(page, 'Offline Wave');
      await main(page).getByRole('button', { name: 'Upload your work' }).click();
      await expect(main(page).getByRole('heading', { name: /Offline Wave/ })).toBeVisible();
      const id = ((await dumpDevice(page)).stores.items?.[0] as { id: number }).id;
      await page.close();

      await server.close();
      await expect(fetch(server.origin), 'the server is gone').rejects.toThrow();
      const offline = await context.newPage();
      await stopServiceWorkers(offline);
      await offline.goto(`/item-detail/${id}`);
      await expect(offline.getByRole('heading', { level: 1, name: 'Offline Wave' })).toBeVisible();
      const artwork = offline.locator('main img[src^="blob:"]').first();
      await expect(artwork).toBeVisible();
      // The image from the device has decoded: its real width.
      await expect
        .poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(64);
      expect(await brokenImages(offline)).toEqual([]);
    } finally {
      await context.close();
      await server.close().catch(() => undefined);
    }
  });
});

test.describe('Become creator (docs/product.md "Upload and become a creator")', () => {
  test('creates the creator profile and the first art item', async ({ page, axe }) => {
    await signUpAndIn(page, { fresh: true, next: '/become-creator' });
    await expect(page.getByRole('heading', { level: 1, name: 'Become a creator' })).toBeVisible();
    await expect(main(page).getByLabel('URL')).toHaveValue(/^https:\/\/artmint\.app\/@/);
    expect(await axe(page)).toEqual([]);
    await main(page).getByRole('button', { name: 'Create creator profile' }).click();
    await expect(main(page).getByLabel('Display name')).toHaveAttribute('aria-invalid', 'true');
    // The art is one of the form's fields (docs/product.md "Records and fields"): no profile
    // without it.
    await main(page).getByLabel('Display name').fill('Nova Reyes');
    await main(page).getByRole('button', { name: 'Create creator profile' }).click();
    await expect(main(page).getByLabel('Art image')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByLabel('Art image')).toHaveAccessibleDescription(
      /Choose the art image to list as your first work/,
    );
    expect((await dumpDevice(page)).stores.creators ?? []).toEqual([]);
    expect((await dumpDevice(page)).stores.items ?? []).toEqual([]);

    await main(page).getByLabel('Bio').fill('Glitch painter.');
    await main(page).getByLabel('Twitter account').fill('@novareyes');
    await main(page).getByLabel('Art image').setInputFiles(pngFile('first.png'));
    await main(page).getByRole('button', { name: 'Create creator profile' }).click();
    await expect(main(page).getByRole('heading', { name: 'Welcome, Nova Reyes' })).toBeVisible();
    await expect(main(page)).toContainText('@novareyes');
    const device = await dumpDevice(page);
    expect(device.stores.creators).toEqual([
      expect.objectContaining({ name: 'Nova Reyes', handle: '@novareyes' }),
    ]);
    expect(device.stores.items).toEqual([
      expect.objectContaining({ title: 'First work by Nova Reyes' }),
    ]);
    await main(page).getByRole('link', { name: 'See your profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Nova Reyes/ })).toBeVisible();
    // Signed in, the work syncs at once and the server's copy, listed under the account's id,
    // replaces the device's: it stays on "your profile".
    await expect(
      main(page).getByRole('link', { name: 'First work by Nova Reyes', exact: true }),
    ).toBeVisible();

    // The item is a real one: in explore and in the header search too.
    await page.goto('/explore-one?q=Nova');
    await expect(
      main(page).getByRole('link', { name: 'First work by Nova Reyes', exact: true }),
    ).toBeVisible();
    const search = page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Search items, creators, collections and posts' })
      .filter({ visible: true });
    if ((await search.count()) === 0) {
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    }
    await search.fill('First work by Nova');
    await expect(
      page
        .getByRole('listbox', { name: 'Search suggestions' })
        .getByRole('option', { name: /First work by Nova Reyes.*Item/ }),
    ).toBeVisible();
  });
});
