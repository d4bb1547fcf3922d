import type { Page } from '@playwright/test';
import { test, expect, gotoFresh, type AxeFinding } from './support/fixtures';
import { waitForServiceWorker } from './support/service-worker';

// Global search (docs/product.md "On every page": Search box labelled "Search...";
// docs/product.md: over items, creators, collections and blog posts, suggestions as you type,
// keyboard navigable, Enter opens explore with the query). The data is on the device.

const LABEL = 'Search items, creators, collections and posts';

function searchBox(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: LABEL }).filter({ visible: true });
}

/** The axe findings inside the header's search forms. */
async function searchFindings(page: Page, findings: AxeFinding[]): Promise<AxeFinding[]> {
  const inSearch = await page.evaluate(
    (all) =>
      all.map((targets) =>
        targets.some((t) => document.querySelector(t)?.closest('header [role="search"]')),
      ),
    findings.map((f) => f.targets),
  );
  return findings.filter((_, i) => inSearch[i]);
}

test.describe('Header search (docs/product.md "On every page", "Search box")', () => {
  test('typing shows suggestions of several kinds in a listbox', async ({ page, axe }) => {
    await gotoFresh(page, '/terms');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('placeholder', 'Search...');
    await box.fill('neon');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
    await expect(list.getByRole('option', { name: /Neon Horizon.*Item/ })).toBeVisible();
    await expect(list.getByRole('option', { name: /Neon Drive.*Collection/ })).toBeVisible();
    await box.fill('pixel');
    await expect(list.getByRole('option', { name: /Pixel Guardian.*Item/ })).toBeVisible();
    await expect(
      list.getByRole('option', { name: /Pixel Art Never Left.*Blog post/ }),
    ).toBeVisible();
    await box.fill('kenji');
    await expect(list.getByRole('option', { name: /Kenji Watanabe.*Creator/ })).toBeVisible();
    expect(await searchFindings(page, await axe(page))).toEqual([]);
  });

  test('arrow keys move the highlight and Enter opens the item', async ({ page }) => {
    await gotoFresh(page, '/terms');
    const box = searchBox(page);
    await box.fill('violet');
    const option = page.getByRole('option', { name: /Violet Bloom/ });
    await expect(option).toBeVisible();
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id')) ?? '',
    );
    await box.press('Enter');
    await expect(page).toHaveURL(/\/item-detail\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Violet Bloom' })).toBeVisible();
    await expect(box).toHaveValue('');
  });

  test('Escape closes the suggestions and a second Escape clears the box', async ({ page }) => {
    await gotoFresh(page, '/terms');
    const box = searchBox(page);
    await box.fill('neon');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue('neon');
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('says "No results for ..." when nothing matches', async ({ page }) => {
    await gotoFresh(page, '/terms');
    const box = searchBox(page);
    await box.fill('qqzzxx');
    await expect(page.getByText('No results for “qqzzxx”')).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
  });

  test('Enter without a highlighted hit opens explore with ?q=', async ({ page }) => {
    await gotoFresh(page, '/terms');
    const box = searchBox(page);
    await box.fill('neon');
    await expect(page.getByRole('listbox')).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/explore-one\?q=neon$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a pointer pick opens the hit (a creator profile)', async ({ page }) => {
    await gotoFresh(page, '/terms');
    await searchBox(page).fill('amara');
    // The creator (the server's item hits by Amara come after her, matched by the maker's name).
    await page.getByRole('option', { name: /^Amara Okafor Creator/ }).click();
    await expect(page).toHaveURL(/\/creator-profile\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
  });

  test('on a phone the search is in the menu and works there', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoFresh(page, '/terms');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = searchBox(page);
    await expect(box).toBeVisible();
    await box.fill('violet');
    await expect(page.getByRole('option', { name: /Violet Bloom/ })).toBeVisible();
    // Escape closes the suggestions first, not the menu.
    await box.press('Escape');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(box).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/item-detail\/1$/);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('works offline: the data and the search code are on the device', async ({
      page,
      context,
    }) => {
      await gotoFresh(page, '/terms');
      await waitForServiceWorker(page);
      await context.setOffline(true);
      try {
        const box = searchBox(page);
        await box.fill('bauhaus');
        await expect(page.getByRole('option', { name: /Bauhaus Sunrise.*Item/ })).toBeVisible();
        await box.press('ArrowDown');
        await box.press('Enter');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Bauhaus Sunrise' }),
        ).toBeVisible();
      } finally {
        await context.setOffline(false);
      }
    });
  });
});
