// A blog post card (docs/product.md "Blog"): cover, category, date, the fixed
// "5 min read", title linking to the post, author linking to the creator profile, "Read More".
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { BlogPost } from '@shared/types';
import { BLOG_IMAGE_SIZE } from '@shared/sample/image-paths';
import { formatDate, toIsoDate } from '@/lib/time';
import styles from './blog-card.module.css';

/** The template's fixed read time for every post (docs/product.md "Records and fields"). */
export const BLOG_READ_TIME = '5 min read';

export interface BlogCardProps {
  post: BlogPost;
  /** Heading level of the title, to fit the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Load the cover eagerly (for cards above the fold). */
  eager?: boolean;
  /** Fetch the cover first (the page's largest image, usually the first card). */
  priority?: boolean;
}

export function BlogCard({
  post,
  headingLevel = 3,
  eager = false,
  priority = false,
}: BlogCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = paths.blogDetail(post.id);
  const titleId = `blog-card-${post.id}-title`;
  return (
    <Card as="article" interactive padding="none" className={styles.card} aria-labelledby={titleId}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <img
          className="fill-cover"
          src={post.image}
          alt=""
          width={BLOG_IMAGE_SIZE.width}
          height={BLOG_IMAGE_SIZE.height}
          loading={eager || priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
        />
      </Link>
      <div className={styles.body}>
        {/* English meta in an RTL layout: each item keeps its own direction ("5 min read"). */}
        <p className={styles.meta}>
          <span className={styles.category}>{post.category}</span>
          <time dir="auto" dateTime={toIsoDate(post.date)}>
            {formatDate(post.date)}
          </time>
          <span aria-hidden="true">·</span>
          <bdi>{BLOG_READ_TIME}</bdi>
        </p>
        <Heading id={titleId} className={styles.title}>
          <Link to={href} className={styles.titleLink}>
            {post.title}
          </Link>
        </Heading>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <div className={styles.footer}>
          <span className={styles.author}>
            By{' '}
            <Link to={paths.creatorProfile(post.authorId)} className={styles.authorLink}>
              {post.subtext}
            </Link>
          </span>
          {/* Visible "Read More" (spec); the label and the hidden title make it descriptive. */}
          <Link to={href} className={styles.more} aria-label={`Read More: ${post.title}`}>
            Read More<span className="visually-hidden">: {post.title}</span>
          </Link>
        </div>
      </div>
    </Card>
  );
}
