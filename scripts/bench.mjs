// `npm run bench`: a benchmark, not a test. Builds (unless --no-build), serves dist/ with the
// Artmint server (scripts/start-server.mjs), runs Lighthouse (its default mobile config: formFactor mobile, simulated
// throttling) once per route in Debian's Chromium, the first open's figures
// (scripts/bench-first-open.mjs), then prints bundle and precache sizes.
// It prints numbers and always exits 0; a failure is printed and the rest still runs.
//
//   npm run bench
//   npm run bench -- --no-build --routes /,/explore-one
//   npm run bench -- --runs 3             (per route the median run by performance, all listed)
//   npm run bench -- --sizes-only          (no server, no Lighthouse)
//   npm run bench -- --no-build --compare ../previous/dist
//                                          (another build, the previous release's, served by a
//                                          second server: Lighthouse's runs of both interleaved,
//                                          the first open's alternated, both printed)

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { commandLine } from './cli.mjs';
import { benchFirstOpen } from './bench-first-open.mjs';
import { startServer } from './start-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const DEFAULT_ROUTES = (
  '/ /comingsoon /maintenance /error /terms /privacy /thankyou /explore-one /item-detail/1 ' +
  '/auction /blogs /blog-detail/1 /helpcenter-faqs /upload-work /creator-profile-edit /wallet'
).split(' ');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PRECACHE_BUDGET_BYTES = 4 * 1024 * 1024;
const KB = 1024;

const USAGE = `usage: npm run bench -- [--no-build] [--sizes-only] [--routes /,/explore-one] [--runs 1]
                        [--port 4180] [--compare DIR]`;

function readOptions() {
  return commandLine({
    name: 'bench',
    usage: USAGE,
    options: {
      'no-build': { type: 'boolean' },
      'sizes-only': { type: 'boolean' },
      routes: { type: 'string' },
      port: { type: 'string' },
      runs: { type: 'string' },
      compare: { type: 'string' },
    },
    read: (line) => ({
      build: !line.values['no-build'],
      lighthouse: !line.values['sizes-only'],
      routes: line.values.routes?.split(',').filter(Boolean) ?? DEFAULT_ROUTES,
      port: line.number('port', 4180, 1),
      runs: line.number('runs', 1, 1),
      // Another build folder (the previous release's), measured in the same run, interleaved.
      compare: line.values.compare ? resolve(line.values.compare) : undefined,
      compareLabel: line.values.compare ? basename(resolve(line.values.compare)) : '',
    }),
  });
}

const kb = (bytes) => (bytes / KB).toFixed(1);
const errorText = (error) => (error instanceof Error ? error.message : String(error));

function portIsFree(port) {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1');
  });
}

