// The creators list (docs/product.md "Creators and profiles"; "Fixed values": "creators grid max
// 9"): every creator, 9 per page with real pagination (`?page=`), 1 column small, 2 medium, 3
// large. Over the first page, the creator grid block in its six-card variant shows the most
// followed. Both are the server's lists when it answers; offline, the creators this device holds,
// with a line that says so (docs/database.md "Lists and search").
import { CardGrid } from '@/components/ui/card-grid';
import { CreatorGrid } from '@/components/blocks/creator-grid';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { HeldLine } from '@/components/ui/held-line';
import { Pagination } from '@/components/ui/pagination';
import { creatorsPage, paths } from '@/config/paths';
import type { Creator, Page } from '@shared/types';
import { CreatorListCard } from './creator-list-card';
import styles from './creators-page.module.css';

export function CreatorsPage({
  page,
  mostFollowed,
}: {
  page: Page<Creator>;
  mostFollowed: Creator[];
}) {
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, first + page.items.length - 1);
  return (
    <div className="container screen-stack">
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Creators' }]} />
      <header className={`title-stack ${styles.head}`}>
        <h1 className={styles.title}>Creators</h1>
        <p className={styles.lead}>
          Artists, musicians and game makers minting on Artmint. Open their work, visit a profile
          and follow the ones you love.
        </p>
      </header>
      {mostFollowed.length > 0 && (
        <CreatorGrid
          creators={mostFollowed}
          title="Most followed"
          subtitle="The six creators with the most followers."
          className={styles.featured}
        />
      )}
      <section aria-labelledby="all-creators" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="all-creators" className={styles.sectionTitle}>
            All creators
          </h2>
          <p className={styles.count} aria-live="polite">
            Showing {first}–{last} of {page.total.toLocaleString('en-US')}
            {page.capped ? '+' : ''}
            <span className="visually-hidden">
              {' '}
              creators, page {page.page} of {page.pageCount}
            </span>
          </p>
        </div>
        <HeldLine held={page.held} kind="creators" />
        <CardGrid columns={3}>
          {page.items.map((creator) => (
            <CreatorListCard key={creator.id} creator={creator} />
          ))}
        </CardGrid>
        <Pagination
          page={page.page}
          pageCount={page.pageCount}
          hrefFor={creatorsPage}
          label="Creators pages"
        />
      </section>
    </div>
  );
}
