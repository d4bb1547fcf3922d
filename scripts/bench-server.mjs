// `npm run bench:server`: throughput and latency of the API, on the embedded database (PGlite)
// and, through scripts/with-postgres.sh, on PostgreSQL. A benchmark, not a test: it prints
// figures, checks that the server's final state equals the writes it accepted, and exits 0
// unless that check fails. Traffic goes to 127.0.0.1 only, bounded in count and time.
//
//   node scripts/bench-server.mjs [--rate 500] [--seconds 10] [--windows 12] [--warmup 5]
//                                 [--connections 50]
//
// 1. Open loop: bids sent at a fixed rate whatever the answers (latency counted from each
//    bid's scheduled time, so a slow server cannot hide its queue), p50/p99/max, for `windows`
//    back-to-back windows of `seconds` each, with each window's p99 and how many of them stay
//    under the p99 budget (PostgreSQL: 50 ms in at least 9 of 12 windows); after a
//    warm-up at the same rate (`--warmup` seconds), whose figures are printed too: a server
//    just started compiles its code and opens its database connections as the first bids come.
// 2. Closed loop: `connections` clients each sending the next bid as soon as the last is
//    answered, for the same time: the most bids a second the server sustains.
// 3. Pull: the time to read the change log from the start, page by page (10,000 changes or
//    more after the runs above), over HTTP alone; then the time a fresh browser (Debian's
//    Chromium) takes from opening the app to holding all of it in its device store.
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import {
  auctions,
  BENCH_SERVER_ENV,
  bidMaker,
  checkState,
  CONNECTIONS,
  cpuPerRequest,
  cpuReading,
  database,
  freePort,
  makeSender,
  ms,
  openConnections,
  percentile,
  readChanges,
  signUpAccounts,
  useConnections,
} from './bench-support.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { commandLine, isMain } from './cli.mjs';
import { startServer } from './start-server.mjs';

// The aims on a 2-core machine: 500 bids/s on PostgreSQL, 150 on the embedded PGlite.
export const BID_RATE = { postgres: 500, pglite: 150 };
const RATE = database === 'PGlite' ? BID_RATE.pglite : BID_RATE.postgres;
/** The open loop's p99 budget on PostgreSQL, and how many of `windows` windows must meet it. */
export const P99_BUDGET_MS = 50;
export const windowsNeeded = (windows) => Math.ceil((windows * 9) / 12);

const USAGE = `usage: node scripts/bench-server.mjs [--rate 500 (150 on PGlite)] [--seconds 10]
                                    [--windows 12] [--warmup 5] [--connections 50] [--accounts 50]`;

/** The command line's options (the usage above), when run. */
function readOptions() {
  return commandLine({
    name: 'bench:server',
    usage: USAGE,
    options: Object.fromEntries(
      ['rate', 'seconds', 'windows', 'warmup', 'connections', 'accounts'].map((name) => [
        name,
        { type: 'string' },
      ]),
    ),
    read: (line) => ({
      rate: line.number('rate', RATE, 1),
      seconds: line.number('seconds', 10, 1),
      windows: line.number('windows', 12, 1),
      warmup: line.number('warmup', 5, 0),
      connections: line.number('connections', 50, 1),
      accounts: line.number('accounts', 50, 1),
    }),
  });
}

/**
 * Bids at `rate` a second for `windows` windows of `seconds` each, whatever the answers; prints
 * the figures (and, when `postgres`, the verdict of the p99 budget) and returns them with the
 * accepted bids. Without `pid` no CPU per bid is read (other load shares the server).
 */
