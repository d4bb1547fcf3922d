// "Watch this search" (docs/product.md "Saved searches"): on explore, a signed-in collector
// saves the current words and filters, and a new item that matches them tells them in their
// notifications. It reads "Watching" with "Stop watching" when these words and filters are
// watched; signed out it asks to sign in. Saving asks the server: offline it says so.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, LinkButton } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast';
import { loginReturningTo } from '@/config/paths';
import type { ApiResult } from '@/data/contract/data-access';
import { useSessionStore } from '@/data/session-store';
import {
  fetchSavedSearches,
  removeSavedSearch,
  saveSearch,
  type SavedSearch,
} from '@/data/remote/watch-api';
import { useOnline } from '@/lib/use-online';
import { sameSearch, type SavedSearchInput } from '@shared/saved-search';
import { chipCategory, normaliseQuery, type ExploreFilters } from '../filters';
import styles from './watch-search.module.css';

/** The words shown when a request to the server found none. */
export const OFFLINE_WORDS = 'Watching a search needs a connection: try again when you are online.';

/** Explore's words and filters as a saved search has them. */
export function searchOf(filters: ExploreFilters): SavedSearchInput {
  return {
    q: normaliseQuery(filters.q),
    category: filters.type ? chipCategory(filters.type) : null,
    market: filters.category,
    sale: filters.sale,
  };
}

function failure(result: Exclude<ApiResult<unknown>, { kind: 'ok' }>): string {
  if (result.kind === 'refused' || result.kind === 'failed') return result.error;
  if (result.kind === 'signed-out') return 'Sign in again to watch a search.';
  return OFFLINE_WORDS;
}

const subscribeNothing = () => () => undefined;

export function WatchSearch({ filters }: { filters: ExploreFilters }) {
  // A prerendered page knows nobody signed in: the button shows once the page is the device's.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const signedIn = useSessionStore((s) => s.user !== null);
  const online = useOnline();
  const location = useLocation();
  const [saved, setSaved] = useState<SavedSearch[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void fetchSavedSearches().then((result) => {
      if (live && result.kind === 'ok') setSaved(result.value);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  const search = searchOf(filters);
  if (!hydrated || (!search.q && !search.category && !search.market && !search.sale)) return null;
  if (!signedIn) {
    return (
      <div className={styles.watch}>
        <LinkButton variant="secondary" to={loginReturningTo(location.pathname + location.search)}>
          Sign in to watch this search
        </LinkButton>
      </div>
    );
  }
  const watched = saved?.find((one) => sameSearch(one, search));
  const act = async () => {
    setBusy(true);
    if (watched) {
      const result = await removeSavedSearch(watched.id);
      if (result.kind === 'ok')
        setSaved((all) => all?.filter((one) => one.id !== watched.id) ?? null);
      else showToast({ tone: 'error', title: 'Still watching', description: failure(result) });
    } else {
      const result = await saveSearch(search);
      if (result.kind === 'ok') {
        setSaved((all) => [
          result.value,
          ...(all ?? []).filter((one) => one.id !== result.value.id),
        ]);
        showToast({
          tone: 'success',
          title: 'Watching this search',
          description: 'A new item that matches it shows in your notifications.',
        });
      } else {
        showToast({ tone: 'error', title: 'Not watched', description: failure(result) });
      }
    }
    setBusy(false);
  };
  return (
    <div className={styles.watch}>
      {watched && (
        <p className={styles.status} role="status">
          Watching
        </p>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => void act()}>
        {watched ? 'Stop watching' : 'Watch this search'}
      </Button>
      {!online && <p className={styles.note}>{OFFLINE_WORDS}</p>}
    </div>
  );
}
