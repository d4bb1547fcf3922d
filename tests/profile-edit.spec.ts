import type { Page } from '@playwright/test';
import { dumpDevice } from './support/device-data';
import { expect, gotoFresh, test } from './support/fixtures';
import { refusal, SERVER_ROUND_TRIP, uniqueEmail } from './support/mailbox';
import { pngFile } from './support/test-files';

// docs/product.md "Profile edit and settings" and "Records and fields" (profile edit fields,
// notification defaults, change password); docs/product.md "Writes", Profile edit: every section
// saves, name and avatar show in the header, toggles keep their state, change password checks the
// old one, delete account removes the account on the server and the device data after a
// confirmation with the password (against the real server).

// The file's server lives for all its tests: every test signs up its own email.
let USER = { name: 'Mia Chen', email: 'mia@example.com', password: 'Violet-Tide-42' };
test.beforeEach(() => {
  USER = { ...USER, email: uniqueEmail('mia') };
});
const section = (page: Page, name: string) => page.getByRole('form', { name });
const profileButton = (page: Page) => page.getByRole('button', { name: /^Profile menu for/ });

async function signUp(page: Page) {
  await gotoFresh(page, '/signup');
  const main = page.getByRole('main');
  await main.getByLabel('Your name').fill(USER.name);
  await main.getByLabel('Email address').fill(USER.email);
  await main.getByLabel('Password').fill(USER.password);
  await main.getByLabel(/I accept the/).check();
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible(
    SERVER_ROUND_TRIP,
  );
}

