import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';
import { useSyncStatus } from '../api';

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
    void revalidate();
  }, [version, revalidate]);
  return null;
}
