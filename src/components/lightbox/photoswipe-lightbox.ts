// The one place PhotoSwipe is imported (docs/architecture.md convention 8). lightbox.ts loads this
// module with import() on the first open, so PhotoSwipe's code and stylesheet are fetched only
// then. Adds to PhotoSwipe: the template's swipe duration and 30 px swipe/pull threshold, slide
// loading states (loading, error, complete) on the root and in a live region, an accessible
// name, and focus back on the opener after closing.
import PhotoSwipe, { type PhotoSwipeOptions } from 'photoswipe';
import 'photoswipe/style.css';
import './lightbox.css';
import { LIGHTBOX } from '@/config/constants';
import {
  buildLightboxOptions,
  dragOutcome,
  springFrequencyFor,
  type LightboxSlide,
} from './lightbox-options';

export type SlideState = 'loading' | 'error' | 'complete';

export interface ShowOptions {
  slides: LightboxSlide[];
  index: number;
  opener: HTMLElement | null;
  label: string;
  reducedMotion: boolean;
  onClose?: () => void;
}

function liveRegion(): HTMLElement {
  const region = document.createElement('p');
  region.className = 'pswp__live visually-hidden';
  region.setAttribute('aria-live', 'polite');
  return region;
}

function stateOf(pswp: PhotoSwipe): SlideState {
  const content = pswp.currSlide?.content;
  if (!content) return 'loading';
  if (content.state === 'error') return 'error';
  return content.state === 'loaded' ? 'complete' : 'loading';
}

/** Makes a slide change (arrows, swipe) settle in the template's swipe time, or at once. */
function timeSlideChanges(pswp: PhotoSwipe, reducedMotion: boolean): void {
  const { animations } = pswp;
  const startSpring = animations.startSpring.bind(animations);
  const frequency = springFrequencyFor(reducedMotion ? 0 : LIGHTBOX.swipeMs);
  animations.startSpring = (props) =>
    startSpring(props.isMainScroll ? { ...props, naturalFrequency: frequency } : props);
}

/** A drag of at least the threshold changes the slide (sideways) or closes (pulled). */
function applyDragThreshold(pswp: PhotoSwipe): void {
  pswp.on('pointerUp', () => {
    const { gestures } = pswp;
    if (!gestures.isDragging || gestures.isMultitouch) return;
    const outcome = dragOutcome(
      gestures.p1.x - gestures.startP1.x,
      gestures.p1.y - gestures.startP1.y,
      gestures.dragAxis,
    );
    const before = pswp.potentialIndex;
    // Pulling is only a gesture to close while the image is not zoomed in (it pans then).
    const pulling = pswp.bgOpacity < 1;
    // PhotoSwipe decides first (speed, half the width); this only adds the distance rule.
    queueMicrotask(() => {
      if (pswp.isDestroying || !pswp.isOpen) return;
      if (outcome === 'close' && pulling) pswp.close();
      else if (outcome === 'next' && pswp.potentialIndex === before) pswp.next();
      else if (outcome === 'prev' && pswp.potentialIndex === before) pswp.prev();
    });
  });
}

function trackSlideStates(pswp: PhotoSwipe, slides: LightboxSlide[], region: HTMLElement) {
  const announce = () => {
    const state = stateOf(pswp);
    pswp.element?.setAttribute('data-slide-state', state);
    const slide = slides[pswp.currIndex];
    const position = `Image ${pswp.currIndex + 1} of ${slides.length}`;
    if (state === 'error') region.textContent = `${position}: this image could not be loaded.`;
    else if (state === 'loading') region.textContent = `${position}: loading.`;
    else region.textContent = `${position}${slide ? `: ${slide.alt}` : ''}`;
  };
  pswp.on('change', announce);
  pswp.on('firstUpdate', announce);
  pswp.on('loadComplete', ({ slide }) => {
    if (slide === pswp.currSlide) announce();
  });
  pswp.on('loadError', ({ slide }) => {
    if (slide === pswp.currSlide) announce();
  });
}

const EARLY_KEYS: Readonly<Record<string, 'next' | 'prev' | 'close'>> = {
  ArrowRight: 'next',
  ArrowLeft: 'prev',
  Escape: 'close',
};

/**
 * PhotoSwipe listens to keys only once its opening fade has ended: arrow keys and Escape
 * pressed earlier are kept (the last one) and applied then. The root gets data-open="true".
 */
function queueEarlyKeys(pswp: PhotoSwipe): void {
  let pending: 'next' | 'prev' | 'close' | null = null;
  const onKey = (event: KeyboardEvent) => {
    const action = EARLY_KEYS[event.key];
    if (!action) return;
    event.preventDefault();
    pending = action;
  };
  document.addEventListener('keydown', onKey);
  const stop = () => document.removeEventListener('keydown', onKey);
  pswp.on('destroy', stop);
  pswp.on('openingAnimationEnd', () => {
    stop();
    pswp.element?.setAttribute('data-open', 'true');
    // After PhotoSwipe's own handlers for this event have bound its events.
    window.setTimeout(() => {
      const action = pending;
      pending = null;
      if (action && pswp.isOpen && !pswp.isDestroying) pswp[action]();
    }, 0);
  });
}

/** Opens PhotoSwipe on `slides` at `index`; resolves once it is open. */
export function showLightbox({
  slides,
  index,
  opener,
  label,
  reducedMotion,
  onClose,
}: ShowOptions) {
  const options = buildLightboxOptions(slides, index, reducedMotion);
  const pswp = new PhotoSwipe(options as PhotoSwipeOptions);
  const region = liveRegion();
  timeSlideChanges(pswp, reducedMotion);
  applyDragThreshold(pswp);
  queueEarlyKeys(pswp);
  trackSlideStates(pswp, slides, region);
  pswp.on('afterInit', () => {
    pswp.element?.setAttribute('aria-label', label);
    pswp.element?.setAttribute('aria-modal', 'true');
    pswp.element?.append(region);
  });
  pswp.on('destroy', () => {
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    onClose?.();
  });
  pswp.init();
  return pswp;
}
