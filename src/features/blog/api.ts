// The blog's reads (docs/product.md "Blog"), through the data-access interface.
import { LATEST_BLOG_COUNT, PAGE_SIZE_BLOG } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import { blogArticleBody } from '@shared/sample/blog';
import type { BlogPost, Creator, Page } from '@shared/types';

/** The 1-based page number from a `?page=` value; anything unreadable is page 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function loadBlogPage(page: number): Promise<Page<BlogPost>> {
  return getDataAccess().listBlogPosts(page, PAGE_SIZE_BLOG);
}

export interface BlogPostView {
  post: BlogPost;
  author: Creator | null;
  /** The article paragraphs (static text, spec: "static article text"). */
  body: string[];
  /** The newest other posts, for the latest-blog block under the article. */
  latest: BlogPost[];
}

/** A post id from the URL: a positive whole number, or null when the text is not one. */
export function parsePostId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The post to show: `/blog-detail` (no id) shows the first post; an unknown or unreadable id
 * gives null (the screen shows its not-found view).
 */
/** The newest posts but the one being read. */
async function latestPostsBut(excludeId: number): Promise<BlogPost[]> {
  const posts = await getDataAccess().latestBlogPosts(LATEST_BLOG_COUNT + 1);
  return posts.filter((post) => post.id !== excludeId).slice(0, LATEST_BLOG_COUNT);
}

export async function loadBlogPost(idParam: string | undefined): Promise<BlogPostView | null> {
  const data = getDataAccess();
  let post: BlogPost | null;
  if (idParam === undefined) {
    const first = await data.listBlogPosts(1, 1);
    post = first.items[0] ?? null;
  } else {
    const id = parsePostId(idParam);
    post = id === null ? null : await data.getBlogPost(id);
  }
  if (!post) return null;
  const [author, latest] = await Promise.all([
    data.getCreator(post.authorId),
    latestPostsBut(post.id),
  ]);
  return { post, author, body: blogArticleBody, latest };
}
