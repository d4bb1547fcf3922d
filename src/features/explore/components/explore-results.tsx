import { Button } from '@/components/ui/button';
import { CardGrid } from '@/components/ui/card-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icon';
import { HeldLine } from '@/components/ui/held-line';
import { Pagination } from '@/components/ui/pagination';
import { ItemCard } from '@/components/cards/item-card';
import type { Item, Page } from '@shared/types';
import styles from './explore-results.module.css';

export interface ExploreResultsProps {
  result: Page<Item>;
  /** 4: 4 wide, 3 medium, 2 small, 1 phone; 3: at most 3 (beside the side form). */
  columns: 3 | 4;
  /** True when any filter narrows the results (the empty state then offers to clear them). */
  filtered: boolean;
  hrefFor: (page: number) => string;
  onClear: () => void;
}

/** "Showing 9-12 of 12 items" ("of 10,000+ items" past the server's count), or "No items"
 * (announced politely when it changes). */
export function resultSummary(result: Page<Item>): string {
  if (result.total === 0) return 'No items';
  const noun = result.total === 1 && !result.capped ? 'item' : 'items';
  const total = `${result.total.toLocaleString('en-US')}${result.capped ? '+' : ''}`;
  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.items.length - 1;
  if (result.pageCount === 1) return `Showing ${total} ${noun}`;
  return `Showing ${first}-${last} of ${total} ${noun}`;
}

/** The explore grid with its count, real pagination and an empty state with "Clear filters". */
export function ExploreResults({
  result,
  columns,
  filtered,
  hrefFor,
  onClear,
}: ExploreResultsProps) {
  return (
    <section aria-labelledby="explore-results" className={styles.results}>
      <div className={styles.bar}>
        <h2 id="explore-results" className="visually-hidden">
          Results
        </h2>
        <p role="status" className={styles.summary}>
          {resultSummary(result)}
        </p>
        {filtered && result.total > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      <HeldLine held={result.held} />
      {result.items.length === 0 ? (
        <EmptyState
          level={3}
          icon={<SearchIcon />}
          title="No items match these filters"
          description={
            filtered
              ? 'Try another word or category, or clear the filters to see every item.'
              : 'There are no items to show yet.'
          }
          action={
            filtered ? (
              <Button variant="primary" onClick={onClear}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <CardGrid columns={columns} beside={columns === 3}>
          {result.items.map((item, index) => (
            <ItemCard key={item.id} item={item} as="li" priority={index === 0} />
          ))}
        </CardGrid>
      )}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={hrefFor}
        label="Explore pages"
      />
    </section>
  );
}
