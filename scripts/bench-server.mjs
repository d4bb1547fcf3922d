// `npm run bench:server`: throughput and latency of the API, on the embedded database (PGlite)
// and, through scripts/with-postgres.sh, on PostgreSQL. A benchmark, not a test: it prints
// figures, checks that the server's final state equals the writes it accepted, and exits 0
// unless that check fails. Traffic goes to 127.0.0.1 only, bounded in count and time.
//
//   node scripts/bench-server.mjs [--rate 500] [--seconds 10] [--connections 50]
//
// 1. Open loop: bids sent at a fixed rate whatever the answers (latency counted from each
//    bid's scheduled time, so a slow server cannot hide its queue), p50/p99/max.
// 2. Closed loop: `connections` clients each sending the next bid as soon as the last is
//    answered, for the same time: the most bids a second the server sustains.
// 3. Pull: the time to read the change log from the start, page by page (10,000 changes or
//    more after the runs above), over HTTP alone; then the time a fresh browser (Debian's
//    Chromium) takes from opening the app to holding all of it in its device store.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { startServer } from './start-server.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// The issue's aims on a 2-core machine: 500 bids/s on PostgreSQL, 150 on the embedded PGlite.
const RATE = opt('rate', database === 'PGlite' ? 150 : 500);
const SECONDS = opt('seconds', 10);
const CONNECTIONS = opt('connections', 50);
const ACCOUNTS = opt('accounts', 50);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const ms = (value) => `${value.toFixed(1)} ms`;

async function signUpAccounts(origin, count) {
  const cookies = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        name: `Bench Collector ${i}`,
        email: `bench${i}.${Date.now()}@example.com`,
        password: 'bench password 1',
        terms: true,
      }),
    });
    if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
    cookies.push((response.headers.get('set-cookie') ?? '').split(';')[0]);
  }
  return cookies;
}

async function auctions(origin) {
  const items = new Map();
  let since = 0;
  for (;;) {
    const page = await (await fetch(`${origin}/api/changes?since=${since}`)).json();
    for (const change of page.changes) {
      if (change.topic === 'item' && change.data) items.set(change.data.id, change.data);
    }
    since = page.cursor;
    if (!page.more) break;
  }
  return [...items.values()].filter(
    (item) => item.saleKind === 'auctions' && Date.parse(item.liveDate) > Date.now() + 3600_000,
  );
}

/** Bids that rise by 0.01 ETH per item, each from the next account in turn. */
function bidMaker(items, cookies) {
  const next = new Map(items.map((item) => [item.id, Number(item.highestBidEth)]));
  let turn = 0;
  return () => {
    turn += 1;
    const item = items[turn % items.length];
    const price = Number(next.get(item.id)) + 0.01;
    next.set(item.id, price);
    return {
      cookie: cookies[turn % cookies.length],
      mutation: {
        id: randomUUID(),
        v: 1,
        at: new Date().toISOString(),
        kind: 'bid',
        args: { itemId: item.id, priceEth: price.toFixed(2), quantity: 1 },
      },
    };
  };
}

