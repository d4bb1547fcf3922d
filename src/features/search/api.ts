// The global search's data (docs/product.md "Search box"): items, creators, collections and blog
// posts from the data access, each with the URL it opens. Loaded with import() on the first
// focus of the header's search box, so the shell does not carry it.
import { paths } from '@/config/paths';
import { getDataAccess } from '@/data/data-access';
import type { SearchHit } from '@shared/types';
import type { Suggestion } from './types';

/** How many suggestions the header shows at most. */
export const SUGGESTION_LIMIT = 8;

/** Where a hit opens. Collections have no page of their own: they open Best Collections. */
export function hrefForHit(hit: SearchHit): string {
  switch (hit.kind) {
    case 'item':
      return paths.itemDetail(hit.id);
    case 'creator':
      return paths.creatorProfile(hit.id);
    case 'collection':
      return paths.collections;
    case 'blog':
      return paths.blogDetail(hit.id);
  }
}

/** The ranked suggestions for `query` (none for a blank query). Works offline: data is local. */
export async function searchSuggestions(
  query: string,
  limit = SUGGESTION_LIMIT,
): Promise<Suggestion[]> {
  if (!query.trim()) return [];
  const hits = await getDataAccess().search(query, limit);
  return hits.map((hit) => ({ ...hit, href: hrefForHit(hit) }));
}
