import type { Page } from '@playwright/test';
import { test, expect, gotoFresh } from './support/fixtures';

// docs/product.md "Explore items" and "Records and fields"; docs/product.md "Explore one/two
// filters" (every filter, sort, text query and page works, they combine, live in the URL, the
// back button works, the last used filters are saved) and "Explore three category chips".

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const cardTitles = (page: Page) => results(page).getByRole('heading', { level: 3 });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('my routes open from a deep link (docs/product.md "Screens and routes")', () => {
  const routes: [string, string][] = [
    ['/explore-one', 'Explore Items'],
    ['/explore-two', 'Explore Items'],
    ['/explore-three', 'Explore Items'],
    ['/auction', 'Live Auction'],
    ['/activity', 'Activities'],
    ['/collections', 'Best Collections'],
  ];
  for (const [path, heading] of routes) {
    test(`${path} shows "${heading}" with no serious accessibility finding`, async ({
      page,
      axe,
    }) => {
      await gotoFresh(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  }
});

test.describe('Explore one filters (docs/product.md "Records and fields": filter options)', () => {
  test('category, items and sort change the cards, combine, and live in the URL', async ({
    page,
  }) => {
    await gotoFresh(page, '/explore-one');
    await expect(cardTitles(page)).toHaveCount(8);
    await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveAttribute(
      'placeholder',
      'Search Company',
    );

    await choose(page, 'Categories', 'Music');
    await expect(page).toHaveURL(/\/explore-one\?category=music$/);
    await expect(cardTitles(page)).toHaveText(['Tidal Frequencies', 'Ember Vinyl']);

    await choose(page, 'Sort By', 'Top Rated');
    await expect(page).toHaveURL(/\?category=music&sort=top$/);
    await expect(cardTitles(page)).toHaveText(['Ember Vinyl', 'Tidal Frequencies']);

    await choose(page, 'Items', 'Offers');
    await expect(page).toHaveURL(/\?category=music&items=offers&sort=top$/);
    await expect(cardTitles(page)).toHaveText(['Tidal Frequencies']);
  });

  test('the filters survive a reload and the back button undoes each change', async ({ page }) => {
    await gotoFresh(page, '/explore-one');
    await choose(page, 'Categories', 'Art');
    await expect(cardTitles(page)).toHaveText(['Violet Bloom', 'Bauhaus Sunrise']);
    await choose(page, 'Sort By', 'Lower Rated');
    await expect(page).toHaveURL(/\?category=art&sort=low$/);

    await page.reload();
    await expect(cardTitles(page)).toHaveText(['Violet Bloom', 'Bauhaus Sunrise']);
    await expect(page.getByRole('combobox', { name: 'Categories' })).toHaveText('Art');
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveText('Lower Rated');

    await page.goBack();
    await expect(page).toHaveURL(/\/explore-one\?category=art$/);
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveText('Recently added');
    await page.goBack();
    await expect(page).toHaveURL(/\/explore-one$/);
    await expect(cardTitles(page)).toHaveCount(8);
    await expect(page.getByRole('combobox', { name: 'Categories' })).toHaveText('All categories');
  });

  test('the last used filters come back when explore is opened without any', async ({ page }) => {
    await gotoFresh(page, '/explore-one');
    await choose(page, 'Items', 'Auctions');
    await expect(page).toHaveURL(/\?items=auctions$/);
    await page.goto('/terms');
    await page.goto('/explore-one');
    await expect(page).toHaveURL(/\/explore-one\?items=auctions$/);
    await expect(page.getByRole('combobox', { name: 'Items', exact: true })).toHaveText('Auctions');
    await expect(cardTitles(page)).toHaveCount(5);
    // A shared link wins over the saved filters.
    await page.goto('/explore-one?category=music');
    await expect(page.getByRole('combobox', { name: 'Items', exact: true })).toHaveText(
      'All items',
    );
    await expect(cardTitles(page)).toHaveText(['Tidal Frequencies', 'Ember Vinyl']);
  });

  test('text search narrows the cards; no result says so and "Clear filters" resets', async ({
    page,
  }) => {
    await gotoFresh(page, '/explore-one?category=art');
    await page.getByRole('searchbox', { name: 'Search items' }).fill('bauhaus');
    await expect(page).toHaveURL(/\?q=bauhaus&category=art$/);
    await expect(cardTitles(page)).toHaveText(['Bauhaus Sunrise']);

    await page.getByRole('searchbox', { name: 'Search items' }).fill('no such artwork');
    await expect(page.getByRole('heading', { name: 'No items match these filters' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No items' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/explore-one$/);
    await expect(cardTitles(page)).toHaveCount(8);
    await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('');
    // Cleared filters stay cleared.
    await page.reload();
    await expect(page).toHaveURL(/\/explore-one$/);
  });

  test('?q= from the header search opens explore with the query (docs/product.md search)', async ({
    page,
  }) => {
    await gotoFresh(page, '/terms');
    const search = page.getByRole('banner').getByRole('combobox', { name: /^Search items/ });
    await search.fill('ember');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/explore-one\?q=ember$/);
    await expect(cardTitles(page)).toHaveText(['Ember Vinyl']);
    await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('ember');
  });
});

test.describe('on a phone', () => {
  test('the selects fold behind a "Filters" button so the cards come first', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoFresh(page, '/explore-one');
    const categories = page.getByRole('combobox', { name: 'Categories', exact: true });
    await expect(categories).toBeHidden();
    await expect(results(page).getByRole('listitem').first()).toBeInViewport();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await choose(page, 'Categories', 'Music');
    await expect(cardTitles(page)).toHaveText(['Tidal Frequencies', 'Ember Vinyl']);
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
  });
});

test.describe('pagination (docs/product.md: real, page in the URL)', () => {
  test('explore one pages through 12 items, 8 a page, and the page survives a reload', async ({
    page,
  }) => {
    await gotoFresh(page, '/explore-one');
    await expect(page.getByText('Showing 1-8 of 12 items')).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/explore-one\?page=2$/);
    await expect(cardTitles(page)).toHaveText([
      'Neon Horizon',
      'Pop Confetti',
      'Solar Halo',
      'Cube Citadel',
    ]);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.reload();
    await expect(page.getByText('Showing 9-12 of 12 items')).toBeVisible();
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/explore-one$/);
    await expect(cardTitles(page)).toHaveCount(8);
  });

  test('a filter change goes back to page 1 and keeps the page with the filters', async ({
    page,
  }) => {
    await gotoFresh(page, '/explore-one?sort=low&page=2');
    await expect(cardTitles(page)).toHaveCount(4);
    await choose(page, 'Items', 'Buy Now');
    await expect(page).toHaveURL(/\?items=now&sort=low$/);
    await expect(cardTitles(page)).toHaveText([
      'Grin Machine',
      'Ember Vinyl',
      'Solar Halo',
      'Violet Bloom',
    ]);
  });
});

test.describe('Explore two (left filter form, 3 columns)', () => {
  test('its form filters the grid, 3 cards a row on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoFresh(page, '/explore-two');
    const form = page.getByRole('complementary', { name: 'Filters' });
    await expect(cardTitles(page)).toHaveCount(9);
    const tops = await results(page)
      .getByRole('listitem')
      .evaluateAll((els) =>
        els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)),
      );
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
    await form.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Trading Cards' }).click();
    await expect(page).toHaveURL(/\/explore-two\?category=trading$/);
    await expect(cardTitles(page)).toHaveText(['Pixel Guardian', 'Emerald Shard']);
    await form.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cardTitles(page)).toHaveCount(9);
  });
});

