import type { Page } from '@playwright/test';
import { test, expect, gotoFresh } from './support/fixtures';

// Help centre and the contact/support forms: docs/product.md "Help centre" and
// "About us and contact"; "Records and fields" (support request and contact fields); "States" (help
// overview reset-to-first accordion; FAQs four independent indexes); "Error messages" (support form
// error and message areas); docs/product.md "Writes" (device outbox with confirmation).

interface OutboxRow {
  kind: string;
  fields: Record<string, string>;
}

/** Every record of an IndexedDB store of the device, read straight from the page. */
function readStore<T>(page: Page, store: 'outbox' | 'drafts'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('artmint');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

const readOutbox = (page: Page) => readStore<OutboxRow>(page, 'outbox');

test.describe('Help centre (docs/product.md "Help centre")', () => {
  test('FAQs: the side menu scrolls to each section; the four accordions are independent', async ({
    page,
  }) => {
    await page.goto('/helpcenter-faqs');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Help centre' })).toHaveAttribute(
      'href',
      '/helpcenter-overview',
    );
    const menu = page.getByRole('navigation', { name: 'FAQ sections' });
    await menu.getByRole('link', { name: 'Support Questions' }).click();
    await expect(page).toHaveURL(/#support$/);
    const supportTitle = page.getByRole('heading', { level: 2, name: 'Support Questions' });
    await expect(supportTitle).toBeInViewport();
    await expect(supportTitle).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Support Questions' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await menu.getByRole('link', { name: 'Buying Questions' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Buying Questions' }),
    ).toBeInViewport();

    const buying = page.getByRole('region', { name: 'Buying Questions' });
    const payments = page.getByRole('region', { name: 'Payments Questions' });
    const headers = (region: typeof buying) => region.locator('button[aria-expanded]');
    await expect(headers(buying)).toHaveCount(4);
    await expect(headers(payments).nth(0)).toHaveAttribute('aria-expanded', 'true');

    await headers(buying).nth(2).click();
    await expect(headers(buying).nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(headers(buying).nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(headers(payments).nth(0)).toHaveAttribute('aria-expanded', 'true');
    // Choosing it again keeps it open (never toggles closed).
    await headers(buying).nth(2).click();
    await expect(headers(buying).nth(2)).toHaveAttribute('aria-expanded', 'true');
  });

  test('overview: search filters questions and guides as you type, with an empty state', async ({
    page,
  }) => {
    await page.goto('/helpcenter-overview');
    const box = page.getByPlaceholder('Search your questions or topic...');
    await box.fill('wallet');
    const results = page.getByRole('region', { name: 'Results for “wallet”' });
    await expect(results.getByRole('link', { name: 'Connect a wallet' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /results for “wallet”/ })).toHaveCount(
      1,
    );
    await box.fill('wallet zebra');
    await expect(page.getByRole('heading', { name: /No questions or guides match/ })).toBeVisible();
    await box.fill('recovery phrase');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: 'Results for “recovery phrase”' }),
    ).toBeFocused();
    await page.getByRole('link', { name: 'Keep your wallet safe' }).click();
    await expect(page).toHaveURL(/\/helpcenter-guides#wallet-safety$/);
    await expect(page.getByRole('heading', { name: 'Keep your wallet safe' })).toBeInViewport();
  });

  test('overview: Get Started opens one at a time and the open one resets to the first', async ({
    page,
  }) => {
    await page.goto('/helpcenter-overview');
    const headers = page
      .getByRole('region', { name: 'Get Started' })
      .locator('button[aria-expanded]');
    await expect(headers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await headers.nth(3).click();
    await expect(headers.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await expect(headers.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await headers.nth(3).click();
    await expect(headers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(headers.nth(3)).toHaveAttribute('aria-expanded', 'false');
  });

  test('guides: filter as you type, empty state, Contact us goes to support', async ({ page }) => {
    await page.goto('/helpcenter-guides');
    const filter = page.getByRole('searchbox', { name: 'Search the guides' });
    await filter.fill('auction');
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([
      'Find your way around',
      'Place a bid in a live auction',
      'Set a price or run an auction',
    ]);
    await filter.fill('nothing like this');
    await expect(page.getByRole('heading', { name: 'No guides match your search' })).toBeVisible();
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/helpcenter-support$/);
  });
});

const FORMS = [
  { path: '/contact', button: 'Send Message', subject: 'Your Question', kind: 'contact' },
  { path: '/helpcenter-support', button: 'Submit Request', subject: 'Subject', kind: 'support' },
] as const;

for (const form of FORMS) {
  test.describe(`${form.path} form (docs/product.md "Records and fields", "Error messages")`, () => {
    test('an invalid submission shows inline messages and saves nothing', async ({ page }) => {
      await gotoFresh(page, form.path);
      const main = page.getByRole('main');
      await main.getByLabel(/Your Email/).fill('not-an-email');
      await main.getByRole('button', { name: form.button }).click();
      await expect(main.getByRole('alert')).toHaveText(/Please fix the 4 fields/);
      const name = main.getByLabel(/Your Name/);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toBeFocused();
      await expect(main.getByText('Your Name is required.')).toBeVisible();
      await expect(main.getByText(/Enter a valid email address/)).toBeVisible();
      await expect(main.getByText(`${form.subject} is required.`)).toBeVisible();
      await expect(main.getByText('Comments is required.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${form.path}$`));
      expect(await readOutbox(page)).toEqual([]);
    });

    test('a valid one lands on thank-you and is in the outbox after a reload', async ({ page }) => {
      await gotoFresh(page, form.path);
      const main = page.getByRole('main');
      await main.getByLabel(/Your Name/).fill('Ana Lopez');
      await main.getByLabel(/Your Email/).fill('ana@example.com');
      await main.getByLabel(new RegExp(form.subject)).fill('Where is my bid?');
      await main.getByLabel(/Comments/).fill('I placed a bid yesterday.');
      await main.getByRole('button', { name: form.button }).click();
      await expect(page).toHaveURL(new RegExp(`/thankyou\\?saved=${form.kind}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
      await expect(
        page.getByText(/saved on this device and sent to the Artmint team/),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
      const outbox = await readOutbox(page);
      expect(outbox).toEqual([
        expect.objectContaining({
          kind: form.kind,
          fields: {
            name: 'Ana Lopez',
            email: 'ana@example.com',
            subject: 'Where is my bid?',
            comments: 'I placed a bid yesterday.',
          },
        }),
      ]);
      // The draft was cleared: the form opens empty.
      await page.goto(form.path);
      await expect(page.getByRole('main').getByLabel(/Your Name/)).toHaveValue('');
    });

    test('a draft survives a reload', async ({ page }) => {
      await gotoFresh(page, form.path);
      const main = page.getByRole('main');
      await main.getByLabel(/Your Name/).fill('Half typed');
      await main.getByLabel(/Comments/).fill('Still writing this');
      await expect(main.getByRole('status')).toHaveText(/Saved on this device as you type/);
      await expect
        .poll(async () => {
          const drafts = await readStore<{ values: Record<string, unknown> }>(page, 'drafts');
          return drafts.map((draft) => draft.values.comments);
        })
        .toEqual(['Still writing this']);
      await page.reload();
      await expect(page.getByRole('main').getByLabel(/Your Name/)).toHaveValue('Half typed');
      await expect(page.getByRole('main').getByLabel(/Comments/)).toHaveValue('Still writing this');
      await expect(page.getByRole('main').getByRole('status')).toHaveText(/kept what you typed/);
    });
  });
}
