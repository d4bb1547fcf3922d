// Pure rules of the carousel (docs/product.md "States", "Carousels": pause
// on hover and focus, no autoplay under reduced motion, mirrored in RTL). Kept apart from the
// component so they are tested without Swiper or a browser.
import type { CarouselPreset } from '@/config/constants';

export type Direction = 'ltr' | 'rtl';
export type Step = 'prev' | 'next';

/** Slides per view at a viewport `width` (the largest breakpoint at or below it wins). */
export function perViewAt(preset: CarouselPreset, width: number): number {
  let perView = preset.perView;
  const points = Object.keys(preset.breakpoints)
    .map(Number)
    .sort((a, b) => a - b);
  for (const point of points) {
    const value = preset.breakpoints[point];
    if (width >= point && value !== undefined) perView = value;
  }
  return perView;
}

/** The most slides ever shown at once. */
export function maxPerView(preset: CarouselPreset): number {
  return Math.max(preset.perView, ...Object.values(preset.breakpoints));
}

/** Swiper's `breakpoints` option for a preset. */
export function swiperBreakpoints(
  preset: CarouselPreset,
): Record<number, { slidesPerView: number }> {
  const out: Record<number, { slidesPerView: number }> = {};
  for (const [point, value] of Object.entries(preset.breakpoints)) {
    out[Number(point)] = { slidesPerView: value };
  }
  return out;
}

/**
 * Loop needs at least two screens of slides (Swiper moves slides around the ends); with fewer
 * the carousel rewinds instead, so "next" on the last slide still goes back to the first.
 */
export function canLoop(preset: CarouselPreset, slideCount: number): boolean {
  return preset.loop && slideCount >= maxPerView(preset) * 2;
}

/** Arrow keys move in reading direction: in RTL the left arrow goes to the next slide. */
export function stepForKey(key: string, dir: Direction): Step | null {
  if (key === 'ArrowRight') return dir === 'rtl' ? 'prev' : 'next';
  if (key === 'ArrowLeft') return dir === 'rtl' ? 'next' : 'prev';
  return null;
}

/** The accessible name of slide `index` (0-based) of `total`: "1 of 8". */
export function slideLabel(index: number, total: number): string {
  return `${index + 1} of ${total}`;
}

export interface AutoplayInputs {
  /** The user pressed pause (or, under reduced motion, has not pressed play). */
  paused: boolean;
  hovered: boolean;
  focused: boolean;
  /** More slides than fit on screen: otherwise there is nothing to rotate. */
  scrollable: boolean;
}

/** Whether the carousel should advance on its own right now. */
export function shouldAutoplay({ paused, hovered, focused, scrollable }: AutoplayInputs): boolean {
  return scrollable && !paused && !hovered && !focused;
}
