import { expect, type Page } from '@playwright/test';
import { gotoFresh } from './fixtures';
import { uniqueEmail } from './mailbox';
import { currentServer } from './spec-server';

// Bids, checkout and uploads ask to sign in first (docs/product.md "Online"), so a test that makes
// them signs a collector in as a collector does, once, while online.

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export interface SignUpAndInOptions {
  /** The collector's display name (the email is made unique from it). */
  name?: string;
  /** The server to sign up on: the spec file's own unless given (sync.spec.ts starts its own). */
  origin?: string;
  /** Clear the device first (gotoFresh), as a test starting on a fresh device does. */
  fresh?: boolean;
  /** A page of the app the login returns to (its ?next=); the home page when left out. */
  next?: string;
}

function newAccount(name: string): TestAccount {
  const first = name.split(' ')[0] ?? name;
  return {
    name,
    email: uniqueEmail(first.toLowerCase()),
    password: 'correct horse battery staple',
  };
}

/** Opens `path` and waits until the app replaced the prerendered copy. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => !document.querySelector('[data-prerender]'));
}

/** Fills and sends the app's login form (the page is on /login). */
export async function logInOnPage(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login / Sign in' }).click();
}

/** Makes a new account on the server through the API, with the page's own request context (its
 * cookies are the browser's); the app does not know of it until someone logs in. */
export async function createAccount(
  page: Pick<Page, 'request'>,
  {
    name = 'Mia Chen',
    origin = currentServer().origin,
  }: Pick<SignUpAndInOptions, 'name' | 'origin'> = {},
): Promise<TestAccount> {
  const account = newAccount(name);
  const response = await page.request.post(`${origin}/api/auth/signup`, {
    data: { ...account, terms: true },
    headers: { origin },
  });
  expect(response.ok(), `signup of ${name}: ${await response.text()}`).toBe(true);
  return account;
}

/**
 * Signs a new collector up through the API (createAccount), then logs in on the app's login page, so the app's session store knows who
 * writes. Needs the server: call it while online.
 */
export async function signUpAndIn(
  page: Page,
  {
    name = 'Mia Chen',
    origin = currentServer().origin,
    fresh = false,
    next,
  }: SignUpAndInOptions = {},
): Promise<TestAccount> {
  const account = await createAccount(page, { name, origin });
  const login = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  if (fresh) {
    await gotoFresh(page, login);
    await page.waitForFunction(() => !document.querySelector('[data-prerender]'));
  } else {
    await openApp(page, login);
  }
  await logInOnPage(page, account.email, account.password);
  const back = new URL(next ?? '/', origin).pathname;
  await expect(page).toHaveURL((url) => url.pathname === back, { timeout: 30_000 });
  return account;
}

/**
 * Signs up through the app's own signup form, for a host with no API (a static server): the
 * account is then kept on this device only, and signed in.
 */
export async function signUpInApp(page: Page, name = 'Mia Chen'): Promise<TestAccount> {
  const account = newAccount(name);
  await openApp(page, '/signup');
  const main = page.getByRole('main');
  await main.getByLabel('Your name').fill(account.name);
  await main.getByLabel('Email address').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible({
    timeout: 30_000,
  });
  return account;
}
