// The explore feature's data: one page of items for a filter state, and the filter options.
// Everything goes through the data-access interface (docs/architecture.md 4).
import { getDataAccess } from '@/data/data-access';
import type { Item, MarketCategory, Page, SaleKind, SortKey } from '@shared/types';
import type { SelectOption } from '@/data/types';
import { categoryOptions, itemOptions, sortOptions } from '@/data/sample/select-options';
import { toItemQuery, type ExploreState } from './filters';

export function loadExplorePage(state: ExploreState, pageSize: number): Promise<Page<Item>> {
  return getDataAccess().listItems(toItemQuery(state, pageSize));
}

export interface ExploreOptions {
  categories: SelectOption<MarketCategory>[];
  items: SelectOption<SaleKind>[];
  sort: SelectOption<SortKey>[];
}

/** The filter options (docs/product.md "Records and fields"): Categories, Items and Sort By. */
export function exploreOptions(): ExploreOptions {
  return { categories: categoryOptions, items: itemOptions, sort: sortOptions };
}
