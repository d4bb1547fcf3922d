// docs/product.md "About us and contact" counters: the first render shows the final value (as the
// prerendered copy does, so hydration matches); out of view it resets to zero and counts up once
// scrolled to.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatCounter } from '../components/stat-counter';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Callback[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: false, media: query }) as unknown as MediaQueryList,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stat = { label: 'Total users', value: '235K' };
const shown = () => screen.getByTestId('stat-shown');

describe('StatCounter', () => {
  it('first shows the final value, then counts up from zero once scrolled into view', async () => {
    let frameTime = 0;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(performance, 'now').mockImplementation(() => frameTime);
    const { container } = render(<StatCounter stat={stat} />);
    // What the first render gives, before any effect: the copy's text.
    expect(container.textContent).toContain('235K');
    act(() => observers[0]?.([{ isIntersecting: false }]));
    expect(shown()).toHaveTextContent('0K');
    act(() => observers[0]?.([{ isIntersecting: true }]));
    frameTime = 800;
    act(() => frames.shift()?.(frameTime));
    expect(shown().textContent).not.toBe('0K');
    expect(shown().textContent).not.toBe('235K');
    frameTime = 1600;
    act(() => frames.shift()?.(frameTime));
    expect(shown()).toHaveTextContent('235K');
  });

  it('keeps the final value when it is already in view as the page starts', () => {
    render(<StatCounter stat={stat} />);
    act(() => observers[0]?.([{ isIntersecting: true }]));
    expect(shown()).toHaveTextContent('235K');
  });
});
