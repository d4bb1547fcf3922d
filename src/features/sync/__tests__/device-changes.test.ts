import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncStatus, setSyncStatus } from '@/data/core/status';
import { DEVICE_CHANGES_ROUND_MS, subscribeDeviceChanges } from '../api';

const moveStore = () => setSyncStatus({ version: getSyncStatus().version + 1 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('subscribeDeviceChanges (the cards re-read after a sync)', () => {
  it('tells the first change at once and a burst after it in one round', () => {
    const heard: number[] = [];
    const stop = subscribeDeviceChanges(() => heard.push(getSyncStatus().version));
    // A status change that is not a change of the store tells nothing.
    setSyncStatus({ mode: 'offline' });
    vi.advanceTimersByTime(DEVICE_CHANGES_ROUND_MS * 2);
    expect(heard).toEqual([]);

    moveStore();
    vi.advanceTimersByTime(0);
    expect(heard).toHaveLength(1);
    // A snapshot's pages land one after another: one round for them all, after the first.
    for (let page = 0; page < 5; page += 1) moveStore();
    vi.advanceTimersByTime(DEVICE_CHANGES_ROUND_MS - 1);
    expect(heard).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([heard[0], getSyncStatus().version]);
    stop();
    moveStore();
    vi.advanceTimersByTime(DEVICE_CHANGES_ROUND_MS);
    expect(heard).toHaveLength(2);
  });

  it('tells every card of a round, and stops watching when the last one goes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribeDeviceChanges(first);
    const stopSecond = subscribeDeviceChanges(second);
    moveStore();
    // Past any round of the test before (each test's fake clock starts again from 0).
    vi.advanceTimersByTime(DEVICE_CHANGES_ROUND_MS * 20);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    stopFirst();
    stopSecond();
    moveStore();
    vi.advanceTimersByTime(DEVICE_CHANGES_ROUND_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
  });
});
