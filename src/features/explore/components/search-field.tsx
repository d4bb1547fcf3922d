import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SearchIcon } from '@/components/ui/icon';
import field from '@/components/ui/field.module.css';
import { normaliseQuery } from '../filters';
import styles from './filter-controls.module.css';

/** How long typing pauses before the results follow. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface SearchFieldProps {
  /** The query the URL holds. */
  value: string;
  /** Applies a query; `replace` is true for updates after the first of one typing session. */
  onSearch: (q: string, replace: boolean) => void;
  /** Show the label above the box (the side form) or keep it for screen readers (the bar). */
  showLabel?: boolean;
}

/**
 * The explore text search ("Search Company", docs/product.md "Explore items"). Results follow the
 * typing after a short pause, and Enter applies at once. One typing session adds one history entry,
 * so the back button undoes a search rather than each letter of it.
 */
export function SearchField({ value, onSearch, showLabel = false }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  const pushed = useRef(false);

  // The URL's query changed. The answer to our own search keeps the text (letters typed since
  // are not lost); a change from elsewhere (back button, Clear filters) shows the URL's query.
  if (value !== seen) {
    setSeen(value);
    if (value === sent) setSent(null);
    else setText(value);
  }

  const send = (q: string) => {
    setSent(q);
    onSearch(q, pushed.current);
    pushed.current = true;
  };

  useEffect(() => {
    const q = normaliseQuery(text);
    if (q === value) return;
    const timer = window.setTimeout(() => send(q), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `send` only reads refs and the latest onSearch; re-arming on each render is the point.
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = normaliseQuery(text);
    if (q !== value) send(q);
    pushed.current = false;
  };

  return (
    <form
      role="search"
      className={`${field.field} ${styles.search}`}
      onSubmit={onSubmit}
      aria-label="Search items"
    >
      <label htmlFor={id} className={showLabel ? field.label : 'visually-hidden'}>
        Search items
      </label>
      <div className={styles.searchBox}>
        <SearchIcon className={styles.searchIcon} />
        <input
          id={id}
          type="search"
          name="q"
          placeholder="Search Company"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            pushed.current = false;
          }}
          className={styles.input}
        />
      </div>
    </form>
  );
}
