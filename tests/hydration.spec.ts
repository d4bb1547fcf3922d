import type { Page } from '@playwright/test';
import { test, expect, expectNoApp } from './support/fixtures';
import { toolbarOption } from './support/toolbar';

// A first visit paints the prerendered copy, then the app hydrates it (src/app/main.tsx): React
// adopts the DOM on screen instead of building it again. Proved here on the production build:
// the copy's own elements are the ones the live app uses, no mismatch made React render it
// afresh, the page answers clicks, and a user's saved theme or records are never lost to it.

/** Remembers the copy's header, main and first heading before the app's script runs. */
async function rememberCopy(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const copy = document.querySelector('#root > [data-prerender]');
      Object.assign(window, {
        __copy: {
          header: copy?.querySelector('header'),
          main: copy?.querySelector('main'),
          heading: copy?.querySelector('main h1'),
        },
      });
    });
  });
}

/** Waits for the app to take over, then says whether it kept the copy's elements. */
async function takeover(page: Page) {
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  return page.evaluate(() => {
    const copy = (window as unknown as { __copy: Record<string, Element | null> }).__copy;
    return {
      keptHeader: copy.header !== null && copy.header === document.querySelector('header'),
      keptMain: copy.main !== null && copy.main === document.querySelector('main'),
      keptHeading: copy.heading !== null && copy.heading === document.querySelector('main h1'),
    };
  });
}

const SCREENS = [
  '/',
  '/terms',
  '/item-detail/1',
  '/auction',
  '/explore-one',
  '/blogs',
  '/helpcenter-faqs',
  '/creator-profile-edit',
  '/maintenance',
  '/wallet',
  '/aboutus',
  '/blog-detail/1',
];

test.describe('hydrating the prerendered copy', () => {
  for (const path of SCREENS) {
    test(`${path}: the app adopts the copy's own elements, with no mismatch`, async ({ page }) => {
      await rememberCopy(page);
      await page.goto(path);
      // A mismatch would be reported as an uncaught error, which fails the test.
      expect(await takeover(page)).toEqual({
        keptHeader: true,
        keptMain: true,
        keptHeading: true,
      });
    });
  }

  test('the copy answers nothing before the app has it: a link, a key and typing are stopped', async ({
    page,
    consoleErrors,
  }) => {
    // Keep the app from starting: the blocked bundle is logged as a failed load.
    consoleErrors.ignore(/net::ERR_FAILED|Failed to load/);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    expectNoApp(page);
    await page.goto('/terms');
    await expect(page.locator('[data-prerender="/terms"]')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).first().click();
    const email = page.getByRole('contentinfo').getByRole('textbox', { name: /email/i });
    await email.click();
    await page.keyboard.type('me@example.com');
    await email.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/terms');
    await expect(email).toHaveValue('');
    // Tab still moves through the page; the copy stays as it was.
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-prerender="/terms"]')).toBeVisible();
  });

  test('a hydrated page answers clicks: Make an offer opens its dialog', async ({ page }) => {
    await rememberCopy(page);
    await page.goto('/item-detail/1');
    expect((await takeover(page)).keptMain).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Make an offer' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Make an offer' })).toBeVisible();
  });

  test('a saved light theme stays on <html> and the toolbar offers the dark one', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'artmint:theme',
        JSON.stringify({ state: { choice: 'light' }, version: 1 }),
      );
      // Every value <html> takes while the page loads: the copy's dark default must not flash.
      const seen: string[] = [];
      Object.assign(window, { __themes: seen });
      new MutationObserver(() => {
        const theme = document.documentElement.dataset.theme;
        if (theme !== undefined && seen.at(-1) !== theme) seen.push(theme);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] });
    });
    await rememberCopy(page);
    await page.goto('/terms');
    expect((await takeover(page)).keptMain).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(await toolbarOption(page, 'Switch to dark theme')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __themes: string[] }).__themes),
    ).toEqual(['light']);
  });

  test('on a device where the app has run before, even with no records yet, it renders afresh', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const request = indexedDB.open('artmint');
      request.onsuccess = () => request.result.close();
    });
    await rememberCopy(page);
    await page.goto('/terms');
    expect((await takeover(page)).keptMain).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  });

  test('with records of the user on the device the app renders afresh and shows them', async ({
    page,
  }) => {
    await page.goto('/explore-one');
    const favourite = page
      .getByRole('main')
      .getByRole('button', { name: /^Favourite /, pressed: false })
      .first();
    const label = (await favourite.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Favourite ./);
    await favourite.click();
    await expect(page.getByRole('main').getByRole('button', { name: label })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await rememberCopy(page);
    await page.reload();
    expect((await takeover(page)).keptMain).toBe(false);
    await expect(page.getByRole('main').getByRole('button', { name: label })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
