import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icon';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { FaqSection } from '@/data/types';
import { guideGroups } from '../guides';
import { searchHelp } from '../search';
import styles from './help-search.module.css';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The help-centre search box (spec: placeholder "Search your questions or topic..." with a
 * Search button). It filters the FAQ questions and the guides as you type; Search moves to the
 * results; no match shows an empty state with a way to ask us directly.
 */
export function HelpSearch({ faqSections }: { faqSections: FaqSection[] }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = query.trim();
  const results = searchHelp(trimmed, faqSections, guideGroups);
  const total = results.questions.length + results.guides.length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // With words typed, Search moves to the results; with none, back to the box to type them.
    if (resultsRef.current) resultsRef.current.focus();
    else inputRef.current?.focus();
  };

  return (
    <div className={styles.search}>
      <form role="search" className={styles.searchForm} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search the help centre
        </label>
        <span className={styles.searchIcon} aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className={styles.searchInput}
          placeholder="Search your questions or topic..."
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      <p role="status" className="visually-hidden">
        {trimmed
          ? total === 0
            ? `No questions or guides match “${trimmed}”.`
            : `${plural(total, 'result', 'results')} for “${trimmed}”.`
          : ''}
      </p>
      {trimmed && (
        <section className={styles.results} aria-labelledby={`${inputId}-results`}>
          <h2
            id={`${inputId}-results`}
            ref={resultsRef}
            tabIndex={-1}
            className={styles.resultsTitle}
          >
            Results for “{trimmed}”
          </h2>
          {total === 0 ? (
            <EmptyState
              level={3}
              icon={<SearchIcon />}
              title="No questions or guides match your search"
              description="Try other words, browse the FAQs, or ask us directly."
              action={
                <LinkButton to={paths.helpSupport} variant="primary">
                  Send a support request
                </LinkButton>
              }
            />
          ) : (
            <div className={styles.resultColumns}>
              {results.questions.length > 0 && (
                <div>
                  <h3 className={styles.resultHeading}>Questions ({results.questions.length})</h3>
                  <ul className={styles.resultList}>
                    {results.questions.map((hit) => (
                      <li key={hit.key}>
                        <Link to={hit.href} className={styles.resultLink}>
                          {hit.title}
                        </Link>
                        <span className={styles.resultMeta}>{hit.sectionTitle}</span>
                        <p className={styles.resultText}>{hit.content}</p>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {results.guides.length > 0 && (
                <div>
                  <h3 className={styles.resultHeading}>Guides ({results.guides.length})</h3>
                  <ul className={styles.resultList}>
                    {results.guides.map((hit) => (
                      <li key={hit.key}>
                        <Link to={hit.href} className={styles.resultLink}>
                          {hit.title}
                        </Link>
                        <span className={styles.resultMeta}>{hit.heading}</span>
                        <p className={styles.resultText}>{hit.summary}</p>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
