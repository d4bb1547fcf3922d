import { test, expect, expectNoApp } from './support/fixtures';
import { toolbarOption } from './support/toolbar';

// docs/product.md "On every page", "Screens and routes" ("Top navigation"): the shell, every route
// from a deep link.

test.describe('routes', () => {
  // Every route's own deep link: tests/routes.spec.ts.
  test('an unknown URL shows the 404 page inside the layout', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found?' })).toBeVisible();
    await expect(
      page.getByText(
        "Whoops, this is embarassing. Looks like the page you were looking for wasn't found.",
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('theme and direction', () => {
  test('the theme switch changes data-theme, survives a reload and beats the page default', async ({
    page,
  }) => {
    await page.goto('/terms');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await (await toolbarOption(page, 'Switch to light theme')).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // The user's choice wins over a dark-by-default page and a light-by-default page alike.
    await (await toolbarOption(page, 'Switch to dark theme')).click();
    await page.goto('/comingsoon');
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('a cold load applies the saved theme before the app script runs', async ({
    page,
    consoleErrors,
  }) => {
    // The blocked bundle is logged as a failed load; that is the point of this test.
    consoleErrors.ignore(/net::ERR_FAILED|Failed to load/);
    await page.goto('/terms');
    await (await toolbarOption(page, 'Switch to light theme')).click();
    // Block the app bundle: only the boot script can set the theme now.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    expectNoApp(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the RTL switch sets dir="rtl" and survives a reload', async ({ page }) => {
    await page.goto('/privacy');
    await (await toolbarOption(page, /switch to right-to-left layout/i)).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await (await toolbarOption(page, /switch to left-to-right layout/i)).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('in RTL an English sentence keeps its full stop at its end and lines up on the right', async ({
    page,
  }) => {
    await page.goto('/terms');
    await (await toolbarOption(page, /switch to right-to-left layout/i)).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const intro = page.getByText(/^Artmint is a front end that keeps everything/);
    const layout = await intro.evaluate((p) => {
      const text = p.firstChild as Text;
      const rectOf = (start: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + 1);
        return range.getBoundingClientRect();
      };
      const end = text.data.trimEnd().length;
      const box = p.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(p);
      return {
        // "upload." ends the paragraph: the stop must sit to the right of the "d" before it.
        stop: rectOf(end - 1).left,
        beforeStop: rectOf(end - 2).left,
        textRight: Math.max(...Array.from(range.getClientRects(), (r) => r.right)),
        boxRight: box.right,
      };
    });
    expect(layout.stop).toBeGreaterThan(layout.beforeStop);
    expect(Math.abs(layout.textRight - layout.boxRight)).toBeLessThan(2);
  });

  test('a corrupt value in every persisted key still boots the app with defaults', async ({
    page,
  }) => {
    await page.goto('/terms');
    await page.evaluate(() => {
      for (const key of [
        'artmint:theme',
        'artmint:direction',
        'artmint:explore-filters',
        'artmint:wallet',
        'artmint:session',
      ]) {
        localStorage.setItem(key, '{corrupt');
      }
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

test.describe('header', () => {
  test('turns sticky past 50 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/privacy');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await page.evaluate(() => window.scrollTo(0, 49));
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(header).toHaveAttribute('data-sticky', 'true');
  });

  test('submenus open by click, close on Escape and outside click; the current route is highlighted', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/terms');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const pages = nav.getByRole('button', { name: 'Pages' });
    await expect(pages).toHaveAttribute('aria-expanded', 'false');
    await pages.click();
    await expect(pages).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Terms' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(pages).toHaveAttribute('aria-expanded', 'false');
    await expect(pages).toBeFocused();
    await pages.click();
    // Outside: the open submenu covers the page heading, so click the footer instead.
    await page.getByRole('contentinfo').click({ position: { x: 10, y: 10 } });
    await expect(pages).toHaveAttribute('aria-expanded', 'false');
    await page.evaluate(() => window.scrollTo(0, 0));
    await pages.click();
    await nav.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  });

  test('the mobile menu toggles the navigation on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/terms');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('button', { name: 'Pages' }).click();
    await nav.getByRole('link', { name: 'Maintenance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /polishing/ })).toBeVisible();
    await expect(nav).toBeHidden();
  });

  test('the profile dropdown shows the sample user, wallet and balance', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await expect(page.getByText(/ETH$/).first()).toBeVisible();
    for (const name of ['Profile', 'Settings', 'Logout']) {
      await expect(page.locator('#profile-menu').getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('#profile-menu')).toBeHidden();
  });
});

test.describe('floating toolbar and footer', () => {
  test('back to top appears past 300 px and returns to the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto('/privacy');
    // Scroll once the page is there: before its content renders it is too short to scroll.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Display and app options' })).toBeVisible();
    const back = page.getByRole('button', { name: 'Back to top' });
    await expect(back).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 299));
    await expect(back).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await expect(back).toBeVisible();
    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(back).toHaveCount(0);
  });

  test('the footer shows the tagline and this year', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByText(
        'Buy, sell and discover exclusive digital assets by the top artists of NFTs world.',
      ),
    ).toBeVisible();
    await expect(
      footer.getByText(new RegExp(`© ${new Date().getFullYear()} Artmint`)),
    ).toBeVisible();
  });

  test('the newsletter rejects a bad email and saves a good one', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.getByRole('contentinfo');
    const email = footer.locator('input[name="email"]');
    await email.fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      footer.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('collector@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      footer.getByText(/collector@example.com is saved on this device and sent to Artmint/),
    ).toBeVisible();
  });

  test('the display options fold into one corner button that Escape and a click elsewhere close', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/terms');
    const toggle = page.getByRole('button', { name: 'Display and app options' });
    const options = page.getByRole('group', { name: 'Display and app options' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(options).toHaveCount(0);
    // On a phone the options are one 44 px button in the header bar, where they cover nothing
    // of the page; from 1024 px they float in the bottom start corner.
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Display and app options' }),
    ).toBeVisible();
    const box = await toggle.boundingBox();
    expect(box).toMatchObject({ width: 44, height: 44 });
    expect(box?.y ?? -1).toBeLessThan(72);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(options.getByRole('button')).toHaveCount(3);
    // Tab moves from the toggle into the options; choosing one keeps them open.
    await page.keyboard.press('Tab');
    await expect(options.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(options.getByRole('button', { name: 'Switch to dark theme' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(options).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(options).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.setViewportSize({ width: 1280, height: 800 });
    const floating = await toggle.boundingBox();
    expect(floating).toMatchObject({ x: 24, y: 800 - 24 - 48, width: 48, height: 48 });
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Display and app options' }),
    ).toBeHidden();
  });

  test('Install app explains how to add to the home screen where no prompt is offered', async ({
    page,
  }) => {
    await page.goto('/terms');
    await (await toolbarOption(page, 'Install app')).click();
    const dialog = page.getByRole('dialog', { name: 'Install Artmint' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The options folded as the dialog opened; focus comes back to their toggle.
    await expect(page.getByRole('button', { name: 'Display and app options' })).toBeFocused();
  });
});

test.describe('navigation scroll (docs/product.md "On every page": the page scrolls to top on load)', () => {
  test('following a link far down a page lands at the top of the new page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await footer.getByRole('link', { name: 'Privacy' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Privacy policy/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
