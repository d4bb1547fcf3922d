// docs/product.md "On every page", "Fixed values": back to top appears past 300 px and scrolls
// smoothly to the top in 500 ms (the duration is checked, not only the arrival).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingToolbar } from '../components/floating-toolbar';

let y = 0;
let scrolls: number[] = [];

beforeEach(() => {
  y = 0;
  scrolls = [];
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance', 'setTimeout'] });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
    y = top;
    scrolls.push(top);
  }) as typeof window.scrollTo);
});
afterEach(() => {
  vi.useRealTimers();
});

function scrollPageTo(top: number) {
  act(() => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('back to top (docs/product.md "On every page", "Fixed values")', () => {
  it('appears past 300 px and takes about 500 ms to reach the top', () => {
    render(<FloatingToolbar />);
    scrollPageTo(300);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollPageTo(1200);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));

    act(() => vi.advanceTimersByTime(250));
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(1200);
    // Ease-out: the last pixels take the last tenth of the 500 ms.
    act(() => vi.advanceTimersByTime(190));
    expect(y).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(80));
    expect(y).toBe(0);
    const frames = scrolls.length;
    act(() => vi.advanceTimersByTime(200));
    expect(scrolls).toHaveLength(frames);
    // Smooth: many steps on the way, each lower than the one before.
    expect(scrolls.length).toBeGreaterThan(10);
    expect([...scrolls].sort((a, b) => b - a)).toEqual(scrolls);
  });
});
