// Read-only content (collections, blog, static lists) and the global search.
import { LATEST_BLOG_COUNT, PAGE_SIZE_BLOG } from '@/config/constants';
import { paginate, rankSearch, type SearchCandidate } from '@shared/query';
import type { BlogPost, Collection, Item, Page, SearchHit } from '@shared/types';
import type { DeviceContext } from './context';
import { listedCreators } from './creators';
import { loadMergedItems } from './items';

export const SEARCH_LIMIT = 8;

export function getCollection(ctx: DeviceContext, id: number): Collection | null {
  return ctx.sample.collections.find((c) => c.id === id) ?? null;
}

export function listBlogPosts(
  ctx: DeviceContext,
  page?: number,
  pageSize?: number,
): Page<BlogPost> {
  return paginate(ctx.sample.blogPosts, page, pageSize, PAGE_SIZE_BLOG);
}

export function getBlogPost(ctx: DeviceContext, id: number): BlogPost | null {
  return ctx.sample.blogPosts.find((p) => p.id === id) ?? null;
}

/** The newest `n` posts by date (ties keep data order). */
export function latestBlogPosts(ctx: DeviceContext, n = LATEST_BLOG_COUNT): BlogPost[] {
  const time = (p: BlogPost) => {
    const ms = Date.parse(p.date);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  const count = Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : LATEST_BLOG_COUNT;
  return [...ctx.sample.blogPosts]
    .sort((a, b) => (time(b) === time(a) ? 0 : time(b) - time(a)))
    .slice(0, count);
}

/** What the global search matches an item by: its title. */
export function itemCandidate(item: Item): SearchCandidate {
  return {
    hit: { kind: 'item', id: item.id, title: item.title, subtitle: item.name, image: item.image },
    texts: [item.title],
  };
}

/** The global search's other kinds, all held by every device: creators, collections, posts. */
export async function otherCandidates(ctx: DeviceContext): Promise<SearchCandidate[]> {
  const creators = await listedCreators(ctx);
  return [
    ...creators.map((c) => ({
      hit: {
        kind: 'creator' as const,
        id: c.id,
        title: c.name,
        subtitle: c.handle,
        image: c.avatar,
      },
      texts: [c.name, c.handle],
    })),
    ...ctx.sample.collections.map((c) => ({
      hit: {
        kind: 'collection' as const,
        id: c.id,
        title: c.title,
        subtitle: c.name,
        image: c.image,
      },
      texts: [c.title],
    })),
    ...ctx.sample.blogPosts.map((p) => ({
      hit: {
        kind: 'blog' as const,
        id: p.id,
        title: p.title,
        subtitle: p.category,
        image: p.image,
      },
      texts: [p.title],
    })),
  ];
}

/** The device's search over every item it holds and the other kinds. */
export async function search(
  ctx: DeviceContext,
  q: string,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[]> {
  if (!q.trim()) return [];
  const [items, others] = await Promise.all([loadMergedItems(ctx), otherCandidates(ctx)]);
  return rankSearch([...items.map(itemCandidate), ...others], q, limit);
}
