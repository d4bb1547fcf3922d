// Creates, re-creates and destroys the Swiper instance of one carousel. Swiper is loaded with
// import() and started once the carousel comes within half a screen of the viewport (or is
// focused or hovered): a page with several carousels does not set up the ones far below while
// it starts (Lighthouse total blocking time). Until then the carousel shows its static
// first screen. The instance is rebuilt (at the same slide) when the text direction, reduced
// motion, preset or slide count changes, so the carousel mirrors when `dir` on <html> changes
// at run time.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CarouselPreset } from '@/config/constants';
import { canLoop, swiperBreakpoints, type Direction } from './carousel-logic';
import { loadSwiper, type SwiperConstructor, type SwiperInstance } from './load-swiper';

export interface UseSwiperArgs {
  root: RefObject<HTMLDivElement | null>;
  preset: CarouselPreset;
  slideCount: number;
  dir: Direction;
  reducedMotion: boolean;
  /** Called after every settled move, resize or rebuild. */
  onSettle: (swiper: SwiperInstance) => void;
  /** The user is on the carousel (focus or hover): start it even if not yet seen. */
  wake?: boolean;
}

/** Whether `root` has come within half a screen of the viewport (true without the API). */
function useNearViewport(root: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = root.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, root]);
  return near;
}

export function useSwiper({
  root,
  preset,
  slideCount,
  dir,
  reducedMotion,
  onSettle,
  wake = false,
}: UseSwiperArgs): SwiperInstance | null {
  const near = useNearViewport(root);
  // Once wanted, always wanted: a hover that ends before Swiper has loaded still starts it.
  const [wanted, setWanted] = useState(false);
  if ((near || wake) && !wanted) setWanted(true);
  const [ctor, setCtor] = useState<SwiperConstructor | null>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const indexRef = useRef(0);
  const settleRef = useRef(onSettle);
  useEffect(() => {
    settleRef.current = onSettle;
  }, [onSettle]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadSwiper()
      .then((loaded) => {
        if (live) setCtor(() => loaded);
      })
      .catch(() => {
        // Stays on the static first screen; the controls stay disabled.
      });
    return () => {
      live = false;
    };
  }, [wanted]);

  useEffect(() => {
    const el = root.current;
    if (!ctor || !el || slideCount === 0) return;
    const loop = canLoop(preset, slideCount);
    const settle = (s: SwiperInstance) => settleRef.current(s);
    const instance = new ctor(el, {
      slidesPerView: preset.perView,
      spaceBetween: preset.gap,
      breakpoints: swiperBreakpoints(preset),
      loop,
      rewind: !loop || preset.rewind,
      speed: reducedMotion ? 0 : preset.speedMs,
      initialSlide: Math.min(indexRef.current, slideCount - 1),
      watchSlidesProgress: true,
      on: {
        afterInit: settle,
        slideChangeTransitionEnd: settle,
        resize: settle,
        breakpoint: settle,
      },
    });
    setSwiper(instance);
    return () => {
      indexRef.current = instance.realIndex;
      for (const slide of instance.slides) slide.inert = false;
      instance.destroy(true, true);
      setSwiper(null);
    };
  }, [ctor, root, preset, slideCount, dir, reducedMotion]);

  return swiper;
}
