// "Watch this search" (docs/product.md "Saved searches"): on explore, a signed-in collector
// saves the current words and filters, and a new item that matches them tells them in their
// notifications. It reads "Watching" with "Stop watching" when these words and filters are
// watched; signed out it asks to sign in. Watching is the device's at once, online or not, and
// reaches the server through the outbox; a refusal (past the cap, words too common) undoes it
// and the sync panel says why.
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, LinkButton } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast';
import { loginReturningTo } from '@/config/paths';
import { useSessionStore } from '@/data/session-store';
import { setSearchWatched, useSavedSearches } from '@/data/use-saved-searches';
import { useOnline } from '@/lib/use-online';
import { watchKey, type WatchedSearch } from '@shared/watch';
import { chipCategory, normaliseQuery, type ExploreFilters } from '../filters';
import styles from './watch-search.module.css';

/** What the button says offline: watching works, the server hears of it later. */
export const OFFLINE_WORDS =
  'You are offline: a search you watch is kept on this device and sent when you are online.';

/** Explore's words and filters as a saved search has them. */
export function searchOf(filters: ExploreFilters): WatchedSearch {
  return {
    q: normaliseQuery(filters.q),
    category: filters.type ? chipCategory(filters.type) : null,
    market: filters.category,
    sale: filters.sale,
  };
}

const subscribeNothing = () => () => undefined;

const errorWords = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Please try again.';

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
  const saved = useSavedSearches(signedIn);
  const [busy, setBusy] = useState(false);

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
  const key = watchKey(search);
  const watched = saved?.some((one) => one.key === key) ?? false;
  const act = async () => {
    setBusy(true);
    try {
      await setSearchWatched(search, !watched);
      if (!watched) {
        showToast({
          tone: 'success',
          title: 'Watching this search',
          description: 'A new item that matches it shows in your notifications.',
        });
      }
    } catch (error) {
      const title = watched ? 'Still watching' : 'Not watched';
      showToast({ tone: 'error', title, description: errorWords(error) });
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
      <Button variant="secondary" disabled={busy || saved === null} onClick={() => void act()}>
        {watched ? 'Stop watching' : 'Watch this search'}
      </Button>
      {!online && <p className={styles.note}>{OFFLINE_WORDS}</p>}
    </div>
  );
}
