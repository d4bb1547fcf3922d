import { expect, gotoFresh, test } from './support/fixtures';
import { HOME_SECTIONS } from '../src/features/home/__tests__/home-sections-table.ts';

// docs/product.md "Home pages": each home, opened from a deep link on the real
// server, shows the sections the spec lists for it, in that order (the table is the component
// test's too).

for (const [id, { path, headings }] of Object.entries(HOME_SECTIONS)) {
  test(`home ${id} (${path}) shows its sections in order: ${headings.join(', ')}`, async ({
    page,
  }) => {
    await gotoFresh(page, path);
    const main = page.getByRole('main');
    for (const heading of headings) {
      await expect(
        main.getByRole('heading', { level: 2, name: heading, exact: true }),
      ).toBeVisible();
    }
    const shown = await main.getByRole('heading', { level: 2 }).allTextContents();
    const wanted = new Set(headings);
    expect(shown.map((text) => text.trim()).filter((text) => wanted.has(text))).toEqual(headings);
  });
}
