import type { BrowserContext, Page } from '@playwright/test';
import { HOME_VARIANTS, paths } from '../src/config/paths.ts';
import { HOME_SECTIONS } from '../src/features/home/__tests__/home-sections-table.ts';
import { test, expect } from './support/fixtures';
import { waitForPageLoaded } from './support/page-loaded';
import { forEachRoute, groupPaths, routeGroups } from './support/route-groups';
import { registeredRoutes } from './support/routes';

// Every route from a deep link, on a 390 px phone, each a first visit in a fresh page: one pass
// over the routes checks all that every route owes, since opening a page is what costs.
// - The shell (docs/product.md "On every page", "Screens and routes"): its heading, its theme, the
//   title, the header and the footer, and no request to another origin once it has loaded (the
//   embeds wait for a click or a scroll: tests/content.spec.ts).
// - The homes (docs/product.md "Home pages"): one h1, their sections in the spec's order (the
//   component test's table), no serious axe finding; the content screens ("Blog", "About us and
//   contact", "Help centre") one h1 and no serious axe finding either.
// - The phone toolbar (docs/product.md "On every page" floating toolbar; WCAG 2.2 2.4.11 Focus Not
//   Obscured): the floating options button covers no control at the top of any route, and no
//   element that has keyboard focus is hidden under it (nor under back to top).

/** The app's homes, as src/app/route-table.ts registers them: home one, then each variant. */
const HOME_PATHS: string[] = [paths.home, ...HOME_VARIANTS.map((v) => paths.homeVariant(v))];
/** Each home's section headings, in order, by path. */
const SECTIONS = new Map(Object.values(HOME_SECTIONS).map((home) => [home.path, home.headings]));
/** The content screens: the blog, about us and contact, the help centre. */
const CONTENT = /^\/(blogs|blog-detail|aboutus|contact|helpcenter-)/;

/** The requests of `context`'s pages to any origin other than `origin`. */
function watchThirdParty(context: BrowserContext, origin: string): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) seen.push(url);
  });
  return seen;
}

const PHONE = { width: 390, height: 844 };
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

interface Cover {
  control: string;
  by: string;
}

/**
 * The controls that lie, rendered and not clipped away, under the floating buttons: at the top
 * of the page, or (sweep) each tabbable element in document order once keyboard focus is on it
 * and the browser has scrolled it into view. The sweep runs in the page (a round trip per element
 * took minutes per home page), waiting two frames only after focus scrolled the page.
 */
function coveredControls(page: Page, sweep: boolean): Promise<Cover[]> {
  return page.evaluate(
    async ({ selector, focusSweep }) => {
      const floating = [
        ['options button', document.querySelector('[aria-label="Display and app options"]')],
        ['back to top', document.querySelector('[aria-label="Back to top"]')],
      ] as const;
      const describe = (el: Element) => {
        const name =
          el.getAttribute('aria-label') ??
          (el as HTMLElement).innerText?.trim().slice(0, 40) ??
          el.getAttribute('name') ??
          '';
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
      };
      const found: { control: string; by: string }[] = [];
      const check = (candidates: Element[]) => {
        for (const [label, button] of floating) {
          if (!button) continue;
          const b = button.getBoundingClientRect();
          for (const el of candidates) {
            // The floating buttons themselves (and the options they unfold) are the toolbar.
            const toolbar = floating[0][1]?.parentElement;
            if (floating.some(([, f]) => f === el) || toolbar?.contains(el)) continue;
            const r = el.getBoundingClientRect();
            const left = Math.max(r.left, b.left);
            const right = Math.min(r.right, b.right);
            const top = Math.max(r.top, b.top);
            const bottom = Math.min(r.bottom, b.bottom);
            if (right - left < 1 || bottom - top < 1) continue;
            // Rendered there (not clipped by a scroller, not display:none): the point stack holds it.
            const x = (left + right) / 2;
            const y = (top + bottom) / 2;
            const stack = document.elementsFromPoint(x, y);
            if (stack.some((hit) => hit === el || el.contains(hit))) {
              found.push({ control: describe(el), by: label });
            }
          }
        }
      };
      if (!focusSweep) {
        check(Array.from(document.querySelectorAll(selector)));
        return found;
      }
      const tabbable = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
      );
      let scrolled = `${scrollX},${scrollY}`;
      for (const el of tabbable) {
        if (el.getClientRects().length === 0) continue;
        el.focus({ focusVisible: true } as FocusOptions);
        if (document.activeElement !== el) continue;
        // Judged as the user sees it. Focus scrolls at once (no smooth scrolling here); when it
        // scrolled the page, what reacts to scrolling (back to top appears) gets its frames
        // first. Elements already in view need none: the layout is read synchronously.
        const now = `${scrollX},${scrollY}`;
        if (now !== scrolled) {
          scrolled = now;
          // Two frames, or 250 ms when the browser paints none meanwhile: a renderer that
          // stopped painting once hung this sweep until the test's timeout (8 minutes).
          await Promise.race([
            new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
            new Promise((done) => setTimeout(done, 250)),
          ]);
        }
        check([el]);
      }
      if (tabbable.length <= 3)
        found.push({ control: `only ${tabbable.length} tabbable`, by: 'sweep' });
      return found;
    },
    { selector: CONTROLS, focusSweep: sweep },
  );
}

