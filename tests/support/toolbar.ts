import type { Locator, Page } from '@playwright/test';

/**
 * One of the floating toolbar's options (theme, direction, Install app), unfolding the
 * toolbar first if it is folded. The toggle is the app's own button, so this waits for it.
 */
export async function toolbarOption(page: Page, name: string | RegExp): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Display and app options' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('group', { name: 'Display and app options' }).getByRole('button', { name });
}
