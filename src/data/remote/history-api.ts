// The pages of history the device does not keep (shared/history.ts), read from the Artmint
// server through the device's one API client (core/api.ts) when the collector asks: an item's
// earlier bids and older activity, never stored (the screen that asked shows them); and the
// account's notifications older than the device holds, which the device keeps
// (device/notifications.ts).
import { HISTORY_PAGE_SIZE, type ActivityPage, type BidsPage } from '@shared/history';
import type { NotificationsPage } from '@shared/notifications';
import type { ApiResult } from '../contract/data-access';
import { apiGet } from '../core/api';

/** The asks of history the composing module hands the data access (device-data-access.ts). */
export interface HistoryAsks {
  itemBids: typeof fetchItemBids;
  activity: typeof fetchActivity;
  notifications: typeof fetchOlderNotifications;
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

/** A page of the signed-in account's notifications, newest first, older than id `before`. */
export function fetchOlderNotifications(
  before: number,
  limit = HISTORY_PAGE_SIZE,
): Promise<ApiResult<NotificationsPage>> {
  return apiGet(`/api/notifications?${query(String(before), limit)}`, 'notificationsPage');
}
