import { TopCollections } from '@/components/blocks/top-collections';
import { CollectionCard } from '@/components/cards/collection-card';
import { ListingSection } from '@/components/layout/listing-section';
import { PageLayout } from '@/components/layout/page-layout';
import { CardGrid } from '@/components/ui/card-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { HeldLine } from '@/components/ui/held-line';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Collection, Page } from '@shared/types';
import { pageHref } from '@/lib/page-param';
import styles from './collections-page.module.css';

/**
 * Best Collections (docs/product.md "Best Collections"): the Top Collections carousel, then every
 * collection in a grid of 8 cards a page ("25 Items" from the data), with real pagination.
 */
export interface CollectionsPageProps {
  result: Page<Collection>;
  /** The Top Collections carousel's slides. */
  top: Collection[];
}

export function CollectionsPage({ result, top }: CollectionsPageProps) {
  return (
    <PageLayout
      crumbs={[
        { label: 'Home', to: paths.home },
        { label: 'Explore', to: paths.exploreOne },
        { label: 'Best Collections' },
      ]}
      title="Best Collections"
      lead="Series and drops gathered by their creators, from generative studies to sticker packs."
      className={styles.page}
    >
      {top.length > 0 && <TopCollections collections={top} className={styles.top} />}
      <ListingSection
        id="all-collections"
        title="All collections"
        titleSize="h2"
        note={
          <>
            {result.total} {result.total === 1 ? 'collection' : 'collections'}
            {result.pageCount > 1 && ` · page ${result.page} of ${result.pageCount}`}
          </>
        }
      >
        <HeldLine held={result.held} kind="collections" />
        {result.items.length === 0 ? (
          <EmptyState level={3} title="No collections yet" />
        ) : (
          <CardGrid>
            {result.items.map((collection, index) => (
              <CollectionCard
                key={collection.id}
                collection={collection}
                as="li"
                priority={index === 0}
              />
            ))}
          </CardGrid>
        )}
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(page) => pageHref(paths.collections, page)}
          label="Collection pages"
        />
      </ListingSection>
    </PageLayout>
  );
}
