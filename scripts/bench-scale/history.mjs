// A long history (`npm run bench:scale`, scripts/bench-scale.mjs, (a) to (f)): on one database
// and one history size, the log's compaction, then fresh devices on the item page and
// /activity, the long tasks, what the origin stores, and the catch-up after missed bids.
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { count, failed, log, mb, time } from '../bench-format.mjs';
import { BENCH_SERVER_ENV, freePort } from '../bench-support.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { startServer } from '../start-server.mjs';
import { prepare, seed, seedAndSay } from './databases.mjs';
import {
  firstEntryHas,
  freshDevices,
  highestIs,
  OBSERVE_LONG_TASKS,
  phone,
  readLongTasks,
  storedCursor,
  timeUntil,
} from './phone.mjs';

/** Waits until the log has not shrunk for `settleS` seconds; what it saw on the way. */
async function logAfterCompaction(readLog, options) {
  const start = performance.now();
  const seen = [await readLog()];
  let steadySince = performance.now();
  log(`(f) log now: ${count(seen[0].rows)} rows, ${mb(seen[0].bytes)}`);
  while (performance.now() - start < options.compactTimeoutS * 1000) {
    const now = await readLog();
    const last = seen.at(-1);
    if (now.rows < last.rows || now.bytes < last.bytes) {
      steadySince = performance.now();
      seen.push(now);
      log(
        `(f) after ${((performance.now() - start) / 1000).toFixed(0)} s: ${count(now.rows)} rows, ${mb(now.bytes)}`,
      );
    } else if (performance.now() - steadySince >= options.settleS * 1000) {
      return { ...now, settled: true };
    }
  }
  return { ...seen.at(-1), settled: false };
}

