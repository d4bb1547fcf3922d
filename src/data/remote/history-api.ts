// The pages of history the device does not keep (shared/history.ts), read from the Artmint
// server through the device's one API client (core/api.ts) when the collector asks: an item's
// earlier bids and older activity. Never stored: the screen that asked shows them.
import { HISTORY_PAGE_SIZE, type ActivityPage, type BidsPage } from '@shared/history';
import type { ApiResult } from '../contract/data-access';
import { apiGet } from '../core/api';

/** The asks of history the composing module hands the data access (device-data-access.ts). */
export interface HistoryAsks {
  itemBids: typeof fetchItemBids;
  activity: typeof fetchActivity;
}

function query(before: string | null, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== null) params.set('before', before);
  return params.toString();
}

/** A page of the item's bids, newest first, older than the page whose `next` is `before`. */
export function fetchItemBids(
  itemId: number,
  before: string | null,
  limit = HISTORY_PAGE_SIZE,
): Promise<ApiResult<BidsPage>> {
  return apiGet(`/api/items/${itemId}/bids?${query(before, limit)}`, 'bidsPage', {
    recordRoute: true,
  });
}

/** A page of the marketplace's activity, newest first, older than `before`'s page. */
export function fetchActivity(
  before: string | null,
  limit = HISTORY_PAGE_SIZE,
): Promise<ApiResult<ActivityPage>> {
  return apiGet(`/api/activity?${query(before, limit)}`, 'activityPage');
}
