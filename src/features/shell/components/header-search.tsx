import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { exploreWithQuery } from '@/config/paths';
import { SearchIcon } from '@/components/ui/icon';
import styles from './header.module.css';

/** The header's "Search..." box: Enter opens explore with the query. */
export function HeaderSearch() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q) navigate(exploreWithQuery(q));
  };
  return (
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search items, creators, collections and posts
      </label>
      <SearchIcon className={styles.searchIcon} />
      <input
        id={inputId}
        type="search"
        name="q"
        placeholder="Search..."
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={styles.searchInput}
      />
    </form>
  );
}
