import type { Page, Request } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { waitForPageLoaded } from './support/page-loaded';

// Item detail media and sharing: docs/product.md "Shared blocks" (Image lightbox), "States"
// and 9 (lightbox states and constants); docs/product.md "Beyond the spec" (Web Share, copy).
// Against the production build.

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });

test.describe('copy and share (docs/product.md "Beyond the spec")', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  test('copy buttons put the contract address and token id on the clipboard', async ({ page }) => {
    await page.goto('/item-detail/1');
    const address = await main(page).locator('code[title^="0x"]').getAttribute('title');
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    await main(page).getByRole('button', { name: 'Copy the contract address' }).click();
    await expect(
      main(page).getByRole('button', { name: 'Copied the contract address' }),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
      'Copied the contract address',
    );
    expect(await clipboard(page)).toBe(address);
    await main(page).getByRole('button', { name: 'Copy the token ID' }).click();
    expect(await clipboard(page)).toBe('1037');
  });

  test('share copies the link where there is no Web Share, and uses it where there is', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Chromium on Linux has no navigator.share; the first visit keeps it that way.
      if (sessionStorage.getItem('fake-share') === '1') {
        Object.defineProperty(navigator, 'share', {
          value: (data: ShareData) => {
            sessionStorage.setItem('shared', JSON.stringify(data));
            return Promise.resolve();
          },
        });
      }
    });
    await page.goto('/item-detail/5');
    await main(page).getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Link copied');
    expect(await clipboard(page)).toMatch(/\/item-detail\/5$/);

    await page.evaluate(() => sessionStorage.setItem('fake-share', '1'));
    await page.reload();
    await main(page).getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('shared')))
      .toContain('/item-detail/5');
  });
});

test.describe('image lightbox (docs/product.md "Shared blocks"; "States", "Fixed values")', () => {
  const isLibrary = (request: Request) => /photoswipe|swiper/i.test(request.url());

  test('loads PhotoSwipe on first open; arrows move, Escape closes, focus returns', async ({
    page,
    axe,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (isLibrary(request)) requests.push(request.url());
    });
    await page.goto('/item-detail/1');
    await expect(heading(page)).toHaveText('Violet Bloom');
    // Loaded, and neither library yet: only opening the lightbox brings PhotoSwipe.
    await waitForPageLoaded(page);
    expect(requests, 'no PhotoSwipe or Swiper before the first open').toEqual([]);

    const opener = main(page).getByRole('button', { name: /View image 2 of 4/ });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Violet Bloom: images' });
    await expect(viewer).toBeVisible();
    expect(requests.some((url) => /photoswipe.*\.js/.test(url))).toBe(true);
    const counter = viewer.locator('.pswp__counter');
    await expect(counter).toHaveText('2 / 4');
    await expect(viewer).toHaveAttribute('data-slide-state', 'complete');
    // docs/product.md "Fixed values": fade 250 ms.
    await expect(viewer).toHaveCSS('--pswp-transition-duration', '250ms');
    await expect(viewer).toHaveAttribute('data-open', 'true');
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('3 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('1 / 4');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a sideways drag changes the slide and a pull down closes', async ({ page }) => {
    // PhotoSwipe measures a drag's speed and springs the slides with Date.now and animation
    // frames: the page's clock (running, and moved on below) sets the pace of each gesture.
    await page.clock.install();
    await page.goto('/item-detail/1');
    await main(page)
      .getByRole('button', { name: /View image 2 of 4/ })
      .click();
    const viewer = page.getByRole('dialog', { name: 'Violet Bloom: images' });
    const counter = viewer.locator('.pswp__counter');
    await expect(counter).toHaveText('2 / 4');
    await expect(viewer).toHaveAttribute('data-open', 'true');
    const box = await viewer.boundingBox();
    if (!box) throw new Error('the lightbox has no box');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // Slowly (at least 40 ms of the page's time per 5 px step, and still for 120 ms before the
    // release), 40 px: only the 30 px threshold makes this a swipe.
    const slowDrag = async (dx: number, dy: number) => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let step = 1; step <= 8; step += 1) {
        await page.mouse.move(cx + step * dx, cy + step * dy);
        await page.clock.runFor(40);
      }
      await page.clock.runFor(120);
      await page.mouse.up();
    };
    await slowDrag(-5, 0);
    await expect(counter).toHaveText('3 / 4');
    // The slide springs into place (well under 700 ms of the page's time) before the next drag.
    await page.clock.runFor(700);
    await slowDrag(0, 5);
    await expect(viewer).toBeHidden();
  });

  test('an image that fails to load shows an error message, not a blank', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/Failed to load resource|ERR_FAILED/);
    await page.route('**/item-1-sub-3.svg', (route) => route.abort());
    await page.goto('/item-detail/1');
    await main(page)
      .getByRole('button', { name: /View image 4 of 4/ })
      .click();
    const viewer = page.getByRole('dialog', { name: 'Violet Bloom: images' });
    await expect(
      viewer.getByText('This image could not be loaded.', { exact: true }),
    ).toBeVisible();
    await expect(viewer).toHaveAttribute('data-slide-state', 'error');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('opens and closes at once under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/item-detail/1');
    const opener = main(page).getByRole('button', { name: /View Violet Bloom full screen/ });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Violet Bloom: images' });
    await expect(viewer.locator('.pswp__counter')).toHaveText('1 / 4');
    // No fade: PhotoSwipe's transitions last 0 ms.
    await expect(viewer).toHaveCSS('--pswp-transition-duration', '0ms');
    await expect(viewer).toHaveAttribute('data-open', 'true');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
