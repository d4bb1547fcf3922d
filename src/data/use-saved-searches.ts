// The account's watched searches as the device holds them (docs/product.md "Saved searches"),
// for explore's "Watch this search" and the notifications page's list: read again when this tab
// changes one and when a sync changed the device store (a push refused, another device's save
// landed); and the change itself, which lands on the device at once and is queued for the server.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SavedSearchRecord } from './records';
import { useTransitionStore } from '@/lib/use-transition-store';
import { getSyncVersion, subscribeSyncStatus } from './core/status';
import { getDataAccess } from './data-access';
import type { WatchedSearch } from '@shared/watch';

export type { SavedSearchRecord };

let changes = 0;
const listeners = new Set<() => void>();
const subscribeChanges = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const changesVersion = () => changes;

/** Watches the search (`on`) or stops watching it; throws the device's ValidationError (nothing
 * to watch, or past SAVED_SEARCHES_MAX). Every list of this tab reads again. */
export async function setSearchWatched(search: WatchedSearch, on: boolean): Promise<void> {
  await getDataAccess().setSearchWatched(search, on);
  changes += 1;
  for (const listener of listeners) listener();
}

/** The watched searches, newest first; null while read (or when `enabled` is false). */
export function useSavedSearches(enabled = true): SavedSearchRecord[] | null {
  // A sync's change renders as a transition (lib/use-transition-store.ts); this tab's at once.
  const synced = useTransitionStore(subscribeSyncStatus, getSyncVersion);
  const local = useSyncExternalStore(subscribeChanges, changesVersion, changesVersion);
  const [searches, setSearches] = useState<SavedSearchRecord[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getDataAccess()
      .listSavedSearches()
      .then(
        (found) => live && setSearches(found),
        () => live && setSearches([]),
      );
    return () => {
      live = false;
    };
  }, [enabled, synced, local]);
  return enabled ? searches : null;
}
