// The lists as a collector meets them in Chromium, for `npm run bench:scale -- --items N`
// (scripts/bench-scale/lists.mjs): explore's and a search's first page on fresh phones, typing's
// INP, and what the origin stores after 20 pages.
import { log, mb, median, time } from '../bench-format.mjs';
import { freshDevices, phone, timeUntil } from './phone.mjs';

/** Whether explore's results show the server's first page: its cards and its count, not the
 * line of a list the device answered alone. */
function serverResultsShown() {
  const results = document.querySelector('section[aria-labelledby="explore-results"]');
  if (!results || !results.querySelector('h3')) return false;
  const text = results.textContent;
  return /Showing [\d,-]+ of [\d,]+\+? items/.test(text) && !text.includes('saved on this device');
}

/** Interactions' durations (Event Timing) from the first script on, kept for the bench. */
const OBSERVE_INTERACTIONS = () => {
  window.__benchInteractions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__benchInteractions.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

/**
 * The lists as a collector meets them, on a phone (390 x 844): fresh devices opening
 * /explore-one and a search until the server's first page shows (median of --runs); the input
 * delay while typing a query in the header's search with the CPU slowed 4x as Lighthouse does
 * (INP: the longest interaction of the typing, median of 3 devices); and what the origin stores
 * after one device browsed 20 pages of explore (IndexedDB and caches, the precache included).
 */
export async function measureListPages(browser, origin, options) {
  const out = {};
  const timeout = options.timeoutS * 1000;
  out.explore = await freshDevices(
    browser,
    origin,
    '/explore-one',
    serverResultsShown,
    null,
    options,
  );
  log(`fresh device, /explore-one first page: ${time(out.explore.median)}`);
  out.search = await freshDevices(
    browser,
    origin,
    `/explore-one?q=${encodeURIComponent('neon horizon')}`,
    serverResultsShown,
    null,
    options,
  );
  log(`fresh device, a search's first page: ${time(out.search.median)}`);
  const inps = [];
  for (let run = 0; run < 3; run += 1) {
    const { context, open } = await phone(browser);
    try {
      const page = await open(4);
      await page.addInitScript(OBSERVE_INTERACTIONS);
      await page.goto(`${origin}/`, { timeout });
      await page.waitForFunction(() => !document.querySelector('[data-prerender]'), null, {
        timeout,
      });
      // On a phone the search box is in the menu.
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      const box = page.locator('[role="combobox"]:visible').first();
      await box.click();
      await box.pressSequentially('neon horizon', { delay: 120 });
      // The server's hits land after typing pauses: their redraw counts too.
      await page.waitForTimeout(1500);
      // A last interaction flushes the event entries of the ones before.
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      const durations = await page.evaluate(() => window.__benchInteractions);
      inps.push(durations.length > 0 ? Math.max(...durations) : 0);
    } finally {
      await context.close();
    }
  }
  out.inp = { runs: inps, median: median(inps) };
  log(
    `typing in the header's search, 4x CPU: INP ${inps.map((v) => `${v.toFixed(0)} ms`).join(', ')} (median ${out.inp.median.toFixed(0)} ms)`,
  );
  const { context, open } = await phone(browser);
  try {
    const page = await open();
    for (let n = 1; n <= 20; n += 1) {
      const ms = await timeUntil(
        page,
        `${origin}/explore-one${n > 1 ? `?page=${n}` : ''}`,
        serverResultsShown,
        null,
        timeout,
      );
      if (ms === Infinity) throw new Error(`explore page ${n} did not show`);
    }
    out.storage20 = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
    log(`stored after 20 pages of explore: ${mb(out.storage20)}`);
  } finally {
    await context.close();
  }
  return out;
}
