// Saved searches, "Watch this search" (docs/product.md "Saved searches"): explore's filters and
// words as the account saves them, checked by the one schema explore's query is
// (shared/list-query.ts), so a saved search is always one explore can run. Written once for the
// server (server/watch/) and the app.
import * as v from 'valibot';
import { ItemListQuerySchema } from './list-query';
import { NOTHING_TO_WATCH, WATCH_FILTERS, watchesSomething } from './watch';

export { SAVED_SEARCHES_MAX } from './watch';

const query = ItemListQuerySchema.pipe[0].entries;

/** POST /api/saved-searches: the words and filters of explore (absent or empty: any). */
export const SavedSearchInputSchema = v.pipe(
  v.object({
    q: query.q,
    category: query.category,
    market: query.market,
    sale: query.sale,
  }),
  v.check(watchesSomething, NOTHING_TO_WATCH),
);
export type SavedSearchInput = v.InferOutput<typeof SavedSearchInputSchema>;

/** A saved search as the server answers it: its id, its words as typed, its filters (null:
 * any). */
export const SavedSearchSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  q: v.string(),
  ...WATCH_FILTERS,
});
export type SavedSearch = v.InferOutput<typeof SavedSearchSchema>;

/** GET /api/saved-searches: the account's, newest first. */
export const SavedSearchListSchema = v.object({ searches: v.array(SavedSearchSchema) });
export type SavedSearchList = v.InferOutput<typeof SavedSearchListSchema>;