async function findFreePort(first) {
  for (let port = first; port < first + 20; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${first}-${first + 19}`);
}

function summariseLhr(lhr, origin) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const thirdParty = requests.filter(
    (request) => /^(https?|wss?):/.test(request.url) && new URL(request.url).origin !== origin,
  );
  return {
    scores: CATEGORIES.map((id) =>
      lhr.categories[id]?.score == null ? '-' : String(Math.round(lhr.categories[id].score * 100)),
    ),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    thirdParty: thirdParty.length,
    runtimeError: lhr.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : undefined,
    failing: failingAudits(lhr),
  };
}

/** The weighted audits below full marks in the non-performance categories, by id. */
function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES.filter((category) => category !== 'performance')) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight > 0 && score !== null && score !== undefined && score < 1) {
        failing.push(`${id}/${ref.id}`);
      }
    }
  }
  return failing;
}

const COLUMNS = 'route perf a11y best-pr seo LCP-ms TBT-ms CLS KB 3rd-party'.split(' ');
const WIDTHS = [0, 5, 5, 8, 4, 8, 7, 7, 8, 10];

function printRow(cells, routeWidth) {
  console.log(
    cells.map((cell, i) => (i === 0 ? cell.padEnd(routeWidth) : cell.padStart(WIDTHS[i]))).join(''),
  );
}

/** Lighthouse's run of `url`; a run it could not record (NO_NAVSTART, a trace it lost) is run
 * again, twice at most, and noted in `lost`. */
async function lighthouseRun(lighthouse, url, port, origin, lost) {
  for (;;) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const row = summariseLhr(result.lhr, origin);
    if (!row.runtimeError || lost.length >= 2) return row;
    lost.push(row.runtimeError);
  }
}

function printRoute(label, rows, runs, routeWidth) {
  // Single runs on a busy machine vary by several points: with --runs, the median run.
  const byPerf = [...rows].sort((a, b) => Number(a.scores[0]) - Number(b.scores[0]));
  const row = byPerf[Math.floor((byPerf.length - 1) / 2)];
  const fixed = (value, digits) => (value === undefined ? '-' : value.toFixed(digits));
  printRow(
    [
      label,
      ...row.scores,
      fixed(row.lcp, 0),
      fixed(row.tbt, 0),
      fixed(row.cls, 3),
      row.bytes === undefined ? '-' : kb(row.bytes),
      String(row.thirdParty),
    ],
    routeWidth,
  );
  if (runs > 1) {
    const each = rows.map((r) => `${r.scores[0]} (TBT ${r.tbt?.toFixed(0) ?? '-'})`);
    console.log(`  runs: ${each.join(', ')}`);
  }
  if (row.failing.length > 0) console.log(`  failing: ${row.failing.join(', ')}`);
  if (row.runtimeError) console.log(`  ${label}: Lighthouse runtime error ${row.runtimeError}`);
}

/** Lighthouse on each route of each target (this build, and --compare's), the targets' runs
 * interleaved (this, other, other, this...) so that the machine's drift falls on both. */
async function runLighthouse(routes, targets, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const labels = targets.map((target) => target.label);
  const routeWidth = Math.max(
    ...routes.flatMap((route) => labels.map((label) => `${route} ${label}`.trim().length)),
    'route'.length,
  );
  try {
    console.log(
      `\nLighthouse (mobile, simulated throttling) against ${targets.map((t) => t.origin).join(' and ')}, ` +
        (runs === 1
          ? 'one run per route:\n'
          : `${runs} runs per route, the median run by performance shown:\n`),
    );
    const loadBefore = loadPerCpu();
    printRow(COLUMNS, routeWidth);
    for (const route of routes) {
      try {
        const rows = targets.map(() => []);
        const lost = [];
        for (let run = 0; run < runs; run += 1) {
          const order = run % 2 === 0 ? targets : [...targets].reverse();
          for (const target of order) {
            const url = new URL(route, target.origin).href;
            const row = await lighthouseRun(lighthouse, url, chrome.port, target.origin, lost);
            rows[targets.indexOf(target)].push(row);
          }
        }
        if (lost.length > 0) console.log(`  ${route}: run again after ${lost.join('; ')}`);
        targets.forEach((target, i) =>
          printRoute(`${route} ${target.label}`.trim(), rows[i], runs, routeWidth),
        );
      } catch (error) {
        console.log(`${route.padEnd(routeWidth)}  failed: ${errorText(error)}`);
      }
    }
    // After, Lighthouse's own Chromium counts in the load too: only the load before judges.
    console.log(
      `\nMachine load per CPU (${availableParallelism()} CPUs, 1-minute average): ` +
        `${loadBefore.toFixed(2)} before, ${loadPerCpu().toFixed(2)} after (Lighthouse included).`,
    );
    // Busy: other processes kept more than half the CPUs working.
    if (loadBefore > 0.5)
      console.log(
        'bench: the machine was busy. Simulated throttling multiplies the main-thread work it\n' +
          'observes, so figures taken beside other work are not comparable with others.\n' +
          'Measure again with nothing else running.',
      );
  } finally {
    await chrome.kill();
  }
}

/** The 1-minute load average per CPU. */
const loadPerCpu = () => loadavg()[0] / availableParallelism();

function gzipBytes(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Local scripts, module preloads and stylesheets referenced by dist/index.html. */
function entryAssets(html) {
  const assets = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    const url = tag.startsWith('<script')
      ? attr('src')
      : /^(modulepreload|stylesheet)$/i.test(attr('rel') ?? '')
        ? attr('href')
        : undefined;
    // A prerendered page's are in a template, which theme-boot.js adds after the first paint.
    if (url && url.startsWith('/') && !url.startsWith('//'))
      assets.push(decodeURIComponent(url.split(/[?#]/)[0]));
  }
  return [...new Set(assets)];
}

function printAssets(title, html) {
  console.log(`\n${title}, gzip level 9:`);
  const totals = { js: 0, css: 0 };
  for (const url of entryAssets(html)) {
    const file = join(DIST, url);
    if (!existsSync(file)) {
      console.log(`  ${url}  (missing in dist)`);
      continue;
    }
    const kind = url.endsWith('.css') ? 'css' : 'js';
    const gz = gzipBytes(file);
    totals[kind] += gz;
    console.log(
      `  ${kind.padEnd(3)} ${url.padEnd(48)} ${kb(statSync(file).size).padStart(8)} KB raw ${kb(gz).padStart(7)} KB gzip`,
    );
  }
  console.log(
    `  total: JS ${kb(totals.js)} KB gzip, CSS ${kb(totals.css)} KB gzip, together ${kb(totals.js + totals.css)} KB gzip`,
  );
}

function printSizes() {
  const indexHtml = join(DIST, 'index.html');
  if (!existsSync(indexHtml)) {
    console.log('\nSizes: dist/index.html is missing; build first.');
    return;
  }
  // The entry: what every page loads to start the app (the app shell: the built index.html as
  // Vite wrote it, with no prerendered screen). The entry's size budget applies to its JS.
  const shell = join(DIST, 'app-shell.html');
  printAssets(
    'Entry (the app start every route loads: dist/app-shell.html)',
    readFileSync(existsSync(shell) ? shell : indexHtml, 'utf8'),
  );
  // The home page as served: the entry, the app's stylesheet and the font it preloads.
  if (existsSync(shell)) {
    printAssets(
      'Home page as served (dist/index.html, prerendered; its scripts load after the first paint)',
      readFileSync(indexHtml, 'utf8'),
    );
  }

  const allJs = listFiles(DIST).filter((file) => file.endsWith('.js'));
  // sw.js, Workbox's runtime and the Background Sync script sw.js imports (sw-sync.js).
  const isWorker = (file) => /^(sw|sw-sync|workbox-[^/]*)\.js$/.test(relative(DIST, file));
  const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);
  const appJs = allJs.filter((file) => !isWorker(file));
  console.log(
    `\nAll JS: ${appJs.length} files, ${kb(sum(appJs))} KB gzip (service worker files: ${kb(sum(allJs.filter(isWorker)))} KB gzip)`,
  );

  const swFile = join(DIST, 'sw.js');
  if (!existsSync(swFile)) {
    console.log('\nPrecache: dist/sw.js not found.');
    return;
  }
  const listed = [...readFileSync(swFile, 'utf8').matchAll(/\burl\s*:\s*["']([^"']+)["']/g)];
  // A URL listed twice is cached once; duplicates are reported, not double-counted.
  const urls = [...new Set(listed.map((match) => match[1]))];
  const duplicates = listed.length - urls.length;
  let bytes = 0;
  const missing = [];
  for (const url of urls) {
    const file = join(DIST, decodeURIComponent(url.split(/[?#]/)[0]));
    if (existsSync(file)) bytes += statSync(file).size;
    else missing.push(url);
  }
  const verdict = bytes <= PRECACHE_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `\nPrecache (dist/sw.js manifest): ${urls.length} entries, ${kb(bytes)} KB = ${(bytes / KB / KB).toFixed(2)} MB; budget 4 MB: ${verdict} budget`,
  );
  if (duplicates) console.log(`  ${duplicates} duplicate entries in the manifest (counted once)`);
  if (missing.length) console.log(`  listed but missing in dist: ${missing.join(', ')}`);
}

async function main() {
  const options = readOptions();
  if (options.build) {
    console.log('bench: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0)
      console.log(
        `bench: the build failed (exit ${build.status}); measuring whatever dist/ holds.`,
      );
  }
  if (options.lighthouse) {
    let server;
    let other;
    process.once('exit', () => {
      server?.kill();
      other?.kill();
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
    try {
      if (!existsSync(join(DIST, 'index.html')))
        throw new Error('dist/index.html is missing; nothing to serve');
      const port = await findFreePort(options.port);
      server = await startServer({ port });
      const targets = [{ label: '', origin: server.origin }];
      if (options.compare) {
        other = await startServer({
          port: await findFreePort(port + 1),
          env: { ARTMINT_DIST: options.compare },
        });
        targets[0].label = '(this)';
        targets.push({ label: `(${options.compareLabel})`, origin: other.origin });
      }
      await runLighthouse(options.routes, targets, options.runs);
    } catch (error) {
      console.log(`bench: Lighthouse part failed: ${errorText(error)}`);
    } finally {
      await server?.stop();
      await other?.stop();
    }
    const builds = [{ label: 'this build', dist: undefined }];
    if (options.compare) builds.push({ label: options.compareLabel, dist: options.compare });
    for (const build of options.compare ? [...builds, ...[...builds].reverse()] : builds) {
      try {
        console.log(`\nFirst open, ${build.label}:`);
        await benchFirstOpen({ runs: Math.max(3, options.runs), dist: build.dist });
      } catch (error) {
        console.log(`bench: first-open part failed: ${errorText(error)}`);
      }
    }
  }
  try {
    printSizes();
  } catch (error) {
    console.log(`bench: size part failed: ${errorText(error)}`);
  }
}

main()
  .catch((error) => console.log(`bench: ${errorText(error)}`))
  .finally(() => process.exit(0));
