import { test as base, expect } from '@playwright/test';
import type { APIRequestContext, ConsoleMessage, Page, Response, WebError } from '@playwright/test';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { BASE_PORT, currentServer, SpecServers, type SpecServer } from './spec-server';

// The Playwright `test` every spec imports: it runs the spec file against an Artmint server of
// its own on a fresh data folder (spec-server.ts; `baseURL` is that server, for every context
// of the test, those a test makes with browser.newContext included), fails a test on any
// console error or uncaught page error (unless the test opts out), and offers an `axe`
// accessibility check.
//
//   import { test, expect, gotoFresh, installClock } from './support/fixtures';
//   test.use({ allowConsoleErrors: true });                 // opt a file or describe out
//   test('x', async ({ page, consoleErrors }) => { consoleErrors.ignore(/net::ERR_FAILED/); });

/** Impacts the `axe` fixture reports; minor and moderate findings are left to review. */
const REPORTED_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending nodes. */
  targets: string[];
}

export interface ConsoleErrorLog {
  /** Messages seen so far: console.error text or an uncaught error's message. */
  readonly messages: readonly string[];
  /** Do not fail the test for messages matching this pattern (for errors a test provokes). */
  ignore(pattern: RegExp): void;
}

interface Options {
  /** Opt-out: do not fail the test on console errors or page errors. */
  allowConsoleErrors: boolean;
}

interface Fixtures {
  /** The server of this spec file (started for its first test or hook). */
  artmintServer: SpecServer;
  consoleErrors: ConsoleErrorLog;
  axe: (page: Page) => Promise<AxeFinding[]>;
}

interface WorkerFixtures {
  specServers: SpecServers;
}

let axeSource: string | undefined;

function readAxeSource(): string {
  if (axeSource === undefined) {
    const require = createRequire(import.meta.url);
    axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

function describeConsoleMessage(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  const where = url ? ` (${url}:${lineNumber})` : '';
  return `console.error: ${message.text()}${where}`;
}

/**
 * A first visit shows the screen's prerendered copy (scripts/prerender.mjs), inert, until the
 * app renders over it. What a test reads or does right after a navigation must be the app's,
 * as it is for a user (they cannot act on the inert copy either): after every goto, reload,
 * back and forward, wait until the copy is gone. It never staying is a failure of its own.
 */
async function untilAppTookOver(page: Page): Promise<void> {
  if (appBlocked.has(page) || page.isClosed() || !/^https?:/.test(page.url())) return;
  try {
    await page.waitForFunction(() => !document.querySelector('[data-prerender]'), undefined, {
      timeout: 30_000,
    });
  } catch (error) {
    // A navigation of the test's own (or a closed page) ended this page: nothing to wait for.
    if (page.isClosed() || /context was destroyed|navigat/i.test(String(error))) return;
    throw new Error(`The app never replaced the prerendered copy of ${page.url()}: ${error}`);
  }
}

const watched = new WeakSet<Page>();
const appBlocked = new WeakSet<Page>();

/** For a test that keeps the app from starting on purpose: navigations no longer wait for it. */
export function expectNoApp(page: Page): void {
  appBlocked.add(page);
}

function waitForAppAfterNavigations(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  const wrap =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await navigate(...args);
      await untilAppTookOver(page);
      return result;
    };
  page.goto = wrap(page.goto.bind(page));
  page.reload = wrap(page.reload.bind(page));
  page.goBack = wrap(page.goBack.bind(page));
  page.goForward = wrap(page.goForward.bind(page));
}

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  allowConsoleErrors: [false, { option: true }],

  specServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs a destructuring pattern.
    async ({}, provide, workerInfo) => {
      const servers = new SpecServers(BASE_PORT + workerInfo.parallelIndex);
      await provide(servers);
      await servers.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  artmintServer: [
    async ({ specServers }, provide, testInfo) => {
      // A file run again (--repeat-each) runs in another worker: a new server anyway.
      const { server, startMs } = await specServers.serve(testInfo.file);
      if (startMs !== undefined) {
        testInfo.annotations.push({
          type: 'server switch',
          description: `${(startMs / 1000).toFixed(1)} s (${server.origin})`,
        });
      }
      await provide(server);
    },
    // Its own time limit, apart from the test's: a start is seconds, more on a busy machine.
    { auto: true, timeout: 180_000 },
  ],

  baseURL: async ({ artmintServer }, provide) => {
    await provide(artmintServer.origin);
  },

  page: async ({ page }, provide) => {
    waitForAppAfterNavigations(page);
    await provide(page);
  },

  context: async ({ context }, provide) => {
    // Pages a test opens itself (a fresh tab for a cold deep link) behave the same.
    context.on('page', waitForAppAfterNavigations);
    await provide(context);
  },

  consoleErrors: [
    async ({ context, allowConsoleErrors }, provide) => {
      const messages: string[] = [];
      const ignored: RegExp[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') messages.push(describeConsoleMessage(message));
      };
      // Context-level listeners also catch pages a test opens itself (popups, new tabs).
      const onWebError = (webError: WebError) => {
        messages.push(`pageerror: ${webError.error().message}`);
      };
      // An unknown URL or id is a page the server answers with 404 and the not-found page, as
      // it should; Chromium logs that status of the document as a console error.
      const notFoundPages = new Set<string>();
      const onResponse = (response: Response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) {
          notFoundPages.add(response.url());
        }
      };
      const isNotFoundPage = (text: string) =>
        [...notFoundPages].some(
          (url) => text.includes('status of 404') && text.includes(`(${url}:`),
        );
      context.on('console', onConsole);
      context.on('weberror', onWebError);
      context.on('response', onResponse);

      await provide({
        get messages() {
          return messages;
        },
        ignore(pattern) {
          ignored.push(pattern);
        },
      });

      context.off('console', onConsole);
      context.off('weberror', onWebError);
      context.off('response', onResponse);
      if (allowConsoleErrors) return;
      const unexpected = messages.filter(
        (text) => !isNotFoundPage(text) && !ignored.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'console errors or uncaught page errors during the test').toEqual([]);
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright needs a destructuring pattern.
  axe: async ({}, provide) => {
    await provide(async (page) => {
      // Colours are judged on the settled screen: a dialog still fading in (its opacity below
      // 1) read as low contrast now and then on a busy machine. Looping animations (spinners)
      // never finish and paused ones may not: neither is waited for.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            )
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      const hasAxe = await page.evaluate(() => 'axe' in window);
      if (!hasAxe) await page.evaluate(readAxeSource());
      const violations = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
        };
        const results = await axe.run(document, { resultTypes: ['violations'] });
        return results.violations as {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[] }[];
        }[];
      });
      return violations
        .filter((violation) => REPORTED_IMPACTS.has(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
        }));
    });
  },
});

