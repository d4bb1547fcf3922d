// Exponential backoff with jitter: 2 s, 4 s, 8 s... up to 5 minutes, each within +-20 %.
export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export function nextDelay(failures: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, failures - 1);
  const raw = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 20));
  const jitter = 0.8 + random() * 0.4;
  return Math.round(Math.min(BACKOFF_MAX_MS, raw * jitter));
}

/** Failures in a row and the time before which no retry starts; a success or a reason to
 * try at once (back online) resets both. */
export interface RetryBackoff {
  /** One more failure: the wait before the next try, at least `retryAfterMs` (the server's). */
  failed(retryAfterMs?: number): number;
  reset(): void;
  /** True while the wait after the last failure runs. */
  waiting(): boolean;
}

export function retryBackoff(random: () => number = Math.random): RetryBackoff {
  let failures = 0;
  let retryAt = 0;
  return {
    failed(retryAfterMs = 0) {
      failures += 1;
      const delay = Math.max(retryAfterMs, nextDelay(failures, random));
      retryAt = Date.now() + delay;
      return delay;
    },
    reset() {
      failures = 0;
      retryAt = 0;
    },
    waiting: () => Date.now() < retryAt,
  };
}
