// Chromium as a phone for `npm run bench:scale` (scripts/bench-scale.mjs): fresh devices, the
// checks a page's content is waited for with, the device store's cursor, and the main thread's
// long tasks against sync's measured steps.
import { performance } from 'node:perf_hooks';
import { median } from '../bench-format.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/**
 * A fresh phone-sized context. Its pages run at the machine's speed for the times the issue
 * budgets ("a fresh Chromium (phone viewport)"), or with the CPU slowed `slowdown` times for the
 * main thread's long tasks ("Chromium's CPU slowed 4x, as Lighthouse does").
 */
export async function phone(browser) {
  const context = await browser.newContext(PHONE);
  const open = async (slowdown = 1) => {
    const page = await context.newPage();
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    return page;
  };
  return { context, open };
}

/** Whether the item page shows `expected` as its highest bid (the Sale panel's "Highest Bid"). */
export function highestIs(expected) {
  const panel = document.querySelector('section[aria-label="Sale"]');
  const term = [...(panel?.querySelectorAll('dt') ?? [])].find(
    (dt) => dt.textContent.trim() === 'Highest Bid',
  );
  return term?.nextElementSibling?.textContent.trim() === expected;
}

/**
 * Whether the activity feed shows the entry that says `expected` (the server's newest). Not
 * necessarily first: the app's sample entries are dated from when it runs, and a cached history
 * was seeded earlier than that.
 */
export function firstEntryHas(expected) {
  const entries = document.querySelectorAll('section[aria-labelledby="activity-feed"] li');
  return [...entries].some((entry) => entry.textContent.includes(expected));
}

/** Milliseconds from opening `url` until `check(expected)` holds in the page, or Infinity. */
export async function timeUntil(page, url, check, expected, timeoutMs) {
  const start = performance.now();
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(check, expected, {
      polling: 50,
      timeout: Math.max(1, timeoutMs - (performance.now() - start)),
    });
    return performance.now() - start;
  } catch (error) {
    if (error?.name === 'TimeoutError') return Infinity;
    throw error;
  }
}

/** Median of fresh devices opening `path` until `check` holds; stops after a timeout. */
export async function freshDevices(browser, origin, path, check, expected, options) {
  const times = [];
  for (let run = 0; run < options.runs; run += 1) {
    const { context, open } = await phone(browser);
    try {
      const page = await open();
      times.push(
        await timeUntil(page, `${origin}${path}`, check, expected, options.timeoutS * 1000),
      );
    } finally {
      await context.close();
    }
    if (times.at(-1) === Infinity) break;
  }
  return { times, median: median(times) };
}

/** The device store's cursor (src/data/sync/apply.ts), or null when it has none to read. */
export async function storedCursor(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        const request = indexedDB.open('artmint');
        // Never makes the database: the app's own open must not find it half made.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => done(null);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('syncMeta')) {
            db.close();
            return done(null);
          }
          const read = db.transaction('syncMeta').objectStore('syncMeta').get('cursor');
          read.onsuccess = () => done(typeof read.result === 'number' ? read.result : null);
          read.onerror = () => done(null);
          read.transaction.oncomplete = () => db.close();
        };
      }),
  );
}

/** Long tasks from the first script on, kept for the bench to read. */
export const OBSERVE_LONG_TASKS = () => {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
};

/** The page's long tasks, and those that overlap one of sync's measured steps. */
export function readLongTasks() {
  const spans = performance
    .getEntriesByType('measure')
    .filter((m) => m.name.startsWith('artmint:sync:'))
    .map((m) => [m.startTime, m.startTime + m.duration]);
  const tasks = window.__benchLongTasks ?? [];
  const sync = tasks.filter(({ start, duration }) =>
    spans.some(([from, to]) => start < to && start + duration > from),
  );
  const longest = (list) => Math.max(0, ...list.map((t) => t.duration));
  return {
    count: tasks.length,
    longest: longest(tasks),
    sync: { count: sync.length, longest: longest(sync), steps: spans.length },
  };
}
