// Saved searches and shares on the server (docs/product.md "Saved searches"): online requests
// through the device's one API client (core/api.ts), each answering one ApiResult. Saving a
// search needs the server (it is not queued offline): offline the caller says so.
import type { ApiResult } from '../contract/data-access';
import { apiGet, apiRequest } from '../core/api';
import type { SavedSearch, SavedSearchInput } from '@shared/saved-search';

/** What explore sends: its words and filters, a filter absent or null for any. */
export type WatchInput = { [K in keyof SavedSearchInput]?: SavedSearchInput[K] | null };

export type { SavedSearch };

/** The signed-in account's saved searches, newest first. */
export async function fetchSavedSearches(): Promise<ApiResult<SavedSearch[]>> {
  const result = await apiGet('/api/saved-searches', 'savedSearches');
  return result.kind === 'ok' ? { kind: 'ok', value: result.value.searches } : result;
}

/** Saves explore's words and filters for the signed-in account (the same again: the one saved). */
export function saveSearch(input: WatchInput): Promise<ApiResult<SavedSearch>> {
  const json = {
    q: input.q ?? '',
    category: input.category ?? '',
    market: input.market ?? '',
    sale: input.sale ?? '',
  };
  return apiRequest('POST', '/api/saved-searches', { answer: 'savedSearch', body: { json } });
}

/** Removes one of the account's saved searches. */
export function removeSavedSearch(id: number): Promise<ApiResult<null>> {
  return apiRequest('DELETE', `/api/saved-searches/${id}`, { answer: null, recordRoute: true });
}

/** Records that the signed-in collector shared the item (its owner may be told); signed out or
 * offline nothing is recorded. */
export function recordShare(itemId: number): Promise<ApiResult<null>> {
  return apiRequest('POST', '/api/shares', { answer: null, body: { json: { itemId } } });
}
