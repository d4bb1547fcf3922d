import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { exploreWithQuery } from '@/config/paths';
import { SearchIcon } from '@/components/ui/icon';
import type { Suggestion } from '../types';
import styles from './header-search.module.css';

// The search logic, data and suggestion list load with import() on the first focus or
// keystroke; the shell keeps only this input (entry chunk budget).
const loadApi = () => import('../api');
const SearchOptions = lazy(() =>
  import('./search-options').then((m) => ({
    default: m.SearchOptions,
  })),
);

interface Result {
  query: string;
  hits: Suggestion[];
}

/**
 * The header's "Search..." box (docs/product.md "Search box"): a combobox whose suggestions (items,
 * creators, collections, posts) come as you type, from this device at once and then from the
 * server; ArrowUp/Down highlight, Enter opens the
 * highlighted hit or else explore with the query, Escape closes, a second Escape clears.
 */
export function HeaderSearch({ placement = 'bar' }: { placement?: 'bar' | 'menu' }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}list`;
  const optionId = (index: number) => `${id}opt${index}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [result, setResult] = useState<Result | null>(null);
  const seq = useRef(0);
  const shownHits = useRef<Suggestion[]>([]);
  const shown = open && result !== null;
  const hits = shown ? result.hits : [];

  const update = (value: string) => {
    setQuery(value);
    setActive(-1);
    setOpen(value.trim() !== '');
    const n = ++seq.current;
    const current = () => n === seq.current;
    const done = (found: Suggestion[]) => {
      if (!current()) return;
      // The server's answer replacing the device's moves the highlight only if the hits changed.
      const before = shownHits.current;
      const same =
        before.length === found.length &&
        found.every((hit, i) => hit.kind === before[i]?.kind && hit.id === before[i]?.id);
      if (!same) setActive(-1);
      shownHits.current = found;
      setResult({ query: value, hits: found });
    };
    loadApi()
      .then((m) => m.suggest(value, done, current))
      .catch(() => done([]));
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    close();
    setQuery('');
    setResult(null);
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(query.trim() !== '');
      const n = hits.length;
      if (!open || n === 0) return;
      const step = key === 'ArrowDown' ? 1 : n - 1;
      setActive((a) => (a < 0 ? (key === 'ArrowDown' ? 0 : n - 1) : (a + step) % n));
    } else if (key === 'Enter') {
      const hit = hits[active];
      if (!hit) return; // the form's submit opens explore with the query
      event.preventDefault();
      go(hit.href);
    } else if (key === 'Escape') {
      if (open) close();
      else if (query) update('');
      else return;
      // Handled here: neither the browser nor the mobile menu acts on this Escape.
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <form
      role="search"
      className={styles.search}
      data-placement={placement}
      onSubmit={(event) => {
        event.preventDefault();
        if (query.trim()) go(exploreWithQuery(query.trim()));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor={`${id}input`} className="visually-hidden">
        Search items, creators, collections and posts
      </label>
      <div className={styles.field}>
        <SearchIcon className={styles.searchIcon} />
        <input
          id={`${id}input`}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={hits.length > 0 ? listId : undefined}
          aria-activedescendant={hits[active] ? optionId(active) : undefined}
          placeholder="Search..."
          autoComplete="off"
          value={query}
          onChange={(e) => update(e.target.value)}
          onFocus={() => {
            void loadApi();
            if (query.trim()) setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={styles.searchInput}
        />
      </div>
      {shown && (
        <div className={styles.popup}>
          <Suspense fallback={null}>
            <SearchOptions
              listId={listId}
              optionId={optionId}
              query={result.query}
              hits={result.hits}
              active={active}
              onPick={(hit) => go(hit.href)}
              onHover={setActive}
            />
          </Suspense>
        </div>
      )}
    </form>
  );
}
