// The PhotoSwipe options for Artmint's lightbox, from the template's constants (docs/product.md
// "Fixed values": lightbox fade 250 ms, swipe 500 ms, preload 2 slides, padding 16 px, spacing
// 30%, swipe threshold 30 px). Pure, so it is tested without loading PhotoSwipe.
import { LIGHTBOX } from '@/config/constants';

/** A slide of the lightbox: an image URL with its intrinsic size and a text alternative. */
export interface LightboxSlide {
  src: string;
  /** Intrinsic width in px (PhotoSwipe lays out the slide before the image loads). */
  width: number;
  height: number;
  alt: string;
}

/** The subset of PhotoSwipe options Artmint sets (a structural copy, so this file stays free
 * of PhotoSwipe's code). */
export interface LightboxOptions {
  dataSource: LightboxSlide[];
  index: number;
  showHideAnimationType: 'fade' | 'none';
  showAnimationDuration: number;
  hideAnimationDuration: number;
  zoomAnimationDuration: number;
  preload: [number, number];
  padding: { top: number; bottom: number; left: number; right: number };
  spacing: number;
  loop: boolean;
  escKey: boolean;
  arrowKeys: boolean;
  closeOnVerticalDrag: boolean;
  trapFocus: boolean;
  returnFocus: boolean;
  bgOpacity: number;
  preloaderDelay: number;
  errorMsg: string;
  mainClass: string;
  closeTitle: string;
  zoomTitle: string;
  arrowPrevTitle: string;
  arrowNextTitle: string;
  indexIndicatorSep: string;
}

export const LIGHTBOX_ERROR_MESSAGE = 'This image could not be loaded.';
/** Class on the lightbox root, scoping Artmint's styles for it. */
export const LIGHTBOX_CLASS = 'artmint-pswp';
/** A loading indicator shows if a slide takes longer than this to load. */
export const LIGHTBOX_PRELOADER_DELAY_MS = 300;

/**
 * The natural frequency (1/s) of PhotoSwipe's critically damped slide-change spring that makes
 * it settle in about `durationMs` (the spring comes within a pixel after roughly 10 / frequency
 * seconds over a slide's width). PhotoSwipe has no duration option for a swipe.
 */
export function springFrequencyFor(durationMs: number): number {
  return durationMs <= 0 ? 1000 : 10 / (durationMs / 1000);
}

/** Clamps `index` into the slides (0 when there are none). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), count - 1);
}

export function buildLightboxOptions(
  slides: LightboxSlide[],
  index: number,
  reducedMotion: boolean,
): LightboxOptions {
  const fade = reducedMotion ? 0 : LIGHTBOX.fadeMs;
  const pad = LIGHTBOX.paddingPx;
  return {
    dataSource: slides,
    index: clampIndex(index, slides.length),
    showHideAnimationType: reducedMotion ? 'none' : 'fade',
    showAnimationDuration: fade,
    hideAnimationDuration: fade,
    zoomAnimationDuration: reducedMotion ? 0 : LIGHTBOX.fadeMs,
    preload: [LIGHTBOX.preload, LIGHTBOX.preload],
    padding: { top: pad, bottom: pad, left: pad, right: pad },
    spacing: LIGHTBOX.spacing,
    loop: true,
    escKey: true,
    arrowKeys: true,
    closeOnVerticalDrag: true,
    trapFocus: true,
    // The wrapper returns focus to the opener it was given (more reliable than "last active").
    returnFocus: false,
    bgOpacity: 0.95,
    preloaderDelay: LIGHTBOX_PRELOADER_DELAY_MS,
    errorMsg: LIGHTBOX_ERROR_MESSAGE,
    mainClass: LIGHTBOX_CLASS,
    closeTitle: 'Close (Esc)',
    zoomTitle: 'Zoom in or out',
    arrowPrevTitle: 'Previous image',
    arrowNextTitle: 'Next image',
    indexIndicatorSep: ' / ',
  };
}

/** Which way a finished drag should go, given the template's 30 px threshold: a horizontal drag
 * of at least that length changes the slide, a vertical pull of at least that length closes. */
export function dragOutcome(
  dx: number,
  dy: number,
  axis: 'x' | 'y' | null,
  threshold: number = LIGHTBOX.swipeThresholdPx,
): 'next' | 'prev' | 'close' | null {
  if (axis === 'x' && Math.abs(dx) >= threshold) return dx < 0 ? 'next' : 'prev';
  if (axis === 'y' && Math.abs(dy) >= threshold) return 'close';
  return null;
}