/** Measures (a) to (f) on `db` with a history of `bids` bids; the figures, or the error. */
export async function measure(db, bids, options) {
  const result = { db, bids };
  const label = db === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\n${label}, ${count(bids)} bids`);
  const target = await prepare(db, bids);
  let server;
  let browser;
  try {
    const seeded = await seedAndSay(target, ['--bids', String(bids)], result);
    const summary = seeded.summary;
    const item = summary.auctions[0];
    if (!item || !summary.newestActivity) throw new Error('the seeded history has no auction');
    result.logBefore = { rows: summary.changes, bytes: summary.changesBytes };
    log(
      `log as seeded: ${count(summary.changes)} rows, ${mb(summary.changesBytes)}; item ${item.id}'s highest bid ${item.highestBidEth} ETH`,
    );

    const port = await freePort();
    // The compaction and the snapshot as a server has them (bench:server keeps the whole log),
    // or as this run's environment sets them.
    const { LOG_KEEP: _keep, SNAPSHOT_BEHIND: _behind, ...benchEnv } = BENCH_SERVER_ENV;
    const asked = Object.fromEntries(
      ['LOG_KEEP', 'COMPACT_EVERY_MS', 'SNAPSHOT_BEHIND'].flatMap((name) =>
        process.env[name] === undefined ? [] : [[name, process.env[name]]],
      ),
    );
    const serverEnv = { ...benchEnv, ...asked, ...target.env };
    const start = async () => {
      const t = performance.now();
      const started = await startServer({
        port,
        env: serverEnv,
        dataDir: target.dataDir,
        timeoutMs: 600_000,
      });
      log(`server up in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      return started;
    };
    server = await start();
    // (f) first: a server with this history in production would have compacted its log as it
    // grew, so the devices below meet the log as it is after compaction, not while this
    // server works through a history seeded all at once.
    const compactStart = performance.now();
    result.logAfter = await logAfterCompaction(
      target.readsLive
        ? target.logSize
        : pgliteLogReader(
            target,
            () => server,
            start,
            (s) => (server = s),
            options,
          ),
      options,
    );
    result.compactS = (performance.now() - compactStart) / 1000 - options.settleS;
    log(
      `(f) log ${result.logAfter.settled ? `compacted (in about ${Math.max(0, result.compactS).toFixed(0)} s)` : `still shrinking after ${options.compactTimeoutS} s`}: ${count(result.logAfter.rows)} rows, ${mb(result.logAfter.bytes)}`,
    );
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const timeoutMs = options.timeoutS * 1000;
    const itemPath = `/item-detail/${item.id}`;

    result.fresh = await freshDevices(
      browser,
      server.origin,
      itemPath,
      highestIs,
      `${item.highestBidEth} ETH`,
      options,
    );
    log(`(a) item page shows the highest bid: ${result.fresh.times.map(time).join(', ')}`);
    result.activity = await freshDevices(
      browser,
      server.origin,
      '/activity',
      firstEntryHas,
      summary.newestActivity.description,
      options,
    );
    log(`(b) /activity shows the newest entry: ${result.activity.times.map(time).join(', ')}`);

    // (c), (d), then (e) on the same device.
    const device = await phone(browser);
    await device.context.addInitScript(OBSERVE_LONG_TASKS);
    let page = await device.open(4);
    const opened = performance.now();
    await page.goto(`${server.origin}${itemPath}`, { waitUntil: 'commit' });
    await page.waitForTimeout(Math.max(0, options.longTaskS * 1000 - (performance.now() - opened)));
    result.longTasks = await page.evaluate(readLongTasks);
    result.storageAfterS = options.longTaskS;
    result.storage = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
    log(
      `(c) long tasks in ${options.longTaskS} s: ${result.longTasks.count}, longest ${result.longTasks.longest.toFixed(0)} ms; ` +
        `during sync's ${result.longTasks.sync.steps} steps: ${result.longTasks.sync.count}, longest ${result.longTasks.sync.longest.toFixed(0)} ms; ` +
        `(d) stored ${mb(result.storage)}`,
    );

    // Current: shows the highest bid and, where the store's cursor can be read, holds the log.
    const currentBy = opened + options.currentTimeoutS * 1000;
    const current = await page
      .waitForFunction(highestIs, `${item.highestBidEth} ETH`, {
        polling: 100,
        timeout: Math.max(1, currentBy - performance.now()),
      })
      .then(async () => {
        while (performance.now() < currentBy) {
          const cursor = await storedCursor(page);
          if (cursor === null || cursor >= summary.newestSeq) return true;
          await page.waitForTimeout(250);
        }
        return false;
      })
      .catch(() => false);
    if (current) {
      result.storageCurrent = await page.evaluate(
        async () => (await navigator.storage.estimate()).usage,
      );
      const after = ((performance.now() - opened) / 1000).toFixed(0);
      log(`(d) stored once current (${after} s after opening): ${mb(result.storageCurrent)}`);
    }
    await page.close();
    if (!current) {
      const why = `the device was not current ${options.currentTimeoutS} s after opening`;
      result.catchUp = { skipped: why };
      log(`(e) skipped: ${why} (--current-timeout)`);
    } else {
      // The missed bids, made while no page of the device is open: on PGlite with the server
      // stopped (it holds the data folder), on PostgreSQL while it runs.
      if (!target.readsLive) await server.stop();
      const missed = await seed(target.env, ['--bids', String(options.missed), '--no-cache']);
      log(`${count(options.missed)} bids missed, made in ${missed.seconds.toFixed(1)} s`);
      if (!target.readsLive) server = await start();
      const next = missed.summary.auctions.find((a) => a.id === item.id);
      page = await device.open();
      const ms = await timeUntil(
        page,
        `${server.origin}${itemPath}`,
        highestIs,
        `${next.highestBidEth} ETH`,
        timeoutMs,
      );
      result.catchUp = { ms };
      log(`(e) current again after missing ${count(options.missed)} bids: ${time(ms)}`);
    }
    await device.context.close();
    return result;
  } catch (error) {
    return failed(result, error);
  } finally {
    await browser?.close();
    await server?.stop();
    await target.drop();
  }
}

/**
 * The log's size on PGlite, whose data folder only one process opens: each reading lets the
 * server run (and compact) for --settle seconds, stops it, reads, and starts it again.
 */
function pgliteLogReader(target, current, start, replace, options) {
  let first = true;
  return async () => {
    if (!first) await new Promise((wait) => setTimeout(wait, options.settleS * 1000));
    first = false;
    await current().stop();
    const { summary } = await seed(target.env, ['--bids', '0']);
    replace(await start());
    return { rows: summary.changes, bytes: summary.changesBytes };
  };
}
