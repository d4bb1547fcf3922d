// The lists section of `npm run bench:scale -- --items N` (scripts/bench-scale.mjs): explore and
// search over HTTP (scripts/bench-lists.mjs), the bids' budget while searches run, and the pages
// in Chromium (scripts/bench-scale/list-pages.mjs).
import { chromium } from 'playwright-core';
import {
  CREATOR_QUERIES,
  LIST_BUDGET_MS,
  LIST_CLIENTS,
  LIST_QUERIES,
  listLines,
  loadLists,
  SEARCH_QUERIES,
} from '../bench-lists.mjs';
import { count, failed, log } from '../bench-format.mjs';
import { BID_RATE, openLoop } from '../bench-server.mjs';
import {
  auctions,
  BENCH_SERVER_ENV,
  bidMaker,
  checkState,
  freePort,
  openConnections,
  signUpAccounts,
} from '../bench-support.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { startServer } from '../start-server.mjs';
import { prepare, seedAndSay } from './databases.mjs';
import { measureListPages } from './list-pages.mjs';

/** The lists section (--items): explore and search over HTTP at `items` items on `db`. */
export async function measureLists(db, items, options) {
  const label = db === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const result = { kind: 'lists', db, items };
  console.log(`\n${label}, ${count(items)} items: explore and search over HTTP`);
  const target = await prepare(db, `items_${items}`);
  let server;
  try {
    const creators = options.creators > 0 ? ['--creators', String(options.creators)] : [];
    await seedAndSay(target, ['--items', String(items), ...creators], result);
    server = await startServer({
      port: await freePort(),
      // The API alone when no page is opened (--no-browser).
      env: { ...BENCH_SERVER_ENV, ...(options.browser ? {} : { API_ONLY: '1' }), ...target.env },
      dataDir: target.dataDir,
      timeoutMs: 600_000,
    });
    const load = await loadLists({
      origin: server.origin,
      clients: LIST_CLIENTS[db],
      rounds: options.listRounds,
      queries: options.creators > 0 ? [...LIST_QUERIES, ...CREATOR_QUERIES] : LIST_QUERIES,
    });
    result.lists = load;
    for (const line of listLines(load, LIST_BUDGET_MS[db])) log(line);
    if (options.bidWindows > 0) {
      result.bidLoad = await bidsWhileSearching(db, server, options.bidWindows).catch((error) => {
        log(`bids while searching failed: ${error.message}`);
        return { error: error.message };
      });
    }
    if (options.browser) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        Object.assign(result, await measureListPages(browser, server.origin, options));
      } finally {
        await browser.close();
      }
    }
    return result;
  } catch (error) {
    return failed(result, error);
  } finally {
    await server?.stop();
    await target.drop();
  }
}

/**
 * The bid budget while searches run (issue 33): the open loop of `npm run bench:server`
 * (scripts/bench-server.mjs: 50 accounts bidding on the running auctions, 500 bids/s on
 * PostgreSQL and 150 on PGlite, a 5 s warm-up and then `windows` windows of 10 s) while the
 * searches of the lists' mix are asked by as many clients as the lists section uses, from the
 * warm-up on; the searches answered during the windows are counted. Then the server's state is
 * checked against the accepted bids.
 */
async function bidsWhileSearching(db, server, windows) {
  const { origin } = server;
  const rate = BID_RATE[db];
  const clients = LIST_CLIENTS[db];
  log(`bids at ${rate}/s while ${clients} client${clients === 1 ? '' : 's'} search:`);
  const cookies = await signUpAccounts(origin, 50);
  const { items } = await auctions(origin);
  if (items.length === 0) throw new Error('no running auction to bid on');
  const makeBid = bidMaker(items, cookies);
  await openConnections(origin);
  let phase = 'warm';
  const searching = loadLists({ origin, clients, queries: SEARCH_QUERIES, phase: () => phase });
  const postgres = db === 'postgres';
  let warm;
  let run;
  let search;
  try {
    // The searches' CPU is the server's too: no CPU per bid (pid null).
    warm = await openLoop(origin, makeBid, null, { seconds: 5, label: 'warm-up', rate, postgres });
    phase = 'count';
    run = await openLoop(origin, makeBid, null, {
      seconds: 10,
      label: 'open loop',
      windows,
      rate,
      postgres,
    });
  } finally {
    phase = 'done';
    search = await searching;
  }
  log(
    `searches meanwhile: p50 ${search.search.p50.toFixed(1)} ms, p99 ${search.search.p99.toFixed(1)} ms (${search.search.n} requests)`,
  );
  for (const failure of search.failures.slice(0, 5)) log(`FAILED ${failure}`);
  const { ok } = await checkState(origin, items, [...warm.accepted, ...run.accepted]);
  const { accepted: _, ...bids } = run;
  return {
    rate,
    clients,
    windows,
    bids,
    search: search.search,
    failures: search.failures,
    stateOk: ok,
  };
}
