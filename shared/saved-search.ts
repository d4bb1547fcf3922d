// Saved searches, "Watch this search" (docs/product.md "Saved searches"): explore's filters and
// words as the account saves them, checked by the one schema explore's query is
// (shared/list-query.ts), so a saved search is always one explore can run. Written once for the
// server (server/watch/) and the app.
import * as v from 'valibot';
import { searchKey } from './fold';
import { ItemListQuerySchema } from './list-query';
import { ITEM_CATEGORIES, MARKET_CATEGORIES, SALE_KINDS } from './types';

/** Saved searches an account keeps, at most. */
export const SAVED_SEARCHES_MAX = 50;

const query = ItemListQuerySchema.pipe[0].entries;

/** POST /api/saved-searches: the words and filters of explore (absent or empty: any). */
export const SavedSearchInputSchema = v.pipe(
  v.object({
    q: query.q,
    category: query.category,
    market: query.market,
    sale: query.sale,
  }),
  v.check(
    (search) => search.q !== '' || !!(search.category || search.market || search.sale),
    'Type words or choose a filter to watch.',
  ),
);
export type SavedSearchInput = v.InferOutput<typeof SavedSearchInputSchema>;

const filter = <T extends string>(values: readonly T[]) => v.nullable(v.picklist(values));

/** A saved search as the server answers it: its id, its words as typed, its filters (null:
 * any). */
export const SavedSearchSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  q: v.string(),
  category: filter(ITEM_CATEGORIES),
  market: filter(MARKET_CATEGORIES),
  sale: filter(SALE_KINDS),
});
export type SavedSearch = v.InferOutput<typeof SavedSearchSchema>;

/** GET /api/saved-searches: the account's, newest first. */
export const SavedSearchListSchema = v.object({ searches: v.array(SavedSearchSchema) });
export type SavedSearchList = v.InferOutput<typeof SavedSearchListSchema>;

/** Whether two searches are the same watch: the same filters and the same words as search
 * compares them (folded, shared/fold.ts). */
export function sameSearch(a: SavedSearchInput, b: SavedSearchInput): boolean {
  const words = (q: string) => searchKey(q).split(' ').filter(Boolean).join(' ');
  return (
    words(a.q) === words(b.q) &&
    a.category === b.category &&
    a.market === b.market &&
    a.sale === b.sale
  );
}
