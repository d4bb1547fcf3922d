// The global search's data (docs/product.md "Search box"): items, creators, collections and blog
// posts from the data access, each with the URL it opens: this device's answer at once, then the
// server's item hits when there is a server (docs/database.md "Lists and search"). Loaded with
// import() on the first focus of the header's search box, so the shell does not carry it.
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

const withHref = (hit: SearchHit): Suggestion => ({ ...hit, href: hrefForHit(hit) });

/** This device's ranked suggestions for `query` (none for a blank query). Works offline: a query
 * the server answered before shows its item hits again. */
export async function searchSuggestions(
  query: string,
  limit = SUGGESTION_LIMIT,
): Promise<Suggestion[]> {
  if (!query.trim()) return [];
  return (await getDataAccess().search(query, limit)).map(withHref);
}

/** How long typing must pause before the server is asked: not once a keystroke. */
export const SERVER_PAUSE_MS = 150;

/**
 * Shows `query`'s suggestions: this device's at once, then, once typing pauses, the server's
 * (its item hits ranked there: "nenon horizn" finds Neon Horizon) when it answers. `current`
 * says whether `query` is still the one typed: a stale one is neither asked nor shown.
 */
export async function suggest(
  query: string,
  show: (hits: Suggestion[]) => void,
  current: () => boolean,
  limit = SUGGESTION_LIMIT,
): Promise<void> {
  const held = await searchSuggestions(query, limit);
  if (!current()) return;
  show(held);
  if (!query.trim()) return;
  await new Promise((resolve) => setTimeout(resolve, SERVER_PAUSE_MS));
  if (!current()) return;
  try {
    const fresh = await getDataAccess().searchServer(query, limit);
    if (fresh && current()) show(fresh.map(withHref));
  } catch {
    // The device's answer stands.
  }
}
