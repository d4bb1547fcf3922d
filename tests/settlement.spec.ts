import type { APIRequestContext, Page } from '@playwright/test';
import { startServer, type StartedServer } from '../scripts/start-server.mjs';
import { createAccount, openApp } from './support/accounts';
import { expect, test } from './support/fixtures';
import {
  collector,
  freePort,
  highestBid,
  placeBid,
  syncStatus,
  uploadItem,
} from './support/market';
import { e2eCluster, freshDatabase, moveAuctionEnd, queryDatabase } from './support/postgres';
import { SERVER_ENV } from './support/spec-server';

// An auction with bids ends during the test, settles
// once on the server's own timer, and both collectors' open item pages name the winner without
// a reload; Activity records the win and the sale, and the winner's cards say the auction ended.
// A bid in the last 15 minutes moves the end 15 minutes on, so the auction starts 30 minutes
// from its end, takes its bids, and then the test moves its end to a few seconds from now in
// the server's database, as a late bid moves an end (support/postgres.ts): the product keeps
// its rule. The server runs on the PostgreSQL cluster the test command starts
// (E2E_DATABASE_URL), in a database of this file's own, which the test also reads to check
// owners and bids.

test.describe.configure({ timeout: 240_000 });

/** The end is moved this far ahead: enough for both pages to show it before it passes. */
const MOVED_END_MS = 20_000;

let server: StartedServer | null = null;
let database: { url: string; drop: () => Promise<void> } | null = null;
let owner: APIRequestContext | null = null;

test.beforeAll(async () => {
  database = await freshDatabase(e2eCluster(), 'settlement');
  server = await startServer({
    port: await freePort(),
    env: { ...SERVER_ENV, DATABASE_URL: database.url },
    timeoutMs: 120_000,
  });
});

test.afterAll(async () => {
  await owner?.dispose();
  await server?.stop();
  await database?.drop();
});

interface LoggedChange {
  topic: string;
  key: string;
  data: { itemId?: number; description?: string } | null;
}

/** The whole change log, as a device pulls it. */
async function changeLog(page: Page): Promise<LoggedChange[]> {
  const changes: LoggedChange[] = [];
  for (let since = 0, more = true; more;) {
    const response = await page.request.get(`/api/changes?since=${since}`);
    const body = (await response.json()) as {
      changes: LoggedChange[];
      cursor: number;
      more: boolean;
    };
    changes.push(...body.changes);
    ({ cursor: since, more } = body);
  }
  return changes;
}

