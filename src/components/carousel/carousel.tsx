// The one Swiper wrapper (docs/architecture.md 8; docs/product.md "States" carousels;
// docs/product.md "Carousels").
//
// Props:
// - label: the carousel's accessible name ("Top Collections").
// - preset: 'topCollections' | 'homeSlider' | 'items' (CAROUSEL_PRESETS in config/constants:
//   slides per view by breakpoint, gap, loop/rewind, autoplay 3000 ms, speed 400 ms).
// - slides: [{ key, content }], each rendered in a slide labelled "n of m".
// - className: for the outer region.
//
// Behaviour: a region with aria-roledescription "carousel"; previous/next buttons and a
// pause/play button; Left/Right arrow keys move while focus is inside (mirrored in RTL);
// autoplay pauses while hovered or focused and never starts under prefers-reduced-motion
// (the user can still press play). Slides off screen are inert, so Tab only reaches what is
// visible. Until Swiper has loaded (import()), the first screen is laid out by CSS exactly as
// Swiper will lay it out, so nothing shifts.
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type Key,
  type ReactNode,
} from 'react';
import { CAROUSEL_PRESETS, type CarouselPresetName } from '@/config/constants';
import { ChevronEndIcon, ChevronStartIcon } from '@/components/ui/content-icons';
import { perViewAt, shouldAutoplay, slideLabel, stepForKey, type Step } from './carousel-logic';
import type { SwiperInstance } from './load-swiper';
import { useAutoplay } from './use-autoplay';
import { useDocumentDir } from './use-document-dir';
import { usePrefersReducedMotion, useViewportValue } from './use-media';
import { useSwiper } from './use-swiper';
import styles from './carousel.module.css';
import { classNames } from '@/lib/class-names';

export interface CarouselSlide {
  key: Key;
  content: ReactNode;
}

export interface CarouselProps {
  label: string;
  preset: CarouselPresetName;
  slides: readonly CarouselSlide[];
  className?: string;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function PauseGlyph({ paused }: { paused: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false">
      {paused ? (
        <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
      ) : (
        <path fill="currentColor" d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" />
      )}
    </svg>
  );
}

/** Marks slides that are off screen inert; moves focus out of one that just left. */
function syncInert(
  slides: readonly HTMLElement[],
  isVisible: (el: HTMLElement, i: number) => boolean,
  fallback: HTMLElement | null,
) {
  const active = document.activeElement;
  let lostFocus = false;
  slides.forEach((slide, i) => {
    const hide = !isVisible(slide, i);
    if (hide && active instanceof HTMLElement && slide.contains(active)) lostFocus = true;
    slide.inert = hide;
  });
  if (lostFocus) fallback?.focus();
}

export function Carousel({ label, preset: presetName, slides, className }: CarouselProps) {
  const preset = CAROUSEL_PRESETS[presetName];
  const trackId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const dir = useDocumentDir();
  const reducedMotion = usePrefersReducedMotion();
  const staticPerView = useViewportValue((w) => perViewAt(preset, w));
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [settled, setSettled] = useState(0);

  const onSettle = useCallback((s: SwiperInstance) => {
    syncInert(s.slides, (el) => el.classList.contains('swiper-slide-visible'), nextRef.current);
    setSettled((n) => n + 1);
  }, []);
  const swiper = useSwiper({
    root: rootRef,
    preset,
    slideCount: slides.length,
    dir,
    reducedMotion,
    onSettle,
    wake: focused || hovered,
  });

  // Before Swiper: the first screen of slides is visible, the rest inert.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (swiper || !track) return;
    const els = Array.from(track.children).filter(
      (c): c is HTMLElement => c instanceof HTMLElement,
    );
    syncInert(els, (_el, i) => i < staticPerView, null);
  }, [swiper, staticPerView, slides.length]);

  const scrollable = slides.length > staticPerView;
  const paused = userPaused ?? reducedMotion;
  const running = swiper !== null && shouldAutoplay({ paused, hovered, focused, scrollable });
  useAutoplay(swiper, running, preset.autoplayMs, settled);

  const step = (to: Step) => {
    if (!swiper) return;
    if (to === 'next') swiper.slideNext();
    else swiper.slidePrev();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (
      e.target instanceof HTMLElement &&
      (TYPING.has(e.target.tagName) || e.target.isContentEditable)
    )
      return;
    const to = stepForKey(e.key, dir);
    if (!to || !swiper) return;
    e.preventDefault();
    step(to);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget))
      setFocused(false);
  };

  const viewportStyle = {
    '--per-view': staticPerView,
    '--gap': `${preset.gap}px`,
  } as CSSProperties;
  const controlsDisabled = !swiper || !scrollable;

  return (
    // Arrow keys move the slides from any focused control inside (APG carousel pattern); the
    // handler only listens, every control inside is a real button or link.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={classNames(styles.carousel, className)}
      onKeyDown={onKeyDown}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={`touch-round ${styles.control}`}
          aria-label={paused ? 'Play carousel' : 'Pause carousel'}
          disabled={!scrollable}
          onClick={() => setUserPaused(!paused)}
        >
          <PauseGlyph paused={paused} />
        </button>
        <button
          type="button"
          className={`touch-round ${styles.control}`}
          aria-label="Previous slide"
          aria-controls={trackId}
          disabled={controlsDisabled}
          onClick={() => step('prev')}
        >
          <ChevronStartIcon />
        </button>
        <button
          ref={nextRef}
          type="button"
          className={`touch-round ${styles.control}`}
          aria-label="Next slide"
          aria-controls={trackId}
          disabled={controlsDisabled}
          onClick={() => step('next')}
        >
          <ChevronEndIcon />
        </button>
      </div>
      <div
        ref={rootRef}
        className={`swiper ${styles.viewport}`}
        data-ready={swiper ? 'true' : 'false'}
        style={viewportStyle}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div
          ref={trackRef}
          id={trackId}
          className={`swiper-wrapper ${styles.track}`}
          aria-live={running ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className={`swiper-slide ${styles.slide}`}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(i, slides.length)}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
