// The last used explore filters (docs/product.md "Explore one/two filters": "the last used filters
// are saved"). The URL is the source of truth while a page is open; this store mirrors the
// filters of the explore view shown last, and a bare explore URL starts from them.
// Persisted to localStorage: versioned, an explicit allowlist, each field validated on read.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { MARKET_CATEGORIES, SALE_KINDS, SORT_KEYS } from '@shared/types';
import {
  nullableOneOf,
  persistOptions,
  type FieldValidators,
  type MigrationSteps,
} from '@/lib/persisted';
import {
  CHIP_VALUES,
  EMPTY_FILTERS,
  FILTER_FIELDS,
  MAX_QUERY_LENGTH,
  filtersOf,
  normaliseQuery,
  type ExploreFilters,
} from './filters';

export type ExplorePersisted = ExploreFilters;

interface ExploreStoreState extends ExplorePersisted {
  /** Saves the filters a screen now shows (only those fields; the others stay as saved). */
  save: (filters: Partial<ExploreFilters>) => void;
  /** Forgets the saved filters ("Clear filters"). */
  reset: () => void;
}

export const EXPLORE_STORE_VERSION = 1;
/** `steps[n]` turns a version-n state into version n+1. None yet: version 1 is the first. */
export const exploreMigrations: MigrationSteps = {};

function validQuery(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_QUERY_LENGTH * 2) return undefined;
  return normaliseQuery(value);
}

export const exploreValidators: FieldValidators<ExplorePersisted> = {
  q: validQuery,
  category: nullableOneOf(...MARKET_CATEGORIES),
  sale: nullableOneOf(...SALE_KINDS),
  sort: nullableOneOf(...SORT_KEYS),
  type: nullableOneOf(...CHIP_VALUES),
};

/** How the filters are persisted: the fields above, versioned (pure, tested). */
export const explorePersist = persistOptions<ExplorePersisted, ExploreStoreState>({
  name: STORAGE_KEYS.exploreFilters,
  version: EXPLORE_STORE_VERSION,
  migrations: exploreMigrations,
  fields: exploreValidators,
});

/** Only the known filter fields of `filters` (never the actions or anything else). */
export function pickFilters(filters: Partial<ExploreFilters>): Partial<ExploreFilters> {
  const next: Partial<ExploreFilters> = {};
  for (const field of FILTER_FIELDS) {
    if (filters[field] !== undefined) Object.assign(next, { [field]: filters[field] });
  }
  return next;
}

export const useExploreStore = create<ExploreStoreState>()(
  persist(
    (set) => ({
      ...EMPTY_FILTERS,
      save: (filters) => set(pickFilters(filters)),
      reset: () => set({ ...EMPTY_FILTERS }),
    }),
    explorePersist,
  ),
);

/** The saved filters right now (for loaders, outside React). */
export function savedExploreFilters(): ExploreFilters {
  return filtersOf(useExploreStore.getState());
}