test('an auction with bids ends during the test: it settles once and both pages name the winner', async ({
  browser,
  playwright,
}) => {
  if (!server || !database) throw new Error('the server did not start');
  const { origin } = server;
  const { url } = database;

  // The owner lists through the API; the auction ends in 30 minutes, beyond a late bid's reach.
  owner = await playwright.request.newContext({ baseURL: origin });
  await createAccount({ request: owner }, { name: 'Olu Owner', origin });
  const title = 'Closing Light';
  const itemId = await uploadItem(
    { request: owner },
    {
      title,
      description: 'For the settlement test',
      endDate: new Date(Date.now() + 30 * 60_000).toISOString(),
    },
    origin,
  );

  const a = await collector(browser, 'Ada Early', origin);
  const b = await collector(browser, 'Bea Bidder', origin);
  try {
    await Promise.all([
      openApp(a.page, `/item-detail/${itemId}`),
      openApp(b.page, `/item-detail/${itemId}`),
    ]);
    await placeBid(a.page, '1.5');
    await expect(syncStatus(a.page)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    await expect(highestBid(b.page)).toHaveText('1.5 ETH');
    await placeBid(b.page, '2');
    await expect(syncStatus(b.page)).toHaveAccessibleName('All changes synced', {
      timeout: 30_000,
    });
    await expect(highestBid(a.page)).toHaveText('2 ETH');
    for (const p of [a.page, b.page]) {
      await expect(
        p.getByRole('timer', { name: /^Auction ends in: 0 days, 0 hours, 2\d minutes/ }),
      ).toBeVisible();
    }

    // The end moves close: both open pages follow it live, then the server settles the auction.
    await moveAuctionEnd(url, itemId, MOVED_END_MS);
    for (const p of [a.page, b.page]) {
      await expect(
        p.getByRole('timer', {
          name: /^Auction ends in: 0 days, 0 hours, 0 minutes, \d+ seconds?$/,
        }),
      ).toBeVisible({ timeout: MOVED_END_MS / 2 });
    }
    // The settler wakes at the next end it knows of, at the latest 30 s after the move.
    const won = 'Auction ended · won by Bea Bidder';
    for (const p of [a.page, b.page]) {
      await expect(p.getByText(won)).toBeVisible({ timeout: MOVED_END_MS + 60_000 });
      await expect(p.getByRole('timer')).toBeHidden();
    }
    await expect(b.page.getByText('You own this item')).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Bid Now' })).toBeDisabled();
    await expect(a.page.getByRole('button', { name: 'Bid Now' })).toHaveAccessibleDescription(won);
    await expect(a.page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    // The win reads "You" to the winner and her name to the other bidder.
    for (const [p, winner] of [
      [a.page, 'Bea Bidder'],
      [b.page, 'You'],
    ] as const) {
      await p.getByRole('tab', { name: 'Activity' }).click();
      await expect(
        p.getByText(`Won at 2.00 ETH: ${winner} won the auction of ${title}`),
      ).toBeVisible();
      await expect(
        p.getByText(`Sold at 2.00 ETH: Olu Owner sold ${title} to Bea Bidder`),
      ).toBeVisible();
    }

    // Once: the winner owns it, one purchase, the winning bid won and the other outbid, one
    // win and one sale in the change log, and no "ended unsold" entry.
    const [item] = await queryDatabase<{ owner: string; settled: boolean }>(
      url,
      `SELECT a.name AS owner, i.settled_at IS NOT NULL AS settled
       FROM items i JOIN accounts a ON a.id = i.owner_id WHERE i.id = $1`,
      [itemId],
    );
    expect(item).toEqual({ owner: 'Bea Bidder', settled: true });
    const purchases = await queryDatabase<{ buyer: string; price: string }>(
      url,
      'SELECT buyer, trim_scale(price_eth)::text AS price FROM purchases WHERE item_id = $1',
      [itemId],
    );
    expect(purchases).toEqual([{ buyer: 'Bea Bidder', price: '2' }]);
    const bids = await queryDatabase<{ bidder: string; status: string }>(
      url,
      'SELECT bidder, status FROM bids WHERE item_id = $1 ORDER BY price_eth',
      [itemId],
    );
    expect(bids).toEqual([
      { bidder: 'Ada Early', status: 'outbid' },
      { bidder: 'Bea Bidder', status: 'won' },
    ]);
    const entries = (await changeLog(b.page)).filter(
      (change) => change.topic === 'activity' && change.data?.itemId === itemId,
    );
    const described = (start: string) =>
      entries.filter((change) => change.data?.description?.startsWith(start));
    expect(described('Won at 2.00 ETH: Bea Bidder won the auction of ')).toHaveLength(1);
    expect(described('Sold at 2.00 ETH: Olu Owner sold ')).toHaveLength(1);
    expect(entries.filter((change) => change.key === `ended-${itemId}`)).toEqual([]);

    // The winner's profile: the card says the auction ended and who bought it, with no Buy Now.
    await openApp(b.page, '/creator-profile');
    await b.page.getByRole('tab', { name: /^Owned/ }).click();
    const card = b.page.getByRole('listitem').filter({
      has: b.page.getByRole('heading', { name: title }),
    });
    await expect(card.getByText('Auction ended · sold to Bea Bidder')).toBeVisible();
    await expect(card.getByRole('link', { name: /^(Buy|Bid) Now/ })).toHaveCount(0);
  } finally {
    await a.context.close();
    await b.context.close();
  }
  expect([...a.errors, ...b.errors], 'console errors in the collectors').toEqual([]);
});
