// The searches the collector watches (docs/product.md "Saved searches"), on the notifications
// page where what they find arrives: each in words ("neon", Music, Auctions) with a button that
// stops watching it. They are the server's: offline the list says it needs a connection.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { categoryOptions, itemOptions } from '@/data/sample/select-options';
import { fetchSavedSearches, removeSavedSearch, type SavedSearch } from '@/data/remote/watch-api';
import styles from './watched-searches.module.css';

/** A saved search in words: its words in quotes, then its filters' names. */
export function searchWords(search: SavedSearch): string {
  const market = categoryOptions.find((option) => option.value === search.market)?.label;
  const sale = itemOptions.find((option) => option.value === search.sale)?.label;
  const parts = [search.q ? `“${search.q}”` : null, search.category, market, sale];
  return parts.filter(Boolean).join(', ');
}

/** The searches, or why they are not shown. */
type Listed = SavedSearch[] | { unshown: string } | null;

export function WatchedSearches() {
  const [listed, setListed] = useState<Listed>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void fetchSavedSearches().then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setListed(result.value);
      else if (result.kind === 'failed' || result.kind === 'refused') {
        setListed({ unshown: result.error });
      } else setListed({ unshown: 'Your watched searches show when you are online.' });
    });
    return () => {
      live = false;
    };
  }, []);
  const stop = async (search: SavedSearch) => {
    const result = await removeSavedSearch(search.id);
    if (result.kind === 'ok') {
      setError('');
      setListed((all) => (Array.isArray(all) ? all.filter((one) => one.id !== search.id) : all));
    } else {
      setError('Could not stop watching it: try again when you are online.');
    }
  };
  return (
    <section className={styles.watched} aria-labelledby="watched-searches">
      <h2 id="watched-searches">Watched searches</h2>
      {listed && 'unshown' in listed && <p>{listed.unshown}</p>}
      {Array.isArray(listed) && listed.length === 0 && (
        <p>None yet. On Explore, type words or choose filters, then press Watch this search.</p>
      )}
      {Array.isArray(listed) && listed.length > 0 && (
        <ul role="list" className={styles.list} aria-label="Watched searches">
          {listed.map((search) => (
            <li key={search.id} className={styles.search}>
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
