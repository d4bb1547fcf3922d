import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getClockSnapshot,
  isClockRunning,
  releaseHydrationNow,
  setHydrationNow,
  subscribeClock,
  useNow,
} from '../clock';

const START = Date.UTC(2026, 2, 12, 12, 0, 0, 400);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('shared clock store', () => {
  it('starts one timer for two subscribers and stops when the last leaves', () => {
    expect(isClockRunning()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeClock(a);
    const offB = subscribeClock(b);
    expect(isClockRunning()).toBe(true);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(3000);
    expect(a).toHaveBeenCalledTimes(3);
    expect(b).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(1);

    offA();
    expect(isClockRunning()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(a).toHaveBeenCalledTimes(3);
    expect(b).toHaveBeenCalledTimes(4);

    offB();
    expect(isClockRunning()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(b).toHaveBeenCalledTimes(4);
  });

  it('ticks on whole seconds and advances the value by 1000 ms each tick', () => {
    const seen: number[] = [];
    const off = subscribeClock(() => seen.push(getClockSnapshot()));
    expect(getClockSnapshot()).toBe(START - 400);

    vi.advanceTimersByTime(599);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([START - 400 + 1000]);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([START + 600, START + 1600, START + 2600]);
    off();
  });

  it('gives a fresh whole second on read while nobody listens', () => {
    vi.setSystemTime(START + 10_000);
    expect(getClockSnapshot()).toBe(START - 400 + 10_000);
  });
});

function Now() {
  const now = useNow();
  return <p>{new Date(now).toISOString()}</p>;
}

describe('useNow', () => {
  it('re-renders every component once a second from a single timer', () => {
    render(
      <>
        <Now />
        <Now />
      </>,
    );
    expect(screen.getAllByText('2026-03-12T12:00:00.000Z')).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(1);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getAllByText('2026-03-12T12:00:01.000Z')).toHaveLength(2);
  });

  it('stops the timer when the last component unmounts', () => {
    const { unmount } = render(<Now />);
    expect(isClockRunning()).toBe(true);
    unmount();
    expect(isClockRunning()).toBe(false);
  });
});

describe('hydrating at a prerendered moment', () => {
  afterEach(() => releaseHydrationNow());

  it('renders the set moment, holds it until released, then reads the current second', () => {
    const copyMoment = START - 5_000;
    setHydrationNow(copyMoment);
    // The server snapshot (what a hydrating render reads) and the live clock both hold it.
    expect(getClockSnapshot()).toBe(Math.floor(copyMoment / 1000) * 1000);
    function Now() {
      return <p>{useNow()}</p>;
    }
    render(<Now />);
    expect(screen.getByText(String(Math.floor(copyMoment / 1000) * 1000))).toBeInTheDocument();

    releaseHydrationNow();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(String(Math.floor(START / 1000) * 1000 + 1000))).toBeInTheDocument();
  });
});