export async function openLoop(
  origin,
  makeBid,
  pid,
  { seconds, label, windows = 1, rate = RATE, postgres = Boolean(process.env.DATABASE_URL) },
) {
  const sender = makeSender(origin);
  const perWindow = rate * seconds;
  const total = perWindow * windows;
  const latencies = [];
  const byWindow = Array.from({ length: windows }, () => []);
  const start = performance.now();
  const inFlight = [];
  const cpu = pid ? cpuReading([pid]) : null;
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const bid = makeBid();
    const bucket = byWindow[Math.floor(i / perWindow)];
    inFlight.push(
      sender.send(bid).then(() => {
        const latency = performance.now() - due;
        latencies.push(latency);
        bucket.push(latency);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const { refused, failed } = sender.counts();
  const figures = {
    accepted: sender.accepted,
    rate,
    seconds: seconds * windows,
    sent: total,
    elapsed,
    failed: sender.unanswered.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
  console.log(
    `  ${label}, ${rate} bids/s for ${seconds * windows} s on ${CONNECTIONS} connections: ${total} sent in ${elapsed.toFixed(1)} s, ` +
      `${sender.accepted.length} accepted, ${refused} refused (outbid by a later one), ${failed} failed`,
  );
  console.log(`    latency p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`);
  figures.p99s = byWindow.map((w) =>
    percentile(
      w.sort((a, b) => a - b),
      99,
    ),
  );
  figures.under = figures.p99s.filter((p) => p < P99_BUDGET_MS).length;
  if (windows > 1) {
    const needed = windowsNeeded(windows);
    const verdict = postgres
      ? `; budget ${needed} of ${windows} ${figures.under >= needed ? 'met' : 'NOT met'}`
      : '';
    console.log(
      `    p99 of each ${seconds} s window: ${figures.p99s.map((p) => p.toFixed(1)).join(', ')} ms; ` +
        `${figures.under} of ${windows} under ${P99_BUDGET_MS} ms${verdict}`,
    );
  }
  if (cpu) console.log(`    CPU per bid: ${cpuPerRequest(cpu, cpuReading([pid]), total)}`);
  return figures;
}

async function closedLoop(origin, makeBid, pid, seconds) {
  const sender = makeSender(origin);
  const end = performance.now() + seconds * 1000;
  let sent = 0;
  const latencies = [];
  const cpu = cpuReading([pid]);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        sent += 1;
        await sender.send(makeBid());
        latencies.push(performance.now() - t);
      }
    }),
  );
  const cpuUsed = cpuPerRequest(cpu, cpuReading([pid]), sent);
  latencies.sort((a, b) => a - b);
  const { refused, failed } = sender.counts();
  console.log(
    `  closed loop, ${CONNECTIONS} connections for ${seconds} s: ${(sent / seconds).toFixed(0)} bids/s answered, ` +
      `${(sender.accepted.length / seconds).toFixed(0)}/s accepted, ${refused} refused, ${failed} failed; ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
  );
  console.log(`    CPU per bid: ${cpuUsed}`);
  return sender.accepted;
}

async function pullAll(origin) {
  const start = performance.now();
  let count = 0;
  const { cursor, pages } = await readChanges(origin, 0, () => (count += 1));
  const elapsed = performance.now() - start;
  console.log(`  pull: ${count} changes in ${pages} pages, ${ms(elapsed)} (HTTP and JSON only)`);
  return cursor;
}

/** A fresh browser opens the app; the time until its device store has every change. */
async function pullIntoBrowser(origin, cursor) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(`${origin}/explore-one`);
    // The cursor the sync engine stores with each page it applies (src/data/sync/apply.ts).
    const held = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            // Never creates the database nor holds it open: the app's own open must not wait.
            const open = indexedDB.open('artmint');
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('syncMeta')) {
                db.close();
                return resolve(0);
              }
              const get = db.transaction('syncMeta').objectStore('syncMeta').get('cursor');
              get.onsuccess = () => resolve(typeof get.result === 'number' ? get.result : 0);
              get.onerror = () => resolve(0);
              get.transaction.oncomplete = () => db.close();
            };
          }),
      );
    for (;;) {
      const have = await held();
      if (process.env.BENCH_DEBUG) console.log('held', have, 'of', cursor);
      if (have >= cursor) break;
      if (performance.now() - start > 300_000) throw new Error('the browser did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = performance.now() - start;
    console.log(`  fresh browser: opened the app and stored all changes in ${ms(elapsed)}`);
  } finally {
    await browser.close();
  }
}

async function main() {
  const { rate, seconds, windows, warmup, connections, accounts } = readOptions();
  useConnections(connections);
  const port = await freePort();
  console.log(
    `bench:server on ${database} (2 cores: ${process.env.DATABASE_URL ? 'server + PostgreSQL' : 'one process'})`,
  );
  const server = await startServer({
    port,
    env: BENCH_SERVER_ENV,
  });
  let ok = false;
  try {
    const cookies = await signUpAccounts(server.origin, accounts);
    const { items } = await auctions(server.origin);
    if (items.length === 0) throw new Error('no running auction to bid on');
    console.log(`  ${accounts} accounts bidding on ${items.length} auctions`);
    const makeBid = bidMaker(items, cookies);
    await openConnections(server.origin);
    const run = (s, label, w) =>
      openLoop(server.origin, makeBid, server.pid, { seconds: s, label, windows: w, rate });
    const accepted = [
      ...(warmup > 0 ? (await run(warmup, 'warm-up')).accepted : []),
      ...(await run(seconds, 'open loop', windows)).accepted,
      ...(await closedLoop(server.origin, makeBid, server.pid, seconds)),
    ];
    await pullIntoBrowser(server.origin, await pullAll(server.origin));
    ({ ok } = await checkState(server.origin, items, accepted));
  } finally {
    await server.stop();
  }
  process.exitCode = ok ? 0 : 1;
}

// Run, not imported (npm run bench:scale imports openLoop).
if (isMain(import.meta.url)) {
  main().catch((error) => {
    console.log(`bench:server: ${error.message}`);
    process.exitCode = 1;
  });
}
