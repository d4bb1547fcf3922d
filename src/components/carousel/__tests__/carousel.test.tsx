// The Swiper wrapper as a user meets it (docs/product.md "States", "Carousels"), with a small
// fake in place of Swiper (the real one needs layout, which the test DOM does not have).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwiperOptions } from 'swiper/types';
import { Carousel } from '../carousel';

interface FakeSwiper {
  options: SwiperOptions;
  slides: HTMLElement[];
  realIndex: number;
  destroyed: boolean;
  slideNext: ReturnType<typeof vi.fn>;
  slidePrev: ReturnType<typeof vi.fn>;
  destroy: () => void;
}

const created: FakeSwiper[] = [];

vi.mock('../load-swiper', () => ({
  loadSwiper: () =>
    Promise.resolve(
      class {
        options: SwiperOptions;
        slides: HTMLElement[];
        realIndex = 0;
        destroyed = false;
        slideNext = vi.fn();
        slidePrev = vi.fn();
        constructor(el: HTMLElement, options: SwiperOptions) {
          this.options = options;
          this.slides = Array.from(el.querySelectorAll<HTMLElement>('.swiper-slide'));
          this.slides.forEach((s, i) => s.classList.toggle('swiper-slide-visible', i === 0));
          created.push(this as unknown as FakeSwiper);
          const on = options.on as { afterInit?: (s: unknown) => void } | undefined;
          on?.afterInit?.(this);
        }
        destroy() {
          this.destroyed = true;
        }
      },
    ),
}));

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const slides = Array.from({ length: 6 }, (_, i) => ({
  key: i,
  content: <a href={`#s${i + 1}`}>Slide {i + 1}</a>,
}));

/** Lets the mocked import() resolve without moving the fake clock. */
async function flushLoad() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
  expect(created).toHaveLength(1);
}

function latest(): FakeSwiper {
  const s = created.at(-1);
  if (!s) throw new Error('no swiper yet');
  return s;
}

/**
 * The viewport, as IntersectionObserver reports it: every carousel starts in view unless a test
 * says otherwise (`inView = false`), and `scrollIntoView()` then reports it near.
 */
let inView = true;
const observed: { callback: IntersectionObserverCallback; el: Element }[] = [];
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(el: Element) {
    observed.push({ callback: this.callback, el });
    if (inView) this.report(el);
  }
  report(el: Element) {
    const entry = { isIntersecting: true, target: el } as unknown as IntersectionObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  disconnect() {
    observed.length = 0;
  }
}
function scrollNear() {
  act(() => {
    for (const { callback, el } of [...observed]) {
      callback(
        [{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

beforeEach(() => {
  created.length = 0;
  inView = true;
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  mockReducedMotion(false);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
  document.documentElement.dir = 'ltr';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('dir');
});

describe('Carousel (docs/product.md "States": carousels)', () => {
  it('is a labelled carousel region with slides labelled "n of m"', async () => {
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    const region = screen.getByRole('region', { name: 'Top Collections' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(6);
    expect(groups[0]).toHaveAccessibleName('1 of 6');
    expect(groups[0]).toHaveAttribute('aria-roledescription', 'slide');
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it('shows only the first screen before Swiper loads (others inert)', () => {
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    const groups = screen.getAllByRole('group');
    expect(groups[0]?.inert).toBe(false);
    expect(groups[1]?.inert).toBe(true);
  });

  it('starts Swiper only once it comes near the viewport (static first screen until then)', async () => {
    inView = false;
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await act(async () => {
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    });
    expect(created).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeDisabled();
    scrollNear();
    await waitFor(() => expect(created).toHaveLength(1));
    // Swiper is made first; the controls are enabled by the render that follows (a loaded
    // machine takes a moment longer between the two).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next slide' })).toBeEnabled());
  });

  it('starts Swiper when the user moves onto a carousel not yet seen (hover or focus)', async () => {
    inView = false;
    const user = userEvent.setup();
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await user.tab(); // Pause carousel (Previous and Next wait for Swiper)
    await user.tab();
    expect(screen.getByRole('link', { name: 'Slide 1' })).toHaveFocus();
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it('passes the template timings and breakpoints to Swiper', async () => {
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(latest().options).toMatchObject({
      speed: 400,
      spaceBetween: 24,
      breakpoints: { 1025: { slidesPerView: 4 }, 320: { slidesPerView: 1 } },
    });
  });

  it('moves with the previous/next buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(latest().slideNext).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(latest().slidePrev).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(latest().slideNext).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowLeft}');
    expect(latest().slidePrev).toHaveBeenCalledTimes(2);
  });

  it('mirrors the arrow keys and rebuilds Swiper when dir on <html> changes', async () => {
    const user = userEvent.setup();
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await waitFor(() => expect(created).toHaveLength(1));
    const first = latest();
    act(() => {
      document.documentElement.dir = 'rtl';
    });
    await waitFor(() => expect(created).toHaveLength(2));
    expect(first.destroyed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.keyboard('{ArrowLeft}');
    expect(latest().slideNext).toHaveBeenCalledTimes(2);
  });

  it('autoplays every 3000 ms and stops with the pause button', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await flushLoad();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(latest().slideNext).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(latest().slideNext).toHaveBeenCalledTimes(1);
    const pause = screen.getByRole('button', { name: 'Pause carousel' });
    act(() => pause.click());
    expect(screen.getByRole('button', { name: 'Play carousel' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(latest().slideNext).toHaveBeenCalledTimes(1);
  });

  it('never autoplays under reduced motion, and moves without animation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockReducedMotion(true);
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await flushLoad();
    expect(latest().options.speed).toBe(0);
    expect(screen.getByRole('button', { name: 'Play carousel' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(latest().slideNext).not.toHaveBeenCalled();
  });

  it('pauses while focus is on a slide', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Carousel label="Top Collections" preset="topCollections" slides={slides} />);
    await flushLoad();
    act(() => screen.getByRole('link', { name: 'Slide 1' }).focus());
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(latest().slideNext).not.toHaveBeenCalled();
  });
});
