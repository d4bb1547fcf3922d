// `npm run bench:scale`: how a device fares against a marketplace with a long history (issue 32,
// docs/performance.md). A benchmark, not a test: never part of `npm test`. For each database
// (PGlite in a data folder; PostgreSQL through scripts/with-postgres.sh) and each history size,
// the history is seeded with SQL (`npm run seed`, server/scale/history-cli.ts, cached between
// runs), the production server started on it, and Debian's Chromium, as a phone (390 x 844),
// measures:
//   (a) a fresh device: from opening an auction's item page until it shows the server's
//       highest bid (median of --runs);
//   (b) the same on /activity, until the feed shows the server's newest entry;
//   (c) the main thread's long tasks in the first 20 s on the item page (count, longest), with
//       the CPU slowed 4x as Lighthouse does (the other times run at the machine's speed); and
//       sync's among them: those that overlap a step sync measures (User Timing measures
//       "artmint:sync:*": reading an answer, applying it to the device store, the screens'
//       refresh until the frame after it; src/data/sync/timing.ts). Overlap counts a task
//       against sync even when the page's own start-up ran it, so the figure errs against sync;
//   (d) what the origin stores then (navigator.storage.estimate().usage), and once current;
//   (e) that device, current, closes its page; 100,000 more bids are made with SQL; the time
//       from reopening the item page until it shows the new highest bid;
//   (f) the change log (rows, pg_total_relation_size) as seeded, and once the server's
//       compaction (LOG_KEEP, COMPACT_EVERY_MS, passed on from the environment) has stopped
//       shrinking it; measured first, so that (a) to (e) meet a compacted log, as a server that
//       grew this history would have.
// Every wait ends after --timeout seconds and is printed as "> N s". Then the budgets: a fresh
// device in 2 s, flat from 10,000 to 1,000,000 bids (the median within the larger of 10% and
// 200 ms), under 20 MB stored, current again in 3 s after missing 100,000 bids, no sync task
// over 50 ms.
//
// With --items N (issue 33, docs/performance.md "100,000 items: lists over HTTP"), a section of
// its own after those: N items are seeded (`npm run seed -- --items N`, cached as the histories
// are), the server started on each database, and explore and search are asked over HTTP
// (GET /api/items, a mix of filters, sorts, pages and words: scripts/bench-lists.mjs) by 4
// clients at once on PostgreSQL and 1 on PGlite; p50 and p99 of each, PASS when p99 is 50 ms or
// less on PostgreSQL, 150 ms or less on PGlite. Then the bids' budget while searches run: the
// open loop of `npm run bench:server` (scripts/bench-server.mjs: 500 bids/s on PostgreSQL, p99
// under 50 ms in 9 of 12 windows of 10 s; 150 bids/s on PGlite, kept up with) while the mix's
// searches are asked by the same clients; the bids' and the searches' p50 and p99 during it
// (--bid-windows 0 leaves it out). Then, unless --no-browser, Chromium as a phone:
// fresh devices opening /explore-one and a search (`?q=neon horizon`) until the server's first
// page shows (median of --runs, budget 2 s); typing "neon horizon" in the header's search with
// the CPU slowed 4x (INP, the longest interaction, median of 3, budget 200 ms); and what the
// origin stores after one device browsed 20 pages of explore (budget 25 MB). `--bids none`
// leaves the history sections out.
//
//   npm run bench:scale
//   npm run bench:scale -- --bids none --items 100000                (the lists alone)
//   npm run bench:scale -- --bids 10000 --db pglite --runs 1        (a quick run)
//   npm run bench:scale -- --help                                   (every flag, with its default)
//
// The flags: scripts/bench-scale/options.mjs; the databases and their seeding: databases.mjs;
// (a) to (f): history.mjs, with phone.mjs; the lists: lists.mjs and list-pages.mjs; the table
// and the verdicts: report.mjs (all in scripts/bench-scale/).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setWaitLimit } from './bench-format.mjs';
import { measure } from './bench-scale/history.mjs';
import { measureLists } from './bench-scale/lists.mjs';
import { passOn, readOptions } from './bench-scale/options.mjs';
import { budgets, listBudgets, table } from './bench-scale/report.mjs';

const ROOT = resolve(import.meta.dirname, '..');

async function main() {
  const options = readOptions();
  setWaitLimit(options.timeoutS);
  const resultsFile = process.env.BENCH_SCALE_RESULTS;
  if (options.build && !resultsFile && (options.bids.length > 0 || options.items > 0)) {
    console.log('bench:scale: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const compaction = ['LOG_KEEP', 'COMPACT_EVERY_MS']
    .map((name) => `${name}=${process.env[name] ?? '(server default)'}`)
    .join(', ');
  const results = [];
  for (const db of options.dbs) {
    if (db === 'postgres' && !process.env.DATABASE_URL) {
      results.push(...(await underPostgres(options)));
      continue;
    }
    console.log(`bench:scale on ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}; ${compaction}`);
    for (const bids of options.bids) results.push(await measure(db, bids, options));
    if (options.items > 0) results.push(await measureLists(db, options.items, options));
  }
  if (resultsFile) {
    writeFileSync(
      resultsFile,
      JSON.stringify(results, (_, v) => (v === Infinity ? 'Infinity' : v)),
    );
    return;
  }
  const history = results.filter((r) => r.kind !== 'lists');
  if (history.length > 0) {
    table(history);
    budgets(history);
  }
  const lists = results.filter((r) => r.kind === 'lists');
  if (lists.length > 0) {
    console.log('');
    listBudgets(lists);
  }
}

/** The PostgreSQL part in a throwaway cluster (scripts/with-postgres.sh); its results. */
async function underPostgres(options) {
  const file = join(mkdtempSync(join(tmpdir(), 'artmint-scale-results-')), 'results.json');
  const args = [
    'scripts/with-postgres.sh',
    process.execPath,
    'scripts/bench-scale.mjs',
    ...passOn(options),
  ];
  const child = spawn('bash', args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_SCALE_RESULTS: file },
    stdio: 'inherit',
  });
  const code = await new Promise((done) => child.on('exit', done));
  try {
    return JSON.parse(readFileSync(file, 'utf8'), (_, v) => (v === 'Infinity' ? Infinity : v));
  } catch {
    const error = `the PostgreSQL run exited with ${code}`;
    return [
      ...options.bids.slice(0, 1).map((bids) => ({ db: 'postgres', bids, error })),
      ...(options.items > 0
        ? [{ kind: 'lists', db: 'postgres', items: options.items, error }]
        : []),
    ];
  }
}

main().catch((error) => {
  console.log(`bench:scale: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
