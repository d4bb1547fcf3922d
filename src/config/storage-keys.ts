// Every localStorage key and IndexedDB name the app uses, in one place (docs/architecture.md 5).
export const STORAGE_KEYS = {
  theme: 'artmint:theme',
  direction: 'artmint:direction',
  exploreFilters: 'artmint:explore-filters',
  wallet: 'artmint:wallet',
  session: 'artmint:session',
  /** The sync cursor's copy, which the page's <head> reads to ask for the log at once
   * (src/data/sync/boot-asks.ts); the device store's own is the one the engine follows. */
  syncCursor: 'artmint:sync-cursor',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const IDB_NAME = 'artmint';
export const IDB_VERSION = 7;
