// A part of a screen in a chunk of its own (the footer, the toolbar, the home sections...) that,
// once its code is loaded, renders at once rather than through React.lazy. The app preloads the
// parts before it takes over a prerendered page (src/app/main.tsx), so nothing suspends: no part
// is left as markup without its handlers, nor flashes its fallback.
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

/**
 * Runs `load` until it resolves: should code not come (offline before the service worker holds
 * it, a deploy removed it), it never rejects; it waits for the browser to be back online and
 * tries again.
 */
export function retryWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async () => {
    await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    return retryWhenOnline(load);
  });
}

/** Loads a part the page can live without (React.lazy's shape), through retryWhenOnline. */
export const loadWithRetry = <P>(load: Loader<P>) =>
  retryWhenOnline(load).then((component) => ({ default: component }));

const parts = new Set<() => Promise<unknown>>();

/** `optional`: the page can live without the part (see loadWithRetry). */
export function lazyPart<P extends object>(load: Loader<P>, { optional = false } = {}) {
  let loaded: ComponentType<P> | undefined;
  const keep: Loader<P> = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => (optional ? loadWithRetry(keep) : keep().then((c) => ({ default: c }))));
  function Part(props: P): ReactElement {
    // Fixed at mount, so the element type never changes under a mounted part.
    const [Direct] = useState(() => loaded);
    return createElement(Direct ?? Lazy, props);
  }
  // A failed preload is retried on render.
  parts.add(async () => loaded ?? keep().catch(() => undefined));
  return Part;
}

/** Preloads every part defined by the modules loaded so far; resolves once all have settled. */
export const preloadParts = () => Promise.all([...parts].map((preload) => preload()));
