// Sync's work on the main thread, as User Timing measures named "artmint:sync:<step>": reading
// an answer, applying it to the device store, and the screens' refresh it causes. They cost
// nothing to record, and let a profile (npm run bench:scale) tell sync's long tasks from the
// page's own (docs/performance.md "Long tasks").

/** The prefix of every sync measure. */
export const SYNC_MEASURE = 'artmint:sync:';

/**
 * The most measures kept: a tab open for days follows the live stream, and the performance
 * timeline keeps every measure until it is cleared. Past this, the oldest go all at once.
 */
export const SYNC_MEASURES_KEPT = 1000;
let recorded = 0;
const steps = new Set<string>();

/** Records one measure from `start` (performance.now()) until now. */
export function endSyncSpan(step: string, start: number): void {
  try {
    if (recorded >= SYNC_MEASURES_KEPT) {
      for (const name of steps) performance.clearMeasures(name);
      recorded = 0;
    }
    const name = `${SYNC_MEASURE}${step}`;
    performance.measure(name, { start, end: performance.now() });
    steps.add(name);
    recorded += 1;
  } catch {
    // No User Timing (an old engine, a test environment): nothing to record.
  }
}

/** Runs `work` as one measured step of sync. */
export async function syncSpan<T>(step: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    endSyncSpan(step, start);
  }
}
