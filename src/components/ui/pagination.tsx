import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { ChevronEndIcon, ChevronStartIcon } from './content-icons';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  /** The URL of a page (keeps the other query parameters), from config/paths. */
  hrefFor: (page: number) => string;
  label?: string;
}

export type PageSlot = number | 'gap-start' | 'gap-end';

/**
 * The page numbers to show: all pages when they fit in `2 * siblings + 5` slots, otherwise the
 * first and last pages, the current page with `siblings` neighbours each side, and a gap where
 * pages are left out (7 slots with one sibling, 5 on a phone with none).
 */
export function pageSlots(page: number, pageCount: number, siblings = 1): PageSlot[] {
  const count = Math.max(0, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), Math.max(1, count));
  const total = 2 * siblings + 5;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (count <= total) return range(1, count);
  if (current <= siblings + 3) return [...range(1, total - 2), 'gap-end', count];
  if (current >= count - siblings - 2) return [1, 'gap-start', ...range(count - total + 3, count)];
  return [1, 'gap-start', ...range(current - siblings, current + siblings), 'gap-end', count];
}

const NARROW_QUERY = '(max-width: 479px)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/**
 * Real pagination as links: previous, numbered pages (with gaps when many), next. The current
 * page has aria-current="page"; previous/next are disabled (not links) at the ends. Renders
 * nothing for a single page.
 */
export function Pagination({ page, pageCount, hrefFor, label = 'Pagination' }: PaginationProps) {
  // Phones get fewer numbers so the row fits on one line with 44 px targets.
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  const hasPrev = current > 1;
  const hasNext = current < pageCount;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {hasPrev ? (
            <Link to={hrefFor(current - 1)} className={styles.step} aria-label="Previous page">
              <ChevronStartIcon />
            </Link>
          ) : (
            <span
              role="link"
              aria-disabled="true"
              aria-label="Previous page"
              className={styles.step}
            >
              <ChevronStartIcon />
            </span>
          )}
        </li>
        {pageSlots(current, pageCount, narrow ? 0 : 1).map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <Link
                to={hrefFor(slot)}
                className={styles.page}
                aria-label={`Page ${slot}`}
                aria-current={slot === current ? 'page' : undefined}
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefFor(current + 1)} className={styles.step} aria-label="Next page">
              <ChevronEndIcon />
            </Link>
          ) : (
            <span role="link" aria-disabled="true" aria-label="Next page" className={styles.step}>
              <ChevronEndIcon />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
