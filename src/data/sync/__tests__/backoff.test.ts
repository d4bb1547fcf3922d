// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, retryBackoff } from '../backoff';

afterEach(() => vi.useRealTimers());

describe('retryBackoff', () => {
  it('waits longer after each failure in a row, up to the maximum, until reset', () => {
    vi.useFakeTimers();
    const backoff = retryBackoff(() => 0.5);
    expect(backoff.waiting()).toBe(false);
    const delays = Array.from({ length: 12 }, () => backoff.failed());
    expect(delays.slice(0, 3)).toEqual([BACKOFF_BASE_MS, 2 * BACKOFF_BASE_MS, 4 * BACKOFF_BASE_MS]);
    expect(delays.at(-1)).toBe(BACKOFF_MAX_MS);
    expect(backoff.waiting()).toBe(true);
    backoff.reset();
    expect(backoff.waiting()).toBe(false);
    expect(backoff.failed()).toBe(BACKOFF_BASE_MS);
  });

  it("waits at least the server's Retry-After, and no longer once the wait has run", () => {
    vi.useFakeTimers();
    const backoff = retryBackoff(() => 0.5);
    expect(backoff.failed(30_000)).toBe(30_000);
    vi.advanceTimersByTime(29_999);
    expect(backoff.waiting()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(backoff.waiting()).toBe(false);
  });
});
