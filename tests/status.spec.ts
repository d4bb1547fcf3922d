import { test, expect } from './support/fixtures';

// docs/product.md "Status pages", "Legal pages", "States" (countdowns, accordion), "Fixed values"
// (constants).

test('coming soon counts down to 13 September 2026 06:00 and ticks', async ({ page }) => {
  await page.clock.install({ time: new Date(2026, 8, 12, 5, 59, 50) });
  await page.goto('/comingsoon');
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('01');
  await expect(timer.getByText('Days')).toBeVisible();
  const before = await timer.textContent();
  await page.clock.runFor(2000);
  await expect.poll(() => timer.textContent()).not.toBe(before);
  await expect(page.getByRole('link', { name: 'We are live' })).toHaveCount(0);
});

test('coming soon shows zeros and a "We are live" link after the date', async ({ page }) => {
  await page.clock.install({ time: new Date(2026, 8, 13, 5, 59, 58) });
  await page.goto('/comingsoon');
  await page.clock.runFor(5000);
  await expect(page.getByRole('heading', { level: 1, name: 'We are live!' })).toBeVisible();
  const timer = page.getByRole('timer');
  await expect(timer).not.toContainText('-');
  await expect(timer).toHaveAttribute('aria-label', /0 days, 0 hours, 0 minutes, 0 seconds/);
  await page.getByRole('link', { name: 'We are live' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('maintenance counts down from 3599 seconds and stops at zero', async ({ page }) => {
  // Paused, so that a slow page load cannot eat seconds before the first look.
  await page.clock.install({ time: new Date(2026, 10, 22, 9, 59, 59) });
  await page.clock.pauseAt(new Date(2026, 10, 22, 10, 0, 0));
  await page.goto('/maintenance');
  const timer = page.getByRole('timer');
  await expect(timer).toHaveAttribute('aria-label', /59 minutes, 59 seconds/);
  await page.clock.runFor(3000);
  await expect(timer).toHaveAttribute('aria-label', /59 minutes, 56 seconds/);
  await page.clock.runFor(3600 * 1000);
  await expect(timer).toHaveAttribute('aria-label', /0 minutes, 0 seconds/);
  await page.clock.runFor(5000);
  await expect(timer).toHaveAttribute('aria-label', /0 minutes, 0 seconds/);
});

test('maintenance subscribe saves the email', async ({ page }) => {
  await page.goto('/maintenance');
  const main = page.getByRole('main');
  await main.locator('input[name="email"]').fill('me@example.com');
  await main.getByRole('button', { name: 'Notify me' }).click();
  await expect(
    main.getByText(/me@example.com is saved on this device and sent to Artmint/),
  ).toBeVisible();
});

test('terms: one item open at a time; the open one resets to the first; Accept and Decline go home', async ({
  page,
}) => {
  await page.goto('/terms');
  const headers = page.getByRole('main').getByRole('button', { expanded: true });
  await expect(headers).toHaveCount(1);
  const items = page.getByRole('main').locator('button[aria-expanded]');
  await expect(items.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await items.nth(2).click();
  await expect(items.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(items.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await items.nth(2).click();
  await expect(items.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(items.nth(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Accept' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Decline' })).toHaveAttribute('href', '/');
});

test('privacy shows the spec headings, six uses and a working Print button', async ({ page }) => {
  await page.goto('/privacy');
  for (const name of [
    'Overview',
    'We use your information to',
    'Information Provided Voluntarily',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('main').locator('article ul > li')).toHaveCount(6);
  await page.evaluate(() => {
    (window as unknown as { printed: boolean }).printed = false;
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
});

test('thank you says what was saved and where to see it', async ({ page }) => {
  await page.goto('/thankyou?saved=contact&next=/contact');
  await expect(
    page.getByText(/Your message is saved on this device and sent to the Artmint team/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/contact');
  await page.goto('/thankyou?saved=contact&next=//evil.example');
  await expect(page.getByRole('link', { name: 'See it in Settings' })).toHaveAttribute(
    'href',
    '/creator-profile-edit',
  );
});

test('no serious accessibility violations on the shell and status pages', async ({ page, axe }) => {
  for (const path of ['/terms', '/privacy', '/comingsoon', '/maintenance', '/error', '/thankyou']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe(page), path).toEqual([]);
  }
});
