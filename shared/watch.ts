// A watched search (docs/product.md "Saved searches") as the device and the server both hold it:
// explore's words as typed and its filters (null: any). Its key is what makes two searches the
// same watch: its words as search compares them (shared/fold.ts) and its filters, so a device
// names a search it watched offline, and stops watching it, without the server's id. Written
// once for the outbox mutation (shared/protocol.ts), the account channel
// (shared/account-channel.ts), the server (server/watch/) and the device (src/data/device/).
import * as v from 'valibot';
import { searchWords } from './fold';
import { ITEM_CATEGORIES, MARKET_CATEGORIES, SALE_KINDS } from './types';

/** Saved searches an account keeps, at most. */
export const SAVED_SEARCHES_MAX = 50;
/** The longest words a search keeps (explore's query cuts there too). */
export const WATCH_QUERY_MAX = 100;

const filter = <T extends string>(values: readonly T[]) => v.nullable(v.picklist(values));

/** A search's filters, each one of explore's or null (any). */
export const WATCH_FILTERS = {
  category: filter(ITEM_CATEGORIES),
  market: filter(MARKET_CATEGORIES),
  sale: filter(SALE_KINDS),
};

/** A watched search: its words as typed, its filters. */
export const WatchedSearchSchema = v.object({
  q: v.pipe(v.string(), v.maxLength(WATCH_QUERY_MAX)),
  ...WATCH_FILTERS,
});
export type WatchedSearch = v.InferOutput<typeof WatchedSearchSchema>;

/** The words of a search with neither words nor a filter. */
export const NOTHING_TO_WATCH = 'Type words or choose a filter to watch.';
/** The words of a refusal past SAVED_SEARCHES_MAX. */
export const WATCH_CAP_WORDS = `You watch ${SAVED_SEARCHES_MAX} searches already: stop watching one to add another.`;
/** The words of a refusal of words search drops all of ("the", "and"). */
export const TOO_COMMON_WORDS =
  'These words are too common to watch: add another word or a filter.';

/** Whether the search has words or a filter to watch. */
export function watchesSomething(search: WatchedSearch): boolean {
  return search.q !== '' || !!(search.category || search.market || search.sale);
}

/** The search's key: its compared words and its filters ('' for any), the same for every way of
 * typing the same words ("Neon  Cat" and "neon cat"). */
export function watchKey(search: WatchedSearch): string {
  const { category, market, sale } = search;
  return JSON.stringify([
    searchWords(search.q).join(' '),
    category ?? '',
    market ?? '',
    sale ?? '',
  ]);
}

/** Only the search's own fields (a record may carry more). */
export const watchedSearch = ({ q, category, market, sale }: WatchedSearch): WatchedSearch => ({
  q,
  category,
  market,
  sale,
});
