// Where a route's main-thread time goes, for chasing a Lighthouse regression: one Lighthouse
// run (mobile, simulated throttling) on the production build served by the Artmint server,
// printing TBT, the long tasks by script, boot-up time per script and the main-thread breakdown.
//   npm run build && node scripts/lighthouse-detail.mjs / [--dist other/dist]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { commandLine, UsageError } from './cli.mjs';
import { startServer } from './start-server.mjs';

// --block <pattern>: requests Lighthouse refuses (e.g. '*/api/*': the app as on a static host).
const { route, dist, block } = commandLine({
  name: 'lighthouse-detail',
  usage: 'usage: node scripts/lighthouse-detail.mjs [/route] [--dist other/dist] [--block pattern]',
  options: { dist: { type: 'string' }, block: { type: 'string' } },
  positionals: 1,
  read: ({ values, positionals }) => {
    const [path = '/'] = positionals;
    if (!path.startsWith('/')) throw new UsageError(`a route starts with / (got "${path}")`);
    return { route: path, dist: values.dist, block: values.block };
  },
});
const blockedUrlPatterns = block ? [block] : [];
const env = dist ? { ARTMINT_DIST: dist } : {};

// Not 4190: fetch refuses that port (ManageSieve is on its list of bad ports).
const server = await startServer({ port: 4187, env });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
try {
  const result = await lighthouse(server.origin + route, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns,
  });
  const audits = result?.lhr.audits ?? {};
  const items = (id) => audits[id]?.details?.items ?? [];
  if (result?.lhr.runtimeError) console.log(`runtime error: ${result.lhr.runtimeError.message}`);
  console.log(
    `${route}: performance ${result?.lhr.categories.performance.score}, ` +
      `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? NaN)} ms`,
  );
  for (const task of items('long-tasks')) {
    console.log(
      `  long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`,
    );
  }
  for (const script of items('bootup-time').slice(0, 8)) {
    console.log(
      `  boot-up ${Math.round(script.total)} ms (${Math.round(script.scripting)} script): ${script.url}`,
    );
  }
  for (const group of items('mainthread-work-breakdown')) {
    console.log(`  main thread ${Math.round(group.duration)} ms: ${group.groupLabel}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
