// The first open as a new collector meets it (docs/performance.md "First open"), part of
// `npm run bench`: on the project's own server over the existing build, an auction with
// `--bids` bids behind it, fresh phone-sized Chromium profiles, the page polled every 25 ms
// from navigation start:
//   - the first request to /api/ after DOMContentLoaded (ms, median of --runs);
//   - the server's highest bid shown on the auction's page, from navigation start;
//   - on `/` with the CPU slowed 4x, the sum of (duration - 50 ms) over the main thread's long
//     tasks in the first 8 s (total blocking time as the page lived it).
//
//   node scripts/bench-first-open.mjs [--runs 3] [--bids 500] [--port 4181] [--dist DIR]
// (--dist: another build, e.g. the previous release's, served by this server, to compare)
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { commandLine, isMain } from './cli.mjs';
import { median } from './bench-format.mjs';
import {
  auctions,
  BENCH_SERVER_ENV,
  bidMaker,
  freePort,
  makeSender,
  signUpAccounts,
} from './bench-support.mjs';
import { startServer } from './start-server.mjs';
import { highestIs, OBSERVE_LONG_TASKS, phone } from './bench-scale/phone.mjs';

const LONG_TASK_WINDOW_MS = 8000;

/** What the page measured of itself: DOMContentLoaded, its first /api/ request, from its start. */
function firstRequest() {
  const nav = performance.getEntriesByType('navigation')[0];
  const api = performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
    .sort((a, b) => a.startTime - b.startTime)[0];
  return {
    dcl: nav?.domContentLoadedEventStart ?? NaN,
    api: api?.startTime ?? NaN,
    url: api?.name,
  };
}

/** Fresh profiles opening the auction's page: each run's figures. */
async function auctionRuns(browser, origin, item, expected, runs) {
  const out = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, open } = await phone(browser);
    try {
      await context.addInitScript({ content: `window.__highestIs = ${highestIs.toString()};` });
      const page = await open();
      await page.goto(`${origin}/item-detail/${item.id}`, { waitUntil: 'commit' });
      const shown = await page.waitForFunction(
        (value) => (window.__highestIs(value) ? performance.now() : false),
        expected,
        { polling: 25, timeout: 30_000 },
      );
      const at = await shown.jsonValue();
      const { dcl, api, url } = await page.evaluate(firstRequest);
      out.push({ shown: at, dcl, api, afterDcl: api - dcl, url });
    } finally {
      await context.close();
    }
  }
  return out;
}

/** Fresh profiles opening `/` at 4x CPU: the long tasks' blocking time in the first 8 s. */
async function homeBlocking(browser, origin, runs) {
  const out = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, open } = await phone(browser);
    try {
      await context.addInitScript(OBSERVE_LONG_TASKS);
      const page = await open(4);
      await page.goto(`${origin}/`, { waitUntil: 'commit' });
      await page.waitForFunction((ms) => performance.now() > ms, LONG_TASK_WINDOW_MS + 200, {
        polling: 250,
        timeout: 60_000,
      });
      const tasks = await page.evaluate(() => window.__benchLongTasks ?? []);
      const within = tasks.filter((task) => task.start < LONG_TASK_WINDOW_MS);
      out.push({
        blocking: within.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
        count: within.length,
        longest: Math.max(0, ...within.map((task) => task.duration)),
        tasks: within,
      });
    } finally {
      await context.close();
    }
  }
  return out;
}

const round = (value) => (Number.isFinite(value) ? Math.round(value) : 'n/a');

/** Runs the first-open figures against a server of its own; prints them and returns them. */
export async function benchFirstOpen({ runs = 3, bids = 500, port, dist } = {}) {
  const env = dist ? { ...BENCH_SERVER_ENV, ARTMINT_DIST: dist } : BENCH_SERVER_ENV;
  const server = await startServer({ port: port ?? (await freePort()), env });
  let browser;
  try {
    const { items } = await auctions(server.origin);
    const item = items[0];
    if (!item) throw new Error('the server has no running auction');
    const cookies = await signUpAccounts(server.origin, 5);
    const next = bidMaker([item], cookies);
    const sender = makeSender(server.origin);
    for (let i = 0; i < bids; i += 1) await sender.send(next());
    const last = sender.accepted.at(-1);
    const expected = `${last ? last.args.priceEth : item.highestBidEth} ETH`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const auction = await auctionRuns(browser, server.origin, item, expected, runs);
    const home = await homeBlocking(browser, server.origin, runs);
    const figures = {
      firstApiAfterDclMs: median(auction.map((r) => r.afterDcl)),
      highestShownMs: median(auction.map((r) => r.shown)),
      homeBlockingMs: median(home.map((r) => r.blocking)),
    };
    console.log(
      `first open (${sender.accepted.length} bids on /item-detail/${item.id}, fresh phone, ${runs} runs):`,
    );
    for (const r of auction) {
      console.log(
        `  DCL ${round(r.dcl)} ms, first /api/ ${round(r.api)} ms (${round(r.afterDcl)} after DCL: ${r.url?.replace(server.origin, '')}), highest bid shown ${round(r.shown)} ms`,
      );
    }
    console.log(
      `  median: first /api/ request ${round(figures.firstApiAfterDclMs)} ms after DOMContentLoaded (budget 300), highest bid shown ${round(figures.highestShownMs)} ms from navigation start (budget 1000)`,
    );
    console.log(
      `  / at 4x CPU, long tasks in the first 8 s, blocking: ${home.map((r) => `${round(r.blocking)} ms (${r.count} tasks: ${r.tasks.map((t) => `${round(t.duration)} at ${round(t.start)}`).join(', ')})`).join(', ')}; median ${round(figures.homeBlockingMs)} ms (budget 100)`,
    );
    return figures;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const options = commandLine({
    name: 'bench-first-open',
    usage:
      'usage: node scripts/bench-first-open.mjs [--runs 3] [--bids 500] [--port 4181] [--dist DIR]',
    options: {
      runs: { type: 'string' },
      bids: { type: 'string' },
      port: { type: 'string' },
      dist: { type: 'string' },
    },
    read: (line) => ({
      runs: line.number('runs', 3, 1),
      bids: line.number('bids', 500, 0),
      port: line.values.port === undefined ? undefined : line.number('port', 4181, 1),
      dist: line.values.dist,
    }),
  });
  await benchFirstOpen(options);
}
