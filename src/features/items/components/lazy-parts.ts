// Parts of the item detail that are not needed for its first paint: the two modals (opened by
// a click) and the related items (below the fold). Each is its own chunk, fetched once the
// screen is idle (so a click opens at once, and offline too), or on first use.
import { lazy } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const loadBidModal = () => import('./bid-modal');
const loadCheckoutModal = () => import('./checkout-modal');
const loadRelated = () => import('./related-items');
const loadOffers = () => import('./item-offers');

export const LazyBidModal = lazy(() => loadBidModal().then((m) => ({ default: m.BidModal })));
export const LazyCheckoutModal = lazy(() =>
  loadCheckoutModal().then((m) => ({ default: m.CheckoutModal })),
);
/** Only an item's owner sees its offers. */
export const LazyItemOffers = lazy(() => loadOffers().then((m) => ({ default: m.ItemOffers })));
export const LazyRelatedItems = lazyPart(() => loadRelated().then((m) => m.RelatedItems));

/** Fetches the modals' code when the browser is idle; returns a cancel function. */
export function preloadModalsWhenIdle(): () => void {
  const load = () => {
    // A failed fetch (offline before the app was installed) is retried on first use.
    loadBidModal().catch(() => undefined);
    loadCheckoutModal().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(load, 200);
  return () => window.clearTimeout(timer);
}
