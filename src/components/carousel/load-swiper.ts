// The only place Swiper is imported, always through import(), so it lands in its own chunk that
// only screens with a carousel load (docs/architecture.md 8).
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';

export type { SwiperInstance, SwiperOptions };
export type SwiperConstructor = new (el: HTMLElement, options: SwiperOptions) => SwiperInstance;

let pending: Promise<SwiperConstructor> | null = null;

/** Loads Swiper's core once (no modules: autoplay, keys and labels are the wrapper's own). */
export function loadSwiper(): Promise<SwiperConstructor> {
  if (!pending) {
    pending = import('swiper').then((mod) => mod.default as SwiperConstructor);
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
