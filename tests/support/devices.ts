// One collector's devices in one browser (tests/account-devices.spec.ts,
// tests/saved-searches.spec.ts): each device a browser context of its own, signed in through the
// app's login page, its pages opened with the live stream answered.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { logInOnPage, openApp, signUpAndIn, type TestAccount } from './accounts';
import { expect } from './fixtures';
import { engineOnline } from './market';

export interface Device {
  context: BrowserContext;
  page: Page;
}

/** A new device: a browser context of its own, laptop-sized unless told. */
export async function device(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Device> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

/** Signs `page` in to `account` through the app's login page. */
export async function logIn(page: Page, account: TestAccount): Promise<void> {
  await openApp(page, '/login');
  await logInOnPage(page, account.email, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 30_000 });
}

/** Opens `path` and waits until the live stream answered and the engine is online. */
export async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().includes('/api/events'), { timeout: 30_000 });
  await openApp(page, path);
  expect((await stream).status()).toBe(200);
  await engineOnline(page);
}

/** A new account, signed up on a phone (`phoneViewport`, else laptop-sized) and signed in on a
 * laptop: one collector's two devices. */
export async function phoneAndLaptop(
  browser: Browser,
  phoneViewport?: { width: number; height: number },
): Promise<{ phone: Device; laptop: Device; account: TestAccount }> {
  const phone = await device(browser, phoneViewport);
  const account = await signUpAndIn(phone.page, { name: 'Mia Chen' });
  const laptop = await device(browser);
  await logIn(laptop.page, account);
  return { phone, laptop, account };
}
