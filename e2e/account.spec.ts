import type { Page } from '@playwright/test';
import { dumpDevice } from './support/device-data';
import { expect, gotoFresh, test } from './support/fixtures';

// Spec section 2 "Account pages" (login, signup, reset password, lock screen), section 3 (their
// fields) and PRODUCT.md "Writes", Account: a device account, password kept only as a salted
// slow hash, login and lock screen check it, logout locks, reset password is recorded.

const USER = { name: 'Mia Chen', email: 'mia@example.com', password: 'Violet-Tide-42' };

async function signUp(page: Page) {
  await gotoFresh(page, '/signup');
  await main(page).getByLabel('Your name').fill(USER.name);
  await main(page).getByLabel('Email address').fill(USER.email);
  await main(page).getByLabel('Password').fill(USER.password);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
}

const main = (page: Page) => page.getByRole('main');
const profileButton = (page: Page) => page.getByRole('button', { name: /^Profile menu for/ });

async function logOutFromHeader(page: Page) {
  await profileButton(page).click();
  await page.locator('#profile-menu').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('spec 2 Account pages', () => {
  test('signup: the header shows the signed-in name after a reload; no plain-text password stored', async ({
    page,
  }) => {
    await signUp(page);
    await expect(page.getByText('Your account is created on this device')).toBeVisible();
    await page.reload();
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
    await profileButton(page).click();
    await expect(page.locator('#profile-menu')).toContainText(USER.name);

    const device = await dumpDevice(page);
    const everything = JSON.stringify(device);
    expect(everything).not.toContain(USER.password);
    expect(device.stores.account).toEqual([
      expect.objectContaining({
        email: USER.email,
        passwordHash: expect.any(String),
        salt: expect.any(String),
        iterations: expect.any(Number),
      }),
    ]);
  });

  test('signup refuses invalid input with inline messages and saves nothing', async ({ page }) => {
    await gotoFresh(page, '/signup');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(main(page).getByRole('alert')).toContainText('Please fix the 4 fields');
    await expect(main(page).getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByLabel('Your name')).toBeFocused();
    await expect(main(page).getByLabel('Email address')).toHaveAccessibleDescription(/required/);
    await expect(page.getByText('Accept the terms to create an account.')).toBeVisible();
    expect((await dumpDevice(page)).stores.account ?? []).toEqual([]);
  });

  test('logout from the profile menu locks the session, also after a reload', async ({ page }) => {
    await signUp(page);
    await logOutFromHeader(page);
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Login to Artmint' })).toBeVisible();
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);
  });

  test('login says when the password is wrong and signs in with the right one', async ({
    page,
  }) => {
    await signUp(page);
    await logOutFromHeader(page);
    await main(page).getByLabel('Email address').fill(USER.email);
    await main(page).getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(main(page).getByLabel('Password')).toHaveAccessibleDescription(/Wrong password/);
    await expect(main(page).getByLabel('Password')).toHaveValue('not-the-password');
    await expect(page).toHaveURL(/\/login$/);

    await main(page).getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
  });

  test('login has remember me and links to reset password and signup', async ({ page, axe }) => {
    await gotoFresh(page, '/login');
    await expect(main(page).getByLabel('Remember me')).toBeChecked();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await expect(main(page).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(await axe(page)).toEqual([]);
  });

  test('lock screen: the account name, a wrong password refused, the right one unlocks', async ({
    page,
    axe,
  }) => {
    await signUp(page);
    await page.goto('/lock-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(USER.name);
    await expect(main(page).getByLabel('Remember me')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    // Opening the lock screen locked the session.
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);
    expect(await axe(page)).toEqual([]);

    await main(page).getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(main(page).getByRole('alert')).toContainText('Wrong password');
    await main(page).getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
  });

  test('lock screen without an account shows the sample user and says to sign up', async ({
    page,
  }) => {
    await gotoFresh(page, '/lock-screen');
    await expect(page.getByRole('main')).toContainText('Alex Morgan');
    await main(page).getByLabel('Password').fill('whatever-123');
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(main(page).getByRole('alert')).toContainText('no account on this device');
  });

  test('reset password records the request and confirms', async ({ page, axe }) => {
    await gotoFresh(page, '/reset-password');
    expect(await axe(page)).toEqual([]);
    await main(page).getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset request' }).click();
    await expect(main(page).getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await main(page).getByLabel('Email address').fill(USER.email);
    await page.getByRole('button', { name: 'Send reset request' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Your password reset request is recorded')).toBeVisible();
    expect((await dumpDevice(page)).stores.outbox).toEqual([
      expect.objectContaining({ kind: 'reset-password', fields: { email: USER.email } }),
    ]);
  });

  test('signup page passes axe and links to login', async ({ page, axe }) => {
    await gotoFresh(page, '/signup');
    await expect(main(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(await axe(page)).toEqual([]);
  });
});
