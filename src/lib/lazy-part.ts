// A part of a screen in a chunk of its own (the footer, the toolbar, the home sections...) that
// can also render at once: once its code is loaded, every new mount renders it directly rather
// than through React.lazy, so it never suspends. The app preloads the parts before it hydrates a
// prerendered page (src/app/main.tsx), so hydration adopts the whole page in one pass: no part
// is left as markup without its event handlers once the page is live.
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

function whenOnline(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

/**
 * Loads a part the page can live without (React.lazy's shape): if its chunk cannot be fetched
 * (offline before the service worker has it, a deploy removed it), it never rejects into the
 * route's error boundary; it waits, so the part shows its Suspense fallback, and tries again
 * once the browser is back online (PRODUCT.md principle 1).
 */
export function loadWithRetry<P>(load: Loader<P>, waitForRetry = whenOnline) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () => waitForRetry().then(attempt),
    );
  return attempt();
}

export interface LazyPart<P> {
  (props: P): ReactElement;
  /** Fetches the part's code; resolves either way (a failure is retried on render). */
  preload(): Promise<void>;
}

const registry = new Set<LazyPart<never>>();

/** `optional`: the page can live without the part (see loadWithRetry). */
export function lazyPart<P extends object>(
  load: Loader<P>,
  { optional = false } = {},
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  const keep = (component: ComponentType<P>) => {
    loaded = component;
    return { default: component };
  };
  const Lazy = lazy(() =>
    loaded
      ? Promise.resolve({ default: loaded })
      : optional
        ? loadWithRetry(load).then((m) => keep(m.default))
        : load().then(keep),
  );
  function Part(props: P): ReactElement {
    // Fixed at mount, so the element type never changes under a mounted part.
    const [Direct] = useState(() => loaded);
    return Direct ? createElement(Direct, props) : createElement(Lazy, props);
  }
  const preload = async () => {
    if (!loaded) await load().then(keep, () => undefined);
  };
  const part = Object.assign(Part, { preload });
  registry.add(part as LazyPart<never>);
  return part;
}

/** Preloads every part defined by the modules loaded so far; resolves once all have settled. */
export async function preloadParts(): Promise<void> {
  await Promise.all([...registry].map((part) => part.preload()));
}