test.describe('Explore three (category chips)', () => {
  test('a chip filters by category, stays in the URL, and All clears it', async ({ page }) => {
    await gotoFresh(page, '/explore-three');
    const chips = page.getByRole('group', { name: 'Category' });
    await expect(chips.getByRole('button')).toHaveText([
      'All',
      'Games',
      'Art',
      'Music',
      'Video',
      'Memes',
    ]);
    await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await chips.getByRole('button', { name: 'Memes' }).click();
    await expect(page).toHaveURL(/\/explore-three\?type=memes$/);
    await expect(cardTitles(page)).toHaveText(['Grin Machine', 'Pop Confetti']);
    await page.reload();
    await expect(chips.getByRole('button', { name: 'Memes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cardTitles(page)).toHaveText(['Grin Machine', 'Pop Confetti']);

    await chips.getByRole('button', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/explore-three$/);
    await expect(cardTitles(page)).toHaveCount(8);
    await page.goBack();
    await expect(page).toHaveURL(/\?type=memes$/);
    await expect(cardTitles(page)).toHaveCount(2);
  });

  test('4 columns wide, 3 medium, 2 small, 1 on a phone', async ({ page }) => {
    await gotoFresh(page, '/explore-three');
    for (const [width, columns] of [
      [1280, 4],
      [960, 3],
      [600, 2],
      [390, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() =>
          results(page)
            .getByRole('listitem')
            .evaluateAll((els) => {
              const top = els[0]?.getBoundingClientRect().top;
              return els.filter((el) => el.getBoundingClientRect().top === top).length;
            }),
        )
        .toBe(columns);
    }
  });
});
