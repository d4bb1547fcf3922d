import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, loadWithRetry, preloadParts } from '../lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart (parts in their own chunks, preloaded before hydration)', () => {
  it('suspends on first use while its code loads, then shows it', async () => {
    let resolve: (c: typeof Greeting) => void = () => {};
    const Part = lazyPart(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => resolve(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('once preloaded renders at once, without suspending', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyPart(load);
    await preloadParts();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Grace" />
      </Suspense>,
    );
    // Synchronously there: no fallback was ever committed.
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('a failed preload still resolves, and an optional part waits for the network', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = lazyPart(load, { optional: true });
    await expect(preloadParts()).resolves.toBeDefined();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Lin" />
      </Suspense>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(async () => {}); // the failure is handled: the part now waits for the network
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Lin')).toBeInTheDocument();
  });
});

function Widget() {
  return null;
}

describe('loadWithRetry (optional shell chunks never throw into the route)', () => {
  it('resolves with the component when the chunk loads', async () => {
    const loaded = await loadWithRetry(() => Promise.resolve(Widget));
    expect(loaded.default).toBe(Widget);
  });

  it('after a failed fetch waits for the browser to be back online, then tries again', async () => {
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
