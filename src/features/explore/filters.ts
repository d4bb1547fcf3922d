// The explore filters (docs/product.md "Explore items", "Records and fields"; docs/product.md
// "Explore one/two filters"): their shape, how they read from and write to the URL, and how they
// become a data query. Pure: no router, no storage, no clock.
import {
  type ItemCategory,
  type ItemQuery,
  type MarketCategory,
  type SaleKind,
  type SortKey,
  ITEM_CATEGORIES,
  MARKET_CATEGORIES,
  SALE_KINDS,
  SORT_KEYS,
} from '@shared/types';
import { parsePage } from '@/lib/page-param';

/** Explore three's chips as they appear in the URL: `?type=games`. */
export type ChipValue = Lowercase<ItemCategory>;
export const CHIP_VALUES: readonly ChipValue[] = ITEM_CATEGORIES.map(
  (c) => c.toLowerCase() as ChipValue,
);

/** Longest text query kept (longer input is cut, never rejected). */
export const MAX_QUERY_LENGTH = 100;

/** What the user chose; `null` means "any" for a select and "All" for the chips. */
export interface ExploreFilters {
  q: string;
  category: MarketCategory | null;
  sale: SaleKind | null;
  sort: SortKey | null;
  type: ChipValue | null;
}

/** The filters plus the page of results (1-based). */
export interface ExploreState extends ExploreFilters {
  page: number;
}

export const EMPTY_FILTERS: ExploreFilters = {
  q: '',
  category: null,
  sale: null,
  sort: null,
  type: null,
};

/** URL parameter of each field. `items` is the template's "Items" select (Buy Now, Auctions...). */
export const PARAM = {
  q: 'q',
  category: 'category',
  sale: 'items',
  sort: 'sort',
  type: 'type',
  page: 'page',
} as const;

export type FilterField = keyof ExploreFilters;
export const FILTER_FIELDS: readonly FilterField[] = ['q', 'category', 'sale', 'sort', 'type'];

function pick<T extends string>(allowed: readonly T[], raw: string | null): T | null {
  if (raw === null) return null;
  const value = raw.trim().toLowerCase();
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** Collapses whitespace and cuts to MAX_QUERY_LENGTH. */
export function normaliseQuery(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/**
 * Reads the explore state from a URL query. Unknown or invalid values read as "any", so a
 * mistyped link still shows results; only `fields` are read (a page without chips ignores
 * `type`, so no filter is ever applied that the page does not show).
 */
export function parseExploreParams(
  params: URLSearchParams,
  fields: readonly FilterField[] = FILTER_FIELDS,
): ExploreState {
  const has = (field: FilterField) => fields.includes(field);
  return {
    q: has('q') ? normaliseQuery(params.get(PARAM.q)) : '',
    category: has('category') ? pick(MARKET_CATEGORIES, params.get(PARAM.category)) : null,
    sale: has('sale') ? pick(SALE_KINDS, params.get(PARAM.sale)) : null,
    sort: has('sort') ? pick(SORT_KEYS, params.get(PARAM.sort)) : null,
    type: has('type') ? pick(CHIP_VALUES, params.get(PARAM.type)) : null,
    page: parsePage(params.get(PARAM.page)),
  };
}

/** True when the URL carries any explore parameter (then saved filters are not restored). */
export function hasExploreParams(params: URLSearchParams): boolean {
  return Object.values(PARAM).some((name) => params.has(name));
}

/** The canonical query string (no "?"): defaults and page 1 are left out; fixed order. */
export function toExploreSearch(state: Partial<ExploreState>): string {
  const params = new URLSearchParams();
  const q = normaliseQuery(state.q);
  if (q) params.set(PARAM.q, q);
  if (state.category) params.set(PARAM.category, state.category);
  if (state.sale) params.set(PARAM.sale, state.sale);
  if (state.sort) params.set(PARAM.sort, state.sort);
  if (state.type) params.set(PARAM.type, state.type);
  if (state.page !== undefined && state.page > 1) params.set(PARAM.page, String(state.page));
  return params.toString();
}

/** `pathname` with the state's query string. */
export function exploreHref(pathname: string, state: Partial<ExploreState>): string {
  const search = toExploreSearch(state);
  return search ? `${pathname}?${search}` : pathname;
}

/** Changing any filter starts again at page 1; the other filters are kept (they combine). */
export function withFilter(state: ExploreState, patch: Partial<ExploreFilters>): ExploreState {
  return { ...state, ...patch, page: 1 };
}

/** Only the filter fields of a state (what the store saves). */
export function filtersOf(state: ExploreFilters): ExploreFilters {
  return {
    q: state.q,
    category: state.category,
    sale: state.sale,
    sort: state.sort,
    type: state.type,
  };
}

/** How many filters narrow the results (sort does not narrow, so it is not counted). */
export function activeFilterCount(filters: ExploreFilters): number {
  return [filters.q, filters.category, filters.sale, filters.type].filter(Boolean).length;
}

/** True when nothing is chosen at all, sort included. */
export function isEmptyFilters(filters: ExploreFilters): boolean {
  return activeFilterCount(filters) === 0 && filters.sort === null;
}

/** The chip's item category: "games" -> "Games". */
export function chipCategory(chip: ChipValue): ItemCategory {
  const found = ITEM_CATEGORIES.find((c) => c.toLowerCase() === chip);
  return found ?? 'Art';
}

/** The data query for a state: every filter that is set combines (AND), then sort and page. */
export function toItemQuery(state: ExploreState, pageSize: number): ItemQuery {
  return {
    q: state.q || undefined,
    category: state.type ? chipCategory(state.type) : null,
    marketCategory: state.category,
    saleKind: state.sale,
    sort: state.sort,
    page: state.page,
    pageSize,
  };
}
