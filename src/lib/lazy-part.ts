// A part of a screen in a chunk of its own (the footer, the toolbar, the home sections...) that
// can also render at once: once its code is loaded, every new mount renders it directly rather
// than through React.lazy, so it never suspends. The app preloads the parts before it hydrates a
// prerendered page (src/app/main.tsx), and hydration then adopts the whole page in one pass:
// no part is left as server markup without its event handlers after the page is made live.
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { loadWithRetry } from './lazy-optional';

type Loader<P> = () => Promise<ComponentType<P>>;

export interface LazyPart<P> {
  (props: P): ReactElement;
  /** Fetches the part's code; resolves either way (a failure is retried on render). */
  preload(): Promise<void>;
}

const registry = new Set<LazyPart<never>>();

export interface LazyPartOptions {
  /**
   * The page can live without it: if its chunk cannot be fetched, it stays suspended (its
   * Suspense fallback) and tries again once the browser is back online, never throwing.
   */
  optional?: boolean;
}

export function lazyPart<P extends object>(
  load: Loader<P>,
  { optional = false }: LazyPartOptions = {},
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
  const part = Object.assign(Part, {
    preload: () =>
      loaded
        ? Promise.resolve()
        : load().then(
            (component) => {
              keep(component);
            },
            () => undefined,
          ),
  });
  registry.add(part as LazyPart<never>);
  return part;
}

/** Preloads every part defined by the modules loaded so far; resolves once all have settled. */
export async function preloadParts(): Promise<void> {
  await Promise.all([...registry].map((part) => part.preload()));
}
