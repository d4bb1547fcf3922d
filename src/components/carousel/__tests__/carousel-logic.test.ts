// @vitest-environment node
// docs/product.md "States": slides per view by breakpoint, loop, keys, labels.
import { describe, expect, it } from 'vitest';
import { CAROUSEL_PRESETS } from '@/config/constants';
import {
  canLoop,
  maxPerView,
  perViewAt,
  shouldAutoplay,
  slideLabel,
  stepForKey,
  swiperBreakpoints,
} from '../carousel-logic';

const { topCollections, homeSlider, items } = CAROUSEL_PRESETS;

describe('carousel presets (docs/product.md "States")', () => {
  it('Top Collections: 4 at >= 1025, 3 at 992, 2 at 767, 1 at 320; 3000 ms, 400 ms, loop and rewind', () => {
    expect(perViewAt(topCollections, 1280)).toBe(4);
    expect(perViewAt(topCollections, 1025)).toBe(4);
    expect(perViewAt(topCollections, 1024)).toBe(3);
    expect(perViewAt(topCollections, 992)).toBe(3);
    expect(perViewAt(topCollections, 991)).toBe(2);
    expect(perViewAt(topCollections, 767)).toBe(2);
    expect(perViewAt(topCollections, 766)).toBe(1);
    expect(perViewAt(topCollections, 320)).toBe(1);
    expect(topCollections).toMatchObject({
      autoplayMs: 3000,
      speedMs: 400,
      loop: true,
      rewind: true,
    });
  });

  it('home slider: 1 item, 3000 ms, 400 ms, loop', () => {
    expect(perViewAt(homeSlider, 1440)).toBe(1);
    expect(homeSlider).toMatchObject({ autoplayMs: 3000, speedMs: 400, loop: true });
  });

  it('item slider: 5 at 1025+, 4 at 992, 3 at 767, 1 at 425; gutter 12', () => {
    expect(perViewAt(items, 1025)).toBe(5);
    expect(perViewAt(items, 992)).toBe(4);
    expect(perViewAt(items, 767)).toBe(3);
    expect(perViewAt(items, 500)).toBe(1);
    expect(items.gap).toBe(12);
    expect(maxPerView(items)).toBe(5);
  });

  it('maps breakpoints to Swiper options', () => {
    expect(swiperBreakpoints(topCollections)).toEqual({
      320: { slidesPerView: 1 },
      767: { slidesPerView: 2 },
      992: { slidesPerView: 3 },
      1025: { slidesPerView: 4 },
    });
  });

  it('loops only with two screens of slides', () => {
    expect(canLoop(topCollections, 8)).toBe(true);
    expect(canLoop(topCollections, 7)).toBe(false);
    expect(canLoop(homeSlider, 2)).toBe(true);
  });
});

describe('carousel keyboard and labels', () => {
  it('arrow keys follow the reading direction', () => {
    expect(stepForKey('ArrowRight', 'ltr')).toBe('next');
    expect(stepForKey('ArrowLeft', 'ltr')).toBe('prev');
    expect(stepForKey('ArrowRight', 'rtl')).toBe('prev');
    expect(stepForKey('ArrowLeft', 'rtl')).toBe('next');
    expect(stepForKey('Enter', 'ltr')).toBeNull();
  });

  it('labels slides "n of m"', () => {
    expect(slideLabel(0, 8)).toBe('1 of 8');
    expect(slideLabel(7, 8)).toBe('8 of 8');
  });

  it('autoplays only when nothing holds it', () => {
    const base = { paused: false, hovered: false, focused: false, scrollable: true };
    expect(shouldAutoplay(base)).toBe(true);
    expect(shouldAutoplay({ ...base, paused: true })).toBe(false);
    expect(shouldAutoplay({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoplay({ ...base, focused: true })).toBe(false);
    expect(shouldAutoplay({ ...base, scrollable: false })).toBe(false);
  });
});
