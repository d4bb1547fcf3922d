import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';
import { endSyncSpan } from '@/data/sync/timing';
import { useSyncStatus } from '../api';

/** Records the refresh as sync's work until the frame after the screens drew its answer. */
async function measuredRefresh(revalidate: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await revalidate();
  requestAnimationFrame(() => setTimeout(() => endSyncSpan('refresh', start), 0));
}

/**
 * Re-reads the screen's data (the route loaders run again) whenever sync changed the device
 * store: a pull brought other collectors' bids, counts and items, or a push settled (a refused
 * write rolled back). Without it a screen showed what the device held when it opened, and the
 * server's word appeared only after a reload. Renders nothing.
 */
export function SyncRefresh() {
  const { version } = useSyncStatus();
  const { revalidate } = useRevalidator();
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    void measuredRefresh(revalidate);
  }, [version, revalidate]);
  return null;
}
