// Media-query hooks for the carousel: reduced motion and the viewport width bucket.
import { useSyncExternalStore } from 'react';

function subscribeQuery(query: string) {
  return (onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

const REDUCED = '(prefers-reduced-motion: reduce)';
const subscribeReduced = subscribeQuery(REDUCED);

/** True when the user asks for reduced motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReduced,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED).matches,
    () => false,
  );
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** A value derived from the viewport width (re-read on resize; stable between changes). */
export function useViewportValue<T extends string | number>(derive: (width: number) => T): T {
  return useSyncExternalStore(
    subscribeResize,
    () => derive(window.innerWidth),
    () => derive(0),
  );
}
