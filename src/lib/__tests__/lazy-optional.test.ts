import { describe, expect, it, vi } from 'vitest';
import { loadWithRetry } from '../lazy-optional';

function Widget() {
  return null;
}

describe('loadWithRetry (optional shell chunks never throw into the route)', () => {
  it('resolves with the component when the chunk loads', async () => {
    const loaded = await loadWithRetry(() => Promise.resolve(Widget));
    expect(loaded.default).toBe(Widget);
  });

  it('waits after a failed fetch and tries again instead of rejecting', async () => {
    const load = vi
      .fn<() => Promise<typeof Widget>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Widget);
    let release: () => void = () => {};
    const waitForRetry = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const result = loadWithRetry(load, waitForRetry);
    await vi.waitFor(() => expect(waitForRetry).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await expect(result).resolves.toEqual({ default: Widget });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('by default retries when the browser fires "online"', async () => {
    const load = vi
      .fn<() => Promise<typeof Widget>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(Widget);
    const result = loadWithRetry(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toEqual({ default: Widget });
  });
});
