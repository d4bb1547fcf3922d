// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { endSyncSpan, SYNC_MEASURE, SYNC_MEASURES_KEPT, syncSpan } from '../timing';

const measures = () =>
  performance.getEntriesByType('measure').filter((m) => m.name.startsWith(SYNC_MEASURE));

afterEach(() => performance.clearMeasures());

describe('syncSpan', () => {
  it('records the step as a measure that spans its work, and returns its result', async () => {
    const before = performance.now();
    const value = await syncSpan('apply', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 7;
    });
    expect(value).toBe(7);
    const [measure, ...others] = measures();
    expect(others).toEqual([]);
    expect(measure?.name).toBe('artmint:sync:apply');
    expect(measure?.startTime).toBeGreaterThanOrEqual(before);
    expect(measure?.duration).toBeGreaterThanOrEqual(15);
  });

  it('records a step that failed, and passes its error on', async () => {
    const failed = syncSpan('read', () => Promise.reject(new Error('lost')));
    await expect(failed).rejects.toThrow('lost');
    expect(measures().map((m) => m.name)).toEqual(['artmint:sync:read']);
  });

  it('keeps at most SYNC_MEASURES_KEPT measures however long the tab follows the server', () => {
    for (let i = 0; i < SYNC_MEASURES_KEPT * 3 + 5; i += 1) endSyncSpan('apply', performance.now());
    expect(measures().length).toBeLessThanOrEqual(SYNC_MEASURES_KEPT);
    expect(measures().length).toBeGreaterThan(0);
  });
});