test.describe('Profile edit and settings (docs/product.md "Profile edit and settings")', () => {
  test('every section with the spec defaults, required marks and the image hint', async ({
    page,
    axe,
  }) => {
    await gotoFresh(page, '/creator-profile-edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit your profile' })).toBeVisible();
    for (const name of [
      'Profile image',
      'Personal detail',
      'Social profiles',
      'Account notifications',
      'Marketing notifications',
      'Contact info',
      'Change password',
      'Delete account',
      'Messages on this device',
      'Storage on this device',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const personal = section(page, 'Personal detail');
    for (const label of ['First Name', 'Last Name', 'Your Email']) {
      await expect(personal.getByLabel(label)).toHaveAttribute('aria-required', 'true');
    }
    await expect(personal.getByLabel('Your Email')).toHaveAttribute('type', 'email');
    await expect(section(page, 'Social profiles').getByLabel('YouTube')).toHaveAttribute(
      'type',
      'url',
    );
    await expect(section(page, 'Contact info').getByLabel('Website')).toHaveAttribute(
      'type',
      'url',
    );
    await expect(page.getByText(/At least 400x400 recommended, GIFs work/)).toBeVisible();
    const expected: [string, string, boolean][] = [
      ['Account notifications', 'When someone mentions me', false],
      ['Account notifications', 'When someone follows me', true],
      ['Account notifications', 'When shares my activity', false],
      ['Account notifications', 'When someone messages me', false],
      ['Marketing notifications', 'There is a sale or promotion', false],
      ['Marketing notifications', 'Company news', false],
      ['Marketing notifications', 'Weekly jobs', true],
      ['Marketing notifications', 'Unsubscribe News', true],
    ];
    for (const [form, name, on] of expected) {
      await expect(section(page, form).getByRole('switch', { name, exact: true })).toHaveAttribute(
        'aria-checked',
        String(on),
      );
    }
    expect(await axe(page)).toEqual([]);
  });

  test('each section saves on its own and reloads with its values', async ({ page }) => {
    await gotoFresh(page, '/creator-profile-edit');
    const personal = section(page, 'Personal detail');
    await personal.getByLabel('First Name').fill('Ana');
    await personal.getByLabel('Last Name').fill('Lopez');
    await personal.getByLabel('Your Email').fill('ana@example.com');
    await personal.getByLabel('Occupation').fill('Painter');
    await personal.getByLabel('Description').fill('Paints violet waves.');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(personal.getByRole('status')).toHaveText('Personal details saved.');

    const social = section(page, 'Social profiles');
    await social.getByLabel('Twitter').fill('@ana_paints');
    await social.getByLabel('YouTube').fill('https://youtube.com/@ana');
    await social.getByRole('button', { name: 'Save' }).click();
    await expect(social.getByRole('status')).toHaveText('Social profiles saved.');

    const account = section(page, 'Account notifications');
    await account.getByRole('switch', { name: 'When someone mentions me', exact: true }).click();
    await account.getByRole('switch', { name: 'When someone follows me', exact: true }).click();
    await account.getByRole('button', { name: 'Save' }).click();
    await expect(account.getByRole('status')).toHaveText('Account notifications saved.');

    const marketing = section(page, 'Marketing notifications');
    await marketing.getByRole('switch', { name: 'Weekly jobs', exact: true }).click();
    await marketing.getByRole('button', { name: 'Save' }).click();
    await expect(marketing.getByRole('status')).toHaveText('Marketing notifications saved.');

    const contact = section(page, 'Contact info');
    await contact.getByLabel('Phone No.').fill('+44 20 7946 0958');
    await contact.getByLabel('Website').fill('https://ana.art');
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect(contact.getByRole('status')).toHaveText('Contact info saved.');

    await page.reload();
    await expect(personal.getByLabel('First Name')).toHaveValue('Ana');
    await expect(personal.getByLabel('Occupation')).toHaveValue('Painter');
    await expect(personal.getByLabel('Description')).toHaveValue('Paints violet waves.');
    await expect(social.getByLabel('Twitter')).toHaveValue('@ana_paints');
    await expect(social.getByLabel('YouTube')).toHaveValue('https://youtube.com/@ana');
    await expect(
      account.getByRole('switch', { name: 'When someone mentions me', exact: true }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(
      account.getByRole('switch', { name: 'When someone follows me', exact: true }),
    ).toHaveAttribute('aria-checked', 'false');
    await expect(
      marketing.getByRole('switch', { name: 'Weekly jobs', exact: true }),
    ).toHaveAttribute('aria-checked', 'false');
    await expect(contact.getByLabel('Website')).toHaveValue('https://ana.art');
    const drafts = (await dumpDevice(page)).stores.drafts ?? [];
    expect(drafts).toEqual([]);
  });

  test('invalid personal detail shows messages and saves nothing', async ({ page }) => {
    await gotoFresh(page, '/creator-profile-edit');
    const personal = section(page, 'Personal detail');
    await personal.getByLabel('Your Email').fill('nope');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(personal.getByRole('alert')).toContainText('Please fix the 3 fields');
    await expect(personal.getByLabel('First Name')).toBeFocused();
    await expect(personal.getByLabel('Your Email')).toHaveAccessibleDescription(/valid email/);
    expect((await dumpDevice(page)).stores.profile ?? []).toEqual([]);
  });

  test('the header shows the saved name and profile image', async ({ page }) => {
    await signUp(page);
    await page.goto('/creator-profile-edit');
    const personal = section(page, 'Personal detail');
    // Prefilled from the account until saved.
    await expect(personal.getByLabel('First Name')).toHaveValue('Mia');
    await expect(personal.getByLabel('Your Email')).toHaveValue(USER.email);
    await personal.getByLabel('First Name').fill('Amelia');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(profileButton(page)).toHaveAccessibleName('Profile menu for Amelia Chen');

    const image = section(page, 'Profile image');
    await image.getByLabel('Profile image').setInputFiles(pngFile('me.png', 400));
    await image.getByRole('button', { name: 'Save image' }).click();
    await expect(image.getByRole('status')).toHaveText('Profile image saved.');
    await page.reload();
    await expect(profileButton(page)).toHaveAccessibleName('Profile menu for Amelia Chen');
    const avatar = profileButton(page).locator('img');
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  });

  test('change password checks the old one and that the two new ones match', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    consoleErrors.ignore(refusal(403, 'password'));
    consoleErrors.ignore(refusal(401, 'login'));
    await signUp(page);
    await page.goto('/creator-profile-edit');
    const form = section(page, 'Change password');
    await form.getByLabel('Old password').fill('not-the-old-one');
    await form.getByLabel(/^New password/).fill('Fresh-Pass-99');
    await form.getByLabel('Re-type new password').fill('Fresh-Pass-98');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Re-type new password')).toHaveAccessibleDescription(
      'The two new passwords do not match.',
    );
    await form.getByLabel('Re-type new password').fill('Fresh-Pass-99');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Old password')).toHaveAccessibleDescription(
      'The old password is wrong.',
      SERVER_ROUND_TRIP,
    );
    await form.getByLabel('Old password').fill(USER.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Password changed.', SERVER_ROUND_TRIP);
    await expect(form.getByLabel('Old password')).toHaveValue('');
    expect(JSON.stringify(await dumpDevice(page))).not.toContain('Fresh-Pass-99');

    await page.goto('/lock-screen');
    const main = page.getByRole('main');
    await main.getByLabel('Password').fill(USER.password);
    await main.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(main.getByRole('alert')).toContainText('Wrong password', SERVER_ROUND_TRIP);
    await main.getByLabel('Password').fill('Fresh-Pass-99');
    await main.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(profileButton(page)).toHaveAccessibleName(
      `Profile menu for ${USER.name}`,
      SERVER_ROUND_TRIP,
    );
  });

  test('delete account asks for the password, then removes the account and the device data', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    consoleErrors.ignore(refusal(403, 'delete'));
    consoleErrors.ignore(refusal(401, 'login'));
    await signUp(page);
    await page.goto('/creator-profile-edit');
    const personal = section(page, 'Personal detail');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(personal.getByRole('status')).toHaveText('Personal details saved.');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await dumpDevice(page)).stores.account).toHaveLength(1);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
      'Password is required.',
    );
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
      'The password is wrong.',
      SERVER_ROUND_TRIP,
    );
    expect((await dumpDevice(page)).stores.account).toHaveLength(1);
    await dialog.getByLabel('Password').fill(USER.password);
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await expect(page).toHaveURL(/\/explore-two$/, SERVER_ROUND_TRIP);
    const device = await dumpDevice(page);
    expect(device.stores.account).toEqual([]);
    expect(device.stores.profile).toEqual([]);
    expect(JSON.stringify(device.local)).not.toContain(USER.email);
    await expect(profileButton(page)).not.toHaveAccessibleName(`Profile menu for ${USER.name}`);

    // Gone on the server too: its password no longer signs in.
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(USER.email);
    await main.getByLabel('Password').fill(USER.password);
    await main.getByRole('button', { name: 'Login / Sign in' }).click();
    await expect(main.getByLabel('Password')).toHaveAccessibleDescription(
      'Wrong email or password.',
      SERVER_ROUND_TRIP,
    );
  });
});
