// Sync's work on the main thread, as User Timing measures named "artmint:sync:<step>": reading
// an answer, applying it to the device store, and the screens' refresh it causes. They cost
// nothing to record, and let a profile (npm run bench:scale) tell sync's long tasks from the
// page's own (docs/performance.md "Long tasks").

/** The prefix of every sync measure. */
export const SYNC_MEASURE = 'artmint:sync:';

/** Records one measure from `start` (performance.now()) until now. */
export function endSyncSpan(step: string, start: number): void {
  try {
    performance.measure(`${SYNC_MEASURE}${step}`, { start, end: performance.now() });
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
