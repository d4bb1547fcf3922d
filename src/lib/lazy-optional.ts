// Loading a lazily loaded part of the shell that the page can live without (the PWA status
// notices; lazyPart's `optional`): if its chunk cannot be fetched (offline before the service
// worker has it, a deploy removed it), it never throws into the route's error boundary. It stays
// suspended, rendering its Suspense fallback, and tries again when the browser is back online
// (PRODUCT.md principle 1).
import type { ComponentType } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

function whenOnline(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

export function loadWithRetry<P>(load: Loader<P>, waitForRetry = whenOnline) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () => waitForRetry().then(attempt),
    );
  return attempt();
}
