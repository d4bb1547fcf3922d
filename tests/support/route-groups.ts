import type { BrowserContext, Page } from '@playwright/test';
import { gotoFresh, test, type ConsoleErrorLog } from './fixtures';
import type { RouteExpectation } from './routes';

// Per-route checks that share one browser context per group of routes: a fresh context for each
// route (Chromium's context, its first page, the fixtures around it) cost about as much as the
// check itself. Each route is still a first visit's deep link of its own: a fresh page, on an
// origin with no storage left from the route before (gotoFresh), closed after its check.

/** `routes` in consecutive groups of at most `size`, in their order. */
export function routeGroups(
  routes: readonly RouteExpectation[],
  size: number,
): RouteExpectation[][] {
  const groups: RouteExpectation[][] = [];
  for (let start = 0; start < routes.length; start += size) {
    groups.push(routes.slice(start, start + size));
  }
  return groups;
}

/** A group's paths, for its test's title (so `-g /terms` still picks the test checking /terms). */
export function groupPaths(group: readonly RouteExpectation[]): string {
  return group.map((route) => route.path).join(' ');
}

/**
 * Runs `check` on each route of `group`, each in a step named after its path, on a fresh page of
 * `context` that opened the route as a first visit (`gotoFresh`) and is closed after. `check`
 * asserts with `expect.soft`, naming the route, so one failing route does not hide the others.
 * Console errors stay the `consoleErrors` fixture's to fail the test; each route's own are noted
 * in an annotation that names it.
 */
export async function forEachRoute(
  context: BrowserContext,
  consoleErrors: ConsoleErrorLog,
  group: readonly RouteExpectation[],
  check: (page: Page, route: RouteExpectation) => Promise<void>,
): Promise<void> {
  for (const route of group) {
    await test.step(route.path, async () => {
      const seen = consoleErrors.messages.length;
      const page = await context.newPage();
      try {
        await gotoFresh(page, route.path);
        await check(page, route);
      } finally {
        await page.close();
        const during = consoleErrors.messages.slice(seen);
        if (during.length > 0) {
          test.info().annotations.push({
            type: `console during ${route.path}`,
            description: during.join('\n'),
          });
        }
      }
    });
  }
}