function makeSender(origin) {
  const accepted = [];
  let refused = 0;
  let failed = 0;
  async function send({ cookie, mutation }) {
    try {
      const response = await fetch(`${origin}/api/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({ mutations: [mutation] }),
      });
      const body = await response.json();
      const result = body.results?.[0];
      if (response.ok && result?.status === 'applied') accepted.push(mutation);
      else if (response.ok) refused += 1;
      else fail(`HTTP ${response.status}`);
    } catch (error) {
      fail(error?.cause?.code ?? error?.name ?? 'error');
    }
  }
  const reasons = new Map();
  function fail(reason) {
    failed += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const failures = () =>
    failed ? ` (${[...reasons].map(([reason, n]) => `${reason} x${n}`).join(', ')})` : '';
  return { send, accepted, counts: () => ({ refused, failed: `${failed}${failures()}` }) };
}

async function openLoop(origin, makeBid) {
  const sender = makeSender(origin);
  const total = RATE * SECONDS;
  const latencies = [];
  const start = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const bid = makeBid();
    inFlight.push(sender.send(bid).then(() => latencies.push(performance.now() - due)));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const { refused, failed } = sender.counts();
  console.log(
    `  open loop, ${RATE} bids/s for ${SECONDS} s: ${total} sent in ${elapsed.toFixed(1)} s, ` +
      `${sender.accepted.length} accepted, ${refused} refused (outbid by a later one), ${failed} failed`,
  );
  console.log(
    `    latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
  );
  return sender.accepted;
}

async function closedLoop(origin, makeBid) {
  const sender = makeSender(origin);
  const end = performance.now() + SECONDS * 1000;
  let sent = 0;
  const latencies = [];
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
  latencies.sort((a, b) => a - b);
  const { refused, failed } = sender.counts();
  console.log(
    `  closed loop, ${CONNECTIONS} connections for ${SECONDS} s: ${(sent / SECONDS).toFixed(0)} bids/s answered, ` +
      `${(sender.accepted.length / SECONDS).toFixed(0)}/s accepted, ${refused} refused, ${failed} failed; ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
  );
  return sender.accepted;
}

async function pullAll(origin) {
  const start = performance.now();
  let since = 0;
  let count = 0;
  let pages = 0;
  for (;;) {
    const page = await (await fetch(`${origin}/api/changes?since=${since}`)).json();
    count += page.changes.length;
    pages += 1;
    since = page.cursor;
    if (!page.more) break;
  }
  const elapsed = performance.now() - start;
  console.log(`  pull: ${count} changes in ${pages} pages, ${ms(elapsed)} (HTTP and JSON only)`);
  return since;
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

/** Each item's highest bid and bid count, from the server, against what it accepted. */
async function checkState(origin, items, accepted) {
  const expected = new Map(
    items.map((item) => [item.id, { max: Number(item.highestBidEth), bids: 0 }]),
  );
  for (const mutation of accepted) {
    const entry = expected.get(mutation.args.itemId);
    entry.max = Math.max(entry.max, Number(mutation.args.priceEth));
    entry.bids += 1;
  }
  const seen = new Map();
  const bidIds = new Set();
  let since = 0;
  for (;;) {
    const page = await (await fetch(`${origin}/api/changes?since=${since}`)).json();
    for (const change of page.changes) {
      if (change.topic === 'item' && change.data) seen.set(change.data.id, change.data);
      if (change.topic === 'bid' && change.data) bidIds.add(change.key);
    }
    since = page.cursor;
    if (!page.more) break;
  }
  const problems = [];
  for (const [id, want] of expected) {
    const have = Number(seen.get(id)?.highestBidEth);
    if (Math.abs(have - want.max) > 1e-9)
      problems.push(`item ${id}: highest ${have}, expected ${want.max}`);
  }
  const missing = accepted.filter((m) => !bidIds.has(m.id)).length;
  if (missing) problems.push(`${missing} accepted bids missing from the change log`);
  if (bidIds.size !== accepted.length) {
    problems.push(`${bidIds.size} bids in the log, ${accepted.length} accepted`);
  }
  console.log(
    problems.length
      ? `  STATE MISMATCH: ${problems.join('; ')}`
      : `  state: every item's highest bid and all ${accepted.length} accepted bids match the server`,
  );
  return problems.length === 0;
}

async function main() {
  const port = await freePort();
  console.log(
    `bench:server on ${database} (2 cores: ${process.env.DATABASE_URL ? 'server + PostgreSQL' : 'one process'})`,
  );
  const server = await startServer({
    port,
    env: { RATE_LIMIT_LOGIN: '0', RATE_LIMIT_WRITES: '0', PG_POOL_SIZE: '20' },
  });
  let ok = false;
  try {
    const cookies = await signUpAccounts(server.origin, ACCOUNTS);
    const items = await auctions(server.origin);
    if (items.length === 0) throw new Error('no running auction to bid on');
    console.log(`  ${ACCOUNTS} accounts bidding on ${items.length} auctions`);
    const makeBid = bidMaker(items, cookies);
    const accepted = [
      ...(await openLoop(server.origin, makeBid)),
      ...(await closedLoop(server.origin, makeBid)),
    ];
    await pullIntoBrowser(server.origin, await pullAll(server.origin));
    ok = await checkState(server.origin, items, accepted);
  } finally {
    await server.stop();
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.log(`bench:server: ${error.message}`);
  process.exitCode = 1;
});
