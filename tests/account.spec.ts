import type { Page } from '@playwright/test';
import { dumpDevice } from './support/device-data';
import { expect, expectOwnDatabase, gotoFresh, test } from './support/fixtures';
import { readResetLink, refusal, SERVER_ROUND_TRIP, uniqueEmail } from './support/mailbox';

// docs/product.md "Account pages" (login, signup, reset password, lock screen), "Records and
// fields" (their fields), docs/product.md "Writes", Account, against the real server: signup
// creates the account there (it needs the network), login asks it, logout ends its session,
// the device keeps only a salted slow hash of the last login for the lock screen and offline,
// reset password is completed with the token of the mail the server wrote.

// The file's server lives for all its tests: every test signs up its own email.
let USER = { name: 'Mia Chen', email: 'mia@example.com', password: 'Violet-Tide-42' };
test.beforeEach(() => {
  USER = { ...USER, email: uniqueEmail('mia') };
});
// Each sign-in costs a server round trip and a slow hash on the device.
test.describe.configure({ timeout: 120_000 });

async function fillSignup(page: Page, user = USER) {
  await main(page).getByLabel('Your name').fill(user.name);
  await main(page).getByLabel('Email address').fill(user.email);
  await main(page).getByLabel('Password').fill(user.password);
  await main(page)
    .getByLabel(/I accept the/)
    .check();
}

/** Signs up `user` on a fresh device, or (`fresh` false) on the device as it is. */
async function signUp(page: Page, user = USER, fresh = true) {
  if (fresh) await gotoFresh(page, '/signup');
  else await page.goto('/signup');
  await fillSignup(page, user);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible(
    SERVER_ROUND_TRIP,
  );
}

async function logInAt(page: Page, email: string, password: string) {
  await main(page).getByLabel('Email address').fill(email);
  await main(page).getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login / Sign in' }).click();
}

const main = (page: Page) => page.getByRole('main');
const profileButton = (page: Page) => page.getByRole('button', { name: /^Profile menu for/ });

