import type { Page, Request } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { waitForPageLoaded } from './support/page-loaded';

// Content screens: docs/product.md "Blog", "About us and contact", "Help centre"; "Records and
// fields" (support request and contact fields); "States" (accordions); "Error messages" (support
// form error and message areas); "Fixed values" (latest blog 3, team 4, FAQs 4x4, 12 blog posts);
// docs/product.md "Writes" and "Embedded video and map".

/** Requests to any origin other than the app's own. */
function watchThirdParty(page: Page, baseURL: string | undefined): string[] {
  const own = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== own) seen.push(url);
  });
  return seen;
}

/** Answers third-party frames with a tiny local page so tests never depend on the network. */
async function stubEmbeds(page: Page): Promise<void> {
  await page.route(/youtube-nocookie\.com|openstreetmap\.org/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>embed</title>' }),
  );
}

// Every content route's own deep link (its heading, one h1, axe, no request to another origin):
// tests/routes.spec.ts.

test.describe('Blog list and detail (docs/product.md "Blog")', () => {
  test('the list pages through 12 posts with the page in the URL', async ({ page }) => {
    await page.goto('/blogs');
    const posts = page.getByRole('list', { name: 'Blog posts' }).getByRole('article');
    await expect(posts).toHaveCount(6);
    const first = posts.first();
    await expect(first.getByText('5 min read')).toBeVisible();
    await expect(first.getByText('Arts', { exact: true })).toBeVisible();
    await expect(first.getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/blog-detail/1',
    );
    await expect(first.getByRole('link', { name: '@mateorossi' })).toHaveAttribute(
      'href',
      /\/creator-profile\/\d+$/,
    );
    const pages = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    await expect(posts).toHaveCount(6);
    await expect(posts.first().getByRole('heading')).toHaveText(/The Humble GIF Is Back/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goBack();
    await expect(posts.first().getByRole('heading')).toHaveText(/What Bauhaus/);

    await page.goto('/blogs?page=9');
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
  });

  test('a post shows title, date, author, cover, article and 3 latest posts', async ({ page }) => {
    await page.goto('/blog-detail/1');
    const article = page.getByRole('article', { name: /What Bauhaus/ });
    await expect(article.getByText('18 Jun 2026')).toBeVisible();
    await expect(article.getByRole('link', { name: 'Mateo Rossi' })).toBeVisible();
    await expect(article.getByRole('img', { name: /Cover of/ })).toBeVisible();
    await expect(article.getByText(/A digital collectible is a record/)).toBeVisible();
    const latest = page.getByRole('region', { name: 'More from the blog' });
    await expect(latest.getByRole('article')).toHaveCount(3);
    await expect(latest.getByRole('article', { name: /What Bauhaus/ })).toHaveCount(0);
  });

  test('an unknown blog id shows the not-found view in the layout with a way back', async ({
    page,
  }) => {
    await page.goto('/blog-detail/999');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found?' })).toBeVisible();
    await expect(page.getByText(/blog post you were looking for/)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});

test.describe('docs/product.md "Embedded video and map"', () => {
  for (const path of ['/blog-detail/1', '/aboutus']) {
    test(`${path}: the video frame loads only after the modal opens, and the modal closes`, async ({
      page,
      baseURL,
    }) => {
      const thirdParty = watchThirdParty(page, baseURL);
      await stubEmbeds(page);
      await page.goto(path);
      // Loaded, and no frame yet: only the click below brings it.
      await waitForPageLoaded(page);
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(thirdParty).toEqual([]);

      const play = page.getByRole('button', { name: /^Play video:/ });
      await play.click();
      const dialog = page.getByRole('dialog', { name: 'Artmint showcase video' });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com/);
      await expect.poll(() => thirdParty.length).toBeGreaterThan(0);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(play).toBeFocused();
    });
  }

  test('offline the video modal shows the poster and says it needs a connection', async ({
    page,
    context,
    consoleErrors,
  }) => {
    // Images not fetched before the network went away fail to load; that is the point here.
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED/);
    await page.goto('/blog-detail/1');
    // The network goes once the page and the shell's later chunks have loaded.
    await waitForPageLoaded(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: /^Play video:/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Video available when you are online')).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await context.setOffline(false);
  });

  test('the contact map loads only when scrolled into view', async ({ page, baseURL }) => {
    const thirdParty = watchThirdParty(page, baseURL);
    await stubEmbeds(page);
    await page.goto('/contact');
    // Loaded, and no map yet: only scrolling to it brings it.
    await waitForPageLoaded(page);
    expect(thirdParty).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('heading', { name: 'Find the studio' }).scrollIntoViewIfNeeded();
    await expect(page.locator('iframe[title^="Map:"]')).toHaveAttribute('src', /openstreetmap/);
    await expect(page.getByRole('link', { name: /View on map/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org/,
    );
  });
});

test.describe('About Us (docs/product.md "About us and contact"): counters under "Trusted by more than 20K users"', () => {
  const FINAL = ['$40M', '200+', '235K'];

  test('with reduced motion the final values show at once, and the team of four', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/aboutus');
    const trust = page.getByRole('region', { name: 'Trusted by more than 20K users' });
    await expect(trust.getByTestId('stat-shown')).toHaveText(FINAL);
    await expect(trust.locator('dd .visually-hidden')).toHaveText(FINAL);
    await expect(trust.locator('dt')).toHaveText(['Trading volume', 'NFTs created', 'Total users']);
    const team = page.getByRole('region', { name: 'Meet the management team' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: 'Latest from the blog' }).getByRole('article'),
    ).toHaveCount(3);
  });

  test('without reduced motion they count up once in view and end on the final values', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/aboutus');
    const trust = page.getByRole('region', { name: 'Trusted by more than 20K users' });
    // The final values are in the page for screen readers from the start.
    await expect(trust.locator('dd .visually-hidden')).toHaveText(FINAL);
    await trust.scrollIntoViewIfNeeded();
    await expect(trust.getByTestId('stat-shown')).toHaveText(FINAL);
  });
});
