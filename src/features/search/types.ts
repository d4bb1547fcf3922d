// What the global search shows (docs/product.md "Search box"): a data-access hit plus where it opens.
import type { SearchHit, SearchHitKind } from '@shared/types';

export interface Suggestion extends SearchHit {
  /** The URL the hit opens (from config/paths). */
  href: string;
}

export const KIND_LABELS: Readonly<Record<SearchHitKind, string>> = {
  item: 'Item',
  creator: 'Creator',
  collection: 'Collection',
  blog: 'Blog post',
};
