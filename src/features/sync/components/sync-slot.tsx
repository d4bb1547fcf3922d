import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWithRetry } from '@/lib/lazy-optional';

// The status, the panel and the engine are chunks of their own, fetched once the page is live
// and the browser is idle: the first visit's code does not grow. Until then (and in the
// prerendered copy) nothing is rendered here, so hydration sees the same markup.
const SyncStatus = lazy(() =>
  loadWithRetry(() => import('./sync-status').then((m) => m.SyncStatus)),
);
const SyncRefresh = lazy(() =>
  loadWithRetry(() => import('./sync-status').then((m) => m.SyncRefresh)),
);

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 1000);
  return () => window.clearTimeout(timer);
}

/** The header's place for the sync status; it also refreshes the screen after each sync. */
export function SyncSlot() {
  const [live, setLive] = useState(false);
  useEffect(() => whenIdle(() => setLive(true)), []);
  return live ? (
    <Suspense fallback={null}>
      <SyncStatus />
      <SyncRefresh />
    </Suspense>
  ) : null;
}
