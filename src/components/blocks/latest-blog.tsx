// The latest-blog block (docs/product.md "Blog"; "Fixed values": latest blog 3):
// a section heading and the newest posts, used on home pages, About Us and blog detail. The
// posts come from the page's route loader (each feature's api.ts reads them).
import { useId } from 'react';
import { LinkButton } from '@/components/ui/button';
import { CardGrid, CardGridCell } from '@/components/ui/card-grid';
import { SectionHeading } from '@/components/ui/section-heading';
import { LATEST_BLOG_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';
import type { BlogPost } from '@shared/types';
import { BlogCard } from './blog-card';
import styles from './latest-blog.module.css';
import { classNames } from '@/lib/class-names';

export interface LatestBlogProps {
  /** The posts to show, newest first; at most 3 are shown. */
  posts: BlogPost[];
  title?: string;
  subtitle?: string;
  /** Heading level of the section title; the card titles are one level below (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

export function LatestBlog({
  posts,
  title = 'Latest from the blog',
  subtitle = 'Stories, guides and studio notes from the Artmint community.',
  headingLevel = 2,
  className,
}: LatestBlogProps) {
  const headingId = useId();
  const cardLevel = headingLevel === 2 ? 3 : 4;
  return (
    <section className={classNames(styles.section, className)} aria-labelledby={headingId}>
      <SectionHeading
        id={headingId}
        level={headingLevel}
        title={title}
        subtitle={subtitle}
        action={
          <LinkButton to={paths.blogs} variant="secondary" size="sm">
            All posts
          </LinkButton>
        }
      />
      <CardGrid columns={3}>
        {posts.slice(0, LATEST_BLOG_COUNT).map((post) => (
          <CardGridCell key={post.id}>
            <BlogCard post={post} headingLevel={cardLevel} />
          </CardGridCell>
        ))}
      </CardGrid>
    </section>
  );
}
