// Exponential backoff with jitter: 2 s, 4 s, 8 s... up to 5 minutes, each within +-20 %.
export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export function nextDelay(failures: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, failures - 1);
  const raw = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 20));
  const jitter = 0.8 + random() * 0.4;
  return Math.round(Math.min(BACKOFF_MAX_MS, raw * jitter));
}
