// The searches the collector watches (docs/product.md "Saved searches"), on the notifications
// page where what they find arrives: each in words ("neon", Music, Auctions) with a button that
// stops watching it. They are the device's (the account's, brought by the account channel), so
// the list shows, and a search is stopped, offline too; the server hears of it through the
// outbox.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { searchWords } from '@/data/saved-search-words';
import { setSearchWatched, useSavedSearches } from '@/data/use-saved-searches';
import type { WatchedSearch } from '@shared/watch';
import styles from './watched-searches.module.css';

export function WatchedSearches() {
  const listed = useSavedSearches();
  const [error, setError] = useState('');
  const stop = async (search: WatchedSearch) => {
    try {
      await setSearchWatched(search, false);
      setError('');
    } catch (failure) {
      const words = failure instanceof Error ? failure.message : '';
      setError(`Could not stop watching it: ${words || 'try again.'}`);
    }
  };
  return (
    <section className={styles.watched} aria-labelledby="watched-searches">
      <h2 id="watched-searches">Watched searches</h2>
      {listed && listed.length === 0 && (
        <p>None yet. On Explore, type words or choose filters, then press Watch this search.</p>
      )}
      {listed && listed.length > 0 && (
        <ul role="list" className={styles.list} aria-label="Watched searches">
          {listed.map((search) => (
            <li key={search.key} className={styles.search}>
              <span>{searchWords(search)}</span>
              <Button
                variant="secondary"
                aria-label={`Stop watching ${searchWords(search)}`}
                onClick={() => void stop(search)}
              >
                Stop watching
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
