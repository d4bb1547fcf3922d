// The carousel's own autoplay: one timer that moves to the next slide `delayMs` after the
// carousel last settled, only while `running`. (Swiper's autoplay module is not used: the
// rules for hover, focus, the pause button and reduced motion live in one place.)
import { useEffect } from 'react';
import type { SwiperInstance } from './load-swiper';

export function useAutoplay(
  swiper: SwiperInstance | null,
  running: boolean,
  delayMs: number,
  /** Changes every time the carousel settles, re-arming the timer. */
  settled: number,
): void {
  useEffect(() => {
    if (!swiper || !running) return;
    const timer = setTimeout(() => {
      if (!swiper.destroyed) swiper.slideNext();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [swiper, running, delayMs, settled]);
}
