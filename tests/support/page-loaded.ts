import { expect, type Page } from '@playwright/test';

// "The page has loaded what it loads by itself", asked for by name rather than guessed from a
// quiet network ('networkidle', which Playwright discourages and lint forbids in tests/): the
// load event, the parts of the shell that arrive in chunks of their own after the first paint,
// the images in view, and the web fonts. What a page fetches only on a user action (a modal's
// frame, a lightbox, a map scrolled into view) is not waited for: that is what tests check.

/**
 * Waits until `page` has loaded: its load event fired; the footer, the app status (which
 * registers the service worker) and the notification regions rendered (root-layout.tsx loads
 * each in a chunk of its own after the first paint); every image that is in view or not lazy has
 * loaded or failed; and the document's fonts are ready.
 */
export async function waitForPageLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expect(page.getByRole('status', { name: 'App status' })).toBeAttached();
  await expect(page.getByRole('status', { name: 'Notifications' })).toBeAttached();
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const inView = (image: HTMLImageElement) => {
            const box = image.getBoundingClientRect();
            return (
              box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
            );
          };
          return Array.from(document.images)
            .filter((image) => !image.complete && (image.loading !== 'lazy' || inView(image)))
            .map((image) => image.currentSrc || image.src);
        }),
      { message: 'images still loading' },
    )
    .toEqual([]);
}
