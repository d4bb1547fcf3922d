import { CardGrid, CardGridCell } from '@/components/ui/card-grid';
import { BlogCard } from '@/components/blocks/blog-card';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination } from '@/components/ui/pagination';
import { blogsPage, paths } from '@/config/paths';
import type { BlogPost, Page } from '@shared/types';
import styles from './blog.module.css';

/** Cards in the first row load at once; the rest lazily below the fold. */
const EAGER_CARDS = 3;

/**
 * Blog list (docs/product.md "Blog"): a grid of post cards with category, date, "5 min read", a
 * link to the post, the author's profile and "Read More"; real pagination with the page in the URL.
 */
export function BlogList({ page }: { page: Page<BlogPost> }) {
  return (
    <PageLayout
      variant="content"
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Blog' }]}
      eyebrow="Artmint journal"
      title="Blog"
      lead={
        <>
          Stories from creators and collectors: techniques, market basics and the culture around
          digital art.
          {page.pageCount > 1 && (
            <span className={styles.pageNote}>
              {' '}
              Page {page.page} of {page.pageCount}.
            </span>
          )}
        </>
      }
    >
      <CardGrid columns={3} label="Blog posts">
        {page.items.map((post, index) => (
          <CardGridCell key={post.id}>
            <BlogCard
              post={post}
              headingLevel={2}
              eager={index < EAGER_CARDS}
              priority={index === 0}
            />
          </CardGridCell>
        ))}
      </CardGrid>
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={blogsPage}
        label="Blog pages"
      />
    </PageLayout>
  );
}
