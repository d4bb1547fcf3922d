// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildLightboxOptions,
  clampIndex,
  dragOutcome,
  LIGHTBOX_ERROR_MESSAGE,
  springFrequencyFor,
  type LightboxSlide,
} from '../lightbox-options';

const slides: LightboxSlide[] = [1, 2, 3].map((n) => ({
  src: `/img-${n}.svg`,
  width: 600,
  height: 600,
  alt: `Image ${n}`,
}));

describe('lightbox options (docs/product.md "Fixed values": fade 250, preload 2, padding 16, spacing 30%)', () => {
  it('fades in and out in 250 ms and keeps the template layout', () => {
    const options = buildLightboxOptions(slides, 1, false);
    expect(options).toMatchObject({
      dataSource: slides,
      index: 1,
      showHideAnimationType: 'fade',
      showAnimationDuration: 250,
      hideAnimationDuration: 250,
      preload: [2, 2],
      padding: { top: 16, bottom: 16, left: 16, right: 16 },
      spacing: 0.3,
      escKey: true,
      arrowKeys: true,
      closeOnVerticalDrag: true,
      trapFocus: true,
      errorMsg: LIGHTBOX_ERROR_MESSAGE,
    });
  });

  it('turns every animation off under reduced motion', () => {
    const options = buildLightboxOptions(slides, 0, true);
    expect(options.showHideAnimationType).toBe('none');
    expect(options.showAnimationDuration).toBe(0);
    expect(options.hideAnimationDuration).toBe(0);
    expect(options.zoomAnimationDuration).toBe(0);
  });

  it('starts on a slide that exists', () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(Number.NaN, 3)).toBe(0);
    expect(clampIndex(1, 0)).toBe(0);
    expect(buildLightboxOptions(slides, 9, false).index).toBe(2);
  });

  it('times a slide change to the 500 ms swipe (faster spring for a shorter time)', () => {
    expect(springFrequencyFor(500)).toBe(20);
    expect(springFrequencyFor(250)).toBeGreaterThan(springFrequencyFor(500));
    expect(springFrequencyFor(0)).toBeGreaterThanOrEqual(1000);
  });
});

describe('drag threshold (docs/product.md "Fixed values": swipe threshold 30 px)', () => {
  it('changes slide on a sideways drag of 30 px or more', () => {
    expect(dragOutcome(-30, 2, 'x')).toBe('next');
    expect(dragOutcome(45, 0, 'x')).toBe('prev');
    expect(dragOutcome(-29, 0, 'x')).toBeNull();
  });

  it('closes on a pull of 30 px or more, either way', () => {
    expect(dragOutcome(0, 30, 'y')).toBe('close');
    expect(dragOutcome(3, -60, 'y')).toBe('close');
    expect(dragOutcome(0, 29, 'y')).toBeNull();
    expect(dragOutcome(80, 80, null)).toBeNull();
  });
});
