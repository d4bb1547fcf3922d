// The latest-blog block (spec section 2 "Blog list and detail"; section 9: latest blog 3):
// a section heading and the three newest posts, used on home pages, About Us and blog detail.
//
//   <LatestBlog />                                  loads the 3 newest posts itself
//   <LatestBlog posts={fromLoader} />               shows posts a route loader already read
//   <LatestBlog excludeId={post.id} title="..." />  skips the post being read
import { useEffect, useId, useState } from 'react';
import { LinkButton } from '@/components/ui/button';
import { SectionHeading } from '@/components/ui/section-heading';
import { LATEST_BLOG_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';
import { getDataAccess } from '@/data/data-access';
import type { BlogPost } from '@/data/types';
import { BlogCard } from './blog-card';
import styles from './latest-blog.module.css';

export interface LatestBlogProps {
  /** Posts to show (at most 3 are shown); when absent the block loads the newest itself. */
  posts?: BlogPost[];
  /** A post to leave out (the one on screen). */
  excludeId?: number;
  title?: string;
  subtitle?: string;
  /** Heading level of the section title; the card titles are one level below (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/** The newest posts, leaving out `excludeId`. */
export async function loadLatestPosts(excludeId?: number): Promise<BlogPost[]> {
  const extra = excludeId === undefined ? 0 : 1;
  const posts = await getDataAccess().latestBlogPosts(LATEST_BLOG_COUNT + extra);
  return posts.filter((post) => post.id !== excludeId).slice(0, LATEST_BLOG_COUNT);
}

function useLatestPosts(given: BlogPost[] | undefined, excludeId: number | undefined) {
  const [loaded, setLoaded] = useState<{ key: string; posts: BlogPost[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const key = String(excludeId ?? '');
  useEffect(() => {
    if (given) return;
    let cancelled = false;
    loadLatestPosts(excludeId).then(
      (posts) => {
        if (!cancelled) setLoaded({ key, posts });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [given, excludeId, key]);
  if (given) return { posts: given.slice(0, LATEST_BLOG_COUNT), failed: false };
  return { posts: loaded?.key === key ? loaded.posts : null, failed };
}

export function LatestBlog({
  posts: given,
  excludeId,
  title = 'Latest from the blog',
  subtitle = 'Stories, guides and studio notes from the Artmint community.',
  headingLevel = 2,
  className,
}: LatestBlogProps) {
  const { posts, failed } = useLatestPosts(given, excludeId);
  const headingId = useId();
  const cardLevel = headingLevel === 2 ? 3 : 4;
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
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
      {failed ? (
        <p className={styles.error} role="status">
          The latest posts could not be loaded. Open the blog to read them.
        </p>
      ) : (
        <ul className={styles.grid} aria-busy={posts === null || undefined}>
          {posts
            ? posts.map((post) => (
                <li key={post.id}>
                  <BlogCard post={post} headingLevel={cardLevel} />
                </li>
              ))
            : Array.from({ length: LATEST_BLOG_COUNT }, (_, i) => (
                <li key={i} className={styles.placeholder} aria-hidden="true" />
              ))}
        </ul>
      )}
    </section>
  );
}
