import { test, expect, expectOwnDatabase } from './support/fixtures';

// Proves the harness: the production build is served, Chromium opens it, the fixtures run.

test('the home page has a main landmark and an Artmint title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page).toHaveTitle(/Artmint/);
});

test('this file runs on a database of its own: no account another spec file made', async ({
  request,
}) => {
  await expectOwnDatabase(request);
});
