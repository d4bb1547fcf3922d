import { useId, useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icon';
import { guideGroups } from '../guides';
import { filterGuides, queryTerms } from '../search';
import { GetInTouch } from './get-in-touch';
import { helpCrumbs } from './help-crumbs';
import search from './help-search.module.css';
import styles from './help.module.css';

/**
 * Guides (docs/product.md "Help centre"): topics under headings and a Contact us link to
 * /helpcenter-support; a filter box narrows the topics as you type.
 */
export function HelpGuides() {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const terms = queryTerms(query);
  const visible = new Set(filterGuides(terms, guideGroups).map((hit) => hit.key));
  const groups = guideGroups
    .map((group) => ({
      ...group,
      topics:
        terms.length === 0
          ? group.topics
          : group.topics.filter((topic) => visible.has(`${group.id}-${topic.id}`)),
    }))
    .filter((group) => group.topics.length > 0);
  const count = groups.reduce((sum, group) => sum + group.topics.length, 0);

  return (
    <PageLayout
      variant="content"
      crumbs={helpCrumbs('Guides')}
      title="Guides"
      lead="Short, practical guides for collectors and creators."
    >
      <div role="search" className={`${search.searchForm} ${styles.filter}`}>
        <label htmlFor={inputId} className="visually-hidden">
          Search the guides
        </label>
        <span className={search.searchIcon} aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          id={inputId}
          type="search"
          className={search.searchInput}
          placeholder="Search guides..."
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p role="status" className={styles.count}>
        {terms.length === 0
          ? `${count} guides`
          : `${count} ${count === 1 ? 'guide matches' : 'guides match'} “${query.trim()}”`}
      </p>
      {groups.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title="No guides match your search"
          description="Try other words, or send us a support request below."
        />
      ) : (
        <div className={styles.guideGroups}>
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`guides-${group.id}`}>
              <h2 id={`guides-${group.id}`} className={styles.sectionTitle}>
                {group.heading}
              </h2>
              <ul className={`tile-list ${styles.guideList}`}>
                {group.topics.map((topic) => (
                  <li key={topic.id} id={topic.id} className={`surface-panel ${styles.guide}`}>
                    <h3 className={styles.guideTitle}>{topic.title}</h3>
                    <p className={styles.muted}>{topic.summary}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <GetInTouch />
    </PageLayout>
  );
}
