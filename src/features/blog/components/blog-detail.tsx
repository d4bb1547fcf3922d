import { Link } from 'react-router-dom';
import { BLOG_READ_TIME } from '@/components/blocks/blog-card';
import { LatestBlog } from '@/components/blocks/latest-blog';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { SHOWCASE_VIDEO } from '@/config/embeds';
import { paths } from '@/config/paths';
import { BLOG_IMAGE_SIZE, CREATOR_AVATAR_SIZE } from '@shared/sample/image-paths';
import { formatDate, toIsoDate } from '@/lib/time';
import type { BlogPostView } from '../api';
import { VideoCover } from './video-cover';
import styles from './blog-detail.module.css';

/**
 * Blog detail (docs/product.md "Blog"): title, date, author, cover image with a play button opening
 * the video modal, the article text, and the latest-blog block of 3.
 */
export function BlogDetail({ view }: { view: BlogPostView }) {
  const { post, author, body } = view;
  const authorName = author?.name ?? post.subtext;
  return (
    <>
      <article className={`container ${styles.page}`} aria-labelledby="blog-detail-title">
        <Breadcrumb
          items={[
            { label: 'Home', to: paths.home },
            { label: 'Blog', to: paths.blogs },
            { label: post.title },
          ]}
        />
        <header className={styles.head}>
          <p className={styles.category}>{post.category}</p>
          <h1 id="blog-detail-title" className={styles.title}>
            {post.title}
          </h1>
          <div className={styles.meta}>
            {author && (
              <img
                className={styles.avatar}
                src={author.avatar}
                alt=""
                width={CREATOR_AVATAR_SIZE.width}
                height={CREATOR_AVATAR_SIZE.height}
                decoding="async"
              />
            )}
            <p className={styles.byline}>
              <span>
                By{' '}
                <Link to={paths.creatorProfile(post.authorId)} className={styles.author}>
                  {authorName}
                </Link>
              </span>
              <span className={styles.facts}>
                <time dir="auto" dateTime={toIsoDate(post.date)}>
                  {formatDate(post.date)}
                </time>
                <span aria-hidden="true">·</span>
                <bdi>{BLOG_READ_TIME}</bdi>
              </span>
            </p>
          </div>
        </header>
        <VideoCover
          className={styles.cover}
          image={{ src: post.image, ...BLOG_IMAGE_SIZE, alt: `Cover of “${post.title}”` }}
          video={SHOWCASE_VIDEO}
          eager
        />
        <div className={styles.body}>
          <p className={styles.excerpt}>{post.excerpt}</p>
          {body.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <p className={styles.back}>
            <Link to={paths.blogs}>Back to all posts</Link>
          </p>
        </div>
      </article>
      <div className="container">
        <LatestBlog posts={view.latest} title="More from the blog" />
      </div>
    </>
  );
}
