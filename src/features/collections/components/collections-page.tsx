import { TopCollections } from '@/components/blocks/top-collections';
import { CollectionCard } from '@/components/cards/collection-card';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Collection, Page } from '@/data/types';
import { pageHref } from '@/lib/page-param';
import styles from './collections-page.module.css';

/**
 * Best Collections (spec section 2): the Top Collections carousel, then every collection in a
 * grid of 8 cards a page ("25 Items" from the data), with real pagination.
 */
export interface CollectionsPageProps {
  result: Page<Collection>;
  /** The Top Collections carousel's slides. */
  top: Collection[];
}

export function CollectionsPage({ result, top }: CollectionsPageProps) {
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <Breadcrumb
          items={[
            { label: 'Home', to: paths.home },
            { label: 'Explore', to: paths.exploreOne },
            { label: 'Best Collections' },
          ]}
        />
        <h1 className={styles.title}>Best Collections</h1>
        <p className={styles.lead}>
          Series and drops gathered by their creators, from generative studies to sticker packs.
        </p>
      </header>
      {top.length > 0 && <TopCollections collections={top} className={styles.top} />}
      <section aria-labelledby="all-collections" className={styles.list}>
        <div className={styles.bar}>
          <h2 id="all-collections" className={styles.sectionTitle}>
            All collections
          </h2>
          <p className={styles.count}>
            {result.total} {result.total === 1 ? 'collection' : 'collections'}
            {result.pageCount > 1 && ` · page ${result.page} of ${result.pageCount}`}
          </p>
        </div>
        {result.items.length === 0 ? (
          <EmptyState level={3} title="No collections yet" />
        ) : (
          <ul role="list" className={styles.grid}>
            {result.items.map((collection, index) => (
              <CollectionCard
                key={collection.id}
                collection={collection}
                as="li"
                priority={index === 0}
              />
            ))}
          </ul>
        )}
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(page) => pageHref(paths.collections, page)}
          label="Collection pages"
        />
      </section>
    </div>
  );
}
