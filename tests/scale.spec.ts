import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startServer, type StartedServer } from '../scripts/start-server.mjs';
import { openApp, signUpAndIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { freePort, highestBid, placeBid } from './support/market';
import { e2eCluster, freshDatabase } from './support/postgres';
import { SERVER_ENV } from './support/spec-server';

// Scale-out: two server processes on one PostgreSQL serve the same
// collectors with no sticky sessions. A bid made through server 1 reaches a page whose live
// stream comes from server 2 (fan-out through LISTEN/NOTIFY, not a list in one process), and a
// session made on one server is valid on the other. `npm test` runs the end-to-end suite inside
// scripts/with-postgres.sh, which hands this file the throwaway cluster as E2E_DATABASE_URL; each
// run makes a database of its own on it.

async function collector(browser: Browser, origin: string, name: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: origin });
  const page: Page = await context.newPage();
  await signUpAndIn(page, { name, origin });
  return { context, page };
}

test.describe('two servers on one PostgreSQL', () => {
  test.describe.configure({ timeout: 180_000 });
  let servers: StartedServer[] = [];
  let dropDatabase: (() => Promise<void>) | null = null;

  test.beforeAll(async () => {
    const database = await freshDatabase(e2eCluster(), 'scale');
    dropDatabase = database.drop;
    const env = { ...SERVER_ENV, DATABASE_URL: database.url };
    // The first migrates and seeds; the second starts on the same database, as a second
    // process behind a load balancer would.
    servers.push(await startServer({ port: await freePort(), env, timeoutMs: 120_000 }));
    servers.push(await startServer({ port: await freePort(), env, timeoutMs: 120_000 }));
  });

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    servers = [];
    await dropDatabase?.();
  });

  test('a bid through server 1 appears within 2 s on a page streaming from server 2', async ({
    browser,
  }) => {
    const [one, two] = servers as [StartedServer, StartedServer];
    const a = await collector(browser, two.origin, 'Ada');
    const b = await collector(browser, one.origin, 'Bo');
    try {
      const stream = a.page.waitForResponse((r) => r.url().startsWith(`${two.origin}/api/events`), {
        timeout: 30_000,
      });
      await openApp(a.page, '/item-detail/2');
      await stream;
      await openApp(b.page, '/item-detail/2');
      await expect(highestBid(a.page)).toHaveText('3.55 ETH');

      const pushed = b.page.waitForResponse((r) => r.url() === `${one.origin}/api/push` && r.ok());
      await placeBid(b.page, '6.4');
      await pushed;
      await expect(highestBid(a.page)).toHaveText('6.4 ETH', { timeout: 2000 });
      await expect(a.page.getByRole('status').filter({ hasText: /^New highest bid/ })).toHaveText(
        'New highest bid 6.4 ETH',
      );
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('a session made on one server is valid on the other', async ({ browser }) => {
    const [one, two] = servers as [StartedServer, StartedServer];
    const a = await collector(browser, one.origin, 'Cy');
    try {
      // Cookies belong to the host, not the port: the same browser asks the other server.
      const onTwo = await a.context.request.get(`${two.origin}/api/auth/session`);
      expect(onTwo.ok()).toBe(true);
      const session = (await onTwo.json()) as { account: { name: string } | null };
      expect(session.account?.name).toBe('Cy');
    } finally {
      await a.context.close();
    }
  });
});