export { expect };

/**
 * Opens `path` as a first-time visitor: clears this origin's localStorage, IndexedDB, caches
 * and service workers (Chromium's Storage.clearDataForOrigin), then navigates.
 */
export async function gotoFresh(page: Page, path = '/'): Promise<void> {
  const target = new URL(path, currentServer().origin);
  // Leave the app first so it holds no open IndexedDB connection while data is cleared.
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin: target.origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  await page.goto(target.pathname + target.search + target.hash);
}

/** The account that each spec file checking its own database signs up once. */
const PROBE_ACCOUNT = {
  name: 'Fresh Data Probe',
  email: 'fresh-data-probe@example.com',
  password: 'correct horse battery staple',
};

/**
 * Proves the spec file's server started on a database of its own: the probe account, which
 * every file calling this signs up, is not there yet. On a server shared with an earlier such
 * file (or an earlier run of this one) the login would succeed and the signup be refused.
 */
export async function expectOwnDatabase(request: APIRequestContext): Promise<void> {
  const { origin } = currentServer();
  const headers = { origin };
  const login = await request.post('/api/auth/login', {
    data: { email: PROBE_ACCOUNT.email, password: PROBE_ACCOUNT.password },
    headers,
  });
  expect(login.status(), 'the probe account is unknown to this server').toBe(401);
  const signup = await request.post('/api/auth/signup', {
    data: { ...PROBE_ACCOUNT, terms: true },
    headers,
  });
  expect(signup.status(), `signup of the probe account: ${await signup.text()}`).toBe(201);
}

/**
 * Freezes the page's clock at `time` before the page loads; advance it with
 * `page.clock.runFor(ms)`. Call before `page.goto`. The app then runs as from a static host with
 * no API (docs/product.md "Online": device only; /api/health and /api/items answer 404): the
 * lists run on the device and the sample's times follow
 * the page's clock, where the server's catalogue, pulled a moment later, would bring times of
 * the real one.
 */
export async function installClock(
  page: Page,
  time: Date | number | string,
  consoleErrors: ConsoleErrorLog,
): Promise<void> {
  for (const api of ['**/api/health', '**/api/items**']) {
    await page.route(api, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }),
    );
  }
  consoleErrors.ignore(/status of 404 .*\/api\/(health|items)\b/);
  await page.clock.install({ time });
}