test.describe('every route from a deep link, on a phone', () => {
  test.use({ viewport: PHONE });

  test('all ten homes are registered', () => {
    // The app's list, not one written here: a home the app adds or drops fails this test until
    // tests/support/routes.ts says what it shows.
    expect(HOME_PATHS).toHaveLength(10);
    expect(registeredRoutes.filter((r) => HOME_PATHS.includes(r.path)).map((r) => r.path)).toEqual(
      HOME_PATHS,
    );
  });

  // A few routes per test, each a deep link in a fresh page of the test's context
  // (tests/support/route-groups.ts).
  for (const group of routeGroups(registeredRoutes, 8)) {
    test(`${groupPaths(group)}: heading, theme and shell; nothing under the floating buttons`, async ({
      context,
      consoleErrors,
      axe,
      baseURL,
    }) => {
      test.setTimeout(60_000 * group.length);
      const thirdParty = watchThirdParty(context, new URL(baseURL ?? 'http://127.0.0.1').origin);
      await forEachRoute(context, consoleErrors, group, async (page, route) => {
        thirdParty.length = 0;
        const h1 = page.getByRole('heading', { level: 1 });
        await expect.soft(h1, `${route.path}: h1`).toHaveText(route.heading);
        await expect.soft(h1, `${route.path}: one h1`).toHaveCount(1);
        await expect
          .soft(page.locator('html'), `${route.path}: ${route.theme} theme`)
          .toHaveAttribute('data-theme', route.theme);
        await expect.soft(page, `${route.path}: title`).toHaveTitle(/Artmint/);
        await expect.soft(page.getByRole('banner'), `${route.path}: header`).toBeVisible();
        await expect.soft(page.getByRole('contentinfo'), `${route.path}: footer`).toBeVisible();
        const toggle = page.getByRole('button', { name: 'Display and app options' });
        await expect.soft(toggle, `${route.path}: options button`).toBeVisible();
        const sections = SECTIONS.get(route.path) ?? [];
        for (const heading of sections) {
          await expect
            .soft(
              page.getByRole('main').getByRole('heading', { level: 2, name: heading, exact: true }),
              `${route.path}: section ${heading}`,
            )
            .toBeVisible();
        }
        if (sections.length > 0) {
          const shown = await page
            .getByRole('main')
            .getByRole('heading', { level: 2 })
            .allTextContents();
          const wanted = new Set(sections);
          expect
            .soft(
              shown.map((text) => text.trim()).filter((text) => wanted.has(text)),
              `${route.path}: sections in order`,
            )
            .toEqual(sections);
        }
        if (HOME_PATHS.includes(route.path) || CONTENT.test(route.path)) {
          await waitForPageLoaded(page);
          expect.soft(await axe(page), `${route.path}: serious axe findings`).toEqual([]);
        }
        expect.soft([...thirdParty], `${route.path}: requests to other origins`).toEqual([]);
        // Let below-the-fold parts that load lazily settle where they will stay.
        await page.evaluate(() => document.fonts.ready);
        expect
          .soft(await coveredControls(page, false), `${route.path}: controls covered at the top`)
          .toEqual([]);

        // Keyboard focus on each tabbable element in turn, in document order: the browser
        // scrolls each into view as it would.
        const obscured = (await coveredControls(page, true)).map(
          (cover) => `${cover.control} under ${cover.by}`,
        );
        expect
          .soft(obscured, `${route.path}: focused elements hidden under the floating buttons`)
          .toEqual([]);
      });
    });
  }
});
