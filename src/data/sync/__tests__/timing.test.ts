import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_MEASURE, syncSpan } from '../timing';

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
});