async function logOutFromHeader(page: Page) {
  await profileButton(page).click();
  await page.locator('#profile-menu').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('this file runs on a database of its own: no account another spec file made', async ({
  request,
}) => {
  await expectOwnDatabase(request);
});

test.describe('Account pages (docs/product.md "Account pages")', () => {
  test('signup: the header shows the signed-in name after a reload; no plain-text password stored', async ({
    page,
  }) => {
    await signUp(page);
    await expect(page.getByText('Your account is created and you are signed in')).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(200);
    const { account } = (await session.json()) as { account: { id: number; email: string } };
    expect(account.email).toBe(USER.email);
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
        serverId: account.id,
      }),
    ]);
  });

  test('signup offline says it needs the network and keeps what was typed', async ({
    page,
    context,
    consoleErrors,
  }) => {
    // The network goes while the app may still be starting (its first pull, the live stream,
    // the sync engine's code): Chromium logs those requests as failed. This test is about the
    // form; what it typed and the signup once online are checked below.
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED/);
    await gotoFresh(page, '/signup');
    await fillSignup(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(main(page).getByRole('alert')).toContainText('Signing up needs a connection');
    await expect(main(page).getByLabel('Your name')).toHaveValue(USER.name);
    await expect(main(page).getByLabel('Email address')).toHaveValue(USER.email);
    await expect(main(page).getByLabel('Password')).toHaveValue(USER.password);
    await expect(main(page).getByLabel(/I accept the/)).toBeChecked();
    expect((await dumpDevice(page)).stores.account ?? []).toEqual([]);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible(
      SERVER_ROUND_TRIP,
    );
  });

  test('the account is on the server: another device logs in with it; the email is taken', async ({
    page,
    browser,
  }) => {
    await signUp(page);
    // The second device's page is not watched by the console fixture; its 409 is expected.
    const other = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const device = await other.newPage();
      // This page is not the fixture's: wait for the app to replace the inert prerendered copy.
      const untilApp = () =>
        device.waitForFunction(() => !document.querySelector('[data-prerender]'));
      await device.goto('/login');
      await untilApp();
      await logInAt(device, USER.email, USER.password);
      await expect(device).toHaveURL(/\/$/, SERVER_ROUND_TRIP);
      await expect(profileButton(device)).toHaveAccessibleName(`Profile menu for ${USER.name}`);

      await device.goto('/signup');
      await untilApp();
      await fillSignup(device);
      await device.getByRole('button', { name: 'Register' }).click();
      await expect(main(device).getByLabel('Email address')).toHaveAccessibleDescription(
        /already exists/,
        SERVER_ROUND_TRIP,
      );
    } finally {
      await other.close();
    }
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

  test('logout from the profile menu ends the server session and locks, also after a reload', async ({
    page,
  }) => {
    await signUp(page);
    await logOutFromHeader(page);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/auth/session')).json()) as { account: unknown })
            .account,
      )
      .toBeNull();
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Login to Artmint' })).toBeVisible();
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);
  });

  test('login says when the password is wrong and signs in with the right one', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(refusal(401, 'login'));
    await signUp(page);
    await logOutFromHeader(page);
    await logInAt(page, USER.email, 'not-the-password');
    await expect(main(page).getByLabel('Password')).toHaveAccessibleDescription(
      'Wrong email or password.',
      SERVER_ROUND_TRIP,
    );
    await expect(main(page).getByLabel('Password')).toHaveValue('not-the-password');
    await expect(page).toHaveURL(/\/login$/);

    await main(page).getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(page).toHaveURL(/\/$/, SERVER_ROUND_TRIP);
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      account: { email: string } | null;
    };
    expect(session.account?.email).toBe(USER.email);
  });

  test('one device, two accounts: each sees only its own favourites', async ({ page }) => {
    const favourite = () => page.getByRole('button', { name: 'Favourite Pixel Guardian' });
    const favouritesTab = (page: Page) => page.getByRole('tab', { name: /^Favourites/ });
    await signUp(page);
    await page.goto('/creator-profile/2');
    await favourite().click();
    await expect(favourite()).toHaveAttribute('aria-pressed', 'true');
    await logOutFromHeader(page);

    // B signs up on the same browser: none of A's favourites.
    await signUp(page, { ...USER, name: 'Bo Other', email: uniqueEmail('bo') }, false);
    await page.goto('/creator-profile');
    await expect(favouritesTab(page)).toHaveAccessibleName('Favourites 0');
    await page.goto('/creator-profile/2');
    await expect(favourite()).toHaveAttribute('aria-pressed', 'false');
    await logOutFromHeader(page);

    // A logs in again: the favourite is there.
    await logInAt(page, USER.email, USER.password);
    await expect(profileButton(page)).toHaveAccessibleName(
      `Profile menu for ${USER.name}`,
      SERVER_ROUND_TRIP,
    );
    await page.goto('/creator-profile');
    await expect(favouritesTab(page)).toHaveAccessibleName('Favourites 1');
    await favouritesTab(page).click();
    await expect(
      page.getByRole('tabpanel').getByRole('link', { name: 'Pixel Guardian', exact: true }),
    ).toBeVisible();
  });

  test('offline, a login this device knows still works', async ({
    page,
    context,
    consoleErrors,
  }) => {
    // Images not seen before cannot load offline (no service worker in this test).
    consoleErrors.ignore(/ERR_INTERNET_DISCONNECTED/);
    await signUp(page);
    // The home screen's code is loaded while online: without a service worker in this test,
    // nothing else would serve it offline.
    await page.goto('/');
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
    await logOutFromHeader(page);
    await context.setOffline(true);
    await logInAt(page, USER.email, 'not-the-password');
    await expect(main(page).getByLabel('Password')).toHaveAccessibleDescription(/Wrong password/);
    await logInAt(page, USER.email, USER.password);
    await expect(page).toHaveURL(/\/$/, SERVER_ROUND_TRIP);
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
    consoleErrors,
  }) => {
    consoleErrors.ignore(refusal(401, 'login'));
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
    await expect(main(page).getByRole('alert')).toContainText('Wrong password', SERVER_ROUND_TRIP);
    await main(page).getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(profileButton(page)).toHaveAccessibleName(
      `Profile menu for ${USER.name}`,
      SERVER_ROUND_TRIP,
    );
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

  test('reset password: the mailed link chooses a new password, then it logs in', async ({
    page,
    axe,
    consoleErrors,
  }) => {
    consoleErrors.ignore(refusal(400, 'reset'));
    consoleErrors.ignore(refusal(401, 'login'));
    await signUp(page);
    await logOutFromHeader(page);
    await page.goto('/reset-password');
    expect(await axe(page)).toEqual([]);
    await main(page).getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset request' }).click();
    await expect(main(page).getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await main(page).getByLabel('Email address').fill(USER.email);
    await page.getByRole('button', { name: 'Send reset request' }).click();
    await expect(main(page).getByRole('status')).toContainText(
      'a mail with a reset link',
      SERVER_ROUND_TRIP,
    );

    const link = await readResetLink(USER.email);
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await main(page)
      .getByLabel(/^New password/)
      .fill('Reset-Pass-55');
    await main(page).getByLabel('Re-type new password').fill('Reset-Pass-56');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(main(page).getByLabel('Re-type new password')).toHaveAccessibleDescription(
      'The two new passwords do not match.',
    );
    await main(page).getByLabel('Re-type new password').fill('Reset-Pass-55');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(main(page).getByRole('status')).toContainText(
      'Your password is changed',
      SERVER_ROUND_TRIP,
    );
    expect(await axe(page)).toEqual([]);

    // The link works once.
    await page.goto(link);
    await main(page)
      .getByLabel(/^New password/)
      .fill('Another-Pass-66');
    await main(page).getByLabel('Re-type new password').fill('Another-Pass-66');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(main(page).getByRole('alert')).toContainText(
      'expired or was already used',
      SERVER_ROUND_TRIP,
    );

    await page.goto('/login');
    await logInAt(page, USER.email, USER.password);
    await expect(main(page).getByLabel('Password')).toHaveAccessibleDescription(
      'Wrong email or password.',
      SERVER_ROUND_TRIP,
    );
    await logInAt(page, USER.email, 'Reset-Pass-55');
    await expect(page).toHaveURL(/\/$/, SERVER_ROUND_TRIP);
    await expect(profileButton(page)).toHaveAccessibleName(`Profile menu for ${USER.name}`);
  });

  test('signup page passes axe and links to login', async ({ page, axe }) => {
    await gotoFresh(page, '/signup');
    await expect(main(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(await axe(page)).toEqual([]);
  });
});
