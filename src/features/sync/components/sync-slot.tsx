import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWithRetry } from '@/lib/lazy-part';
import styles from './sync-slot.module.css';

// The status and the panel are a chunk of their own, fetched once the page is live and the
// browser is idle: the first visit's code does not grow (the engine starts earlier, from the
// boot: docs/sync.md "At boot"). Until then (and in the
// prerendered copy) the slot is empty but laid out, so hydration sees the same markup and the
// status arriving moves nothing.
const SyncStatus = lazy(() =>
  loadWithRetry(() => import('./sync-status').then((m) => m.SyncStatus)),
);
const LiveAnnouncer = lazy(() =>
  loadWithRetry(() => import('./sync-status').then((m) => m.LiveAnnouncer)),
);

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 1000);
  return () => window.clearTimeout(timer);
}

/** The header's place for the sync status; it also announces what the live stream brought. */
export function SyncSlot() {
  const [live, setLive] = useState(false);
  useEffect(() => whenIdle(() => setLive(true)), []);
  return (
    <span className={styles.slot}>
      {live && (
        <Suspense fallback={null}>
          <SyncStatus />
          <LiveAnnouncer />
        </Suspense>
      )}
    </span>
  );
}
