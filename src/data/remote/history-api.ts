// The pages of history the device does not keep (shared/history.ts), read from the Artmint
// server (same origin, with the session cookie) when the collector asks: an item's earlier
// bids and older activity. Never stored: the screen that asked shows them. Every call answers
// one of three outcomes, never throws:
// - ok: the page;
// - offline: no network (navigator.onLine false, or the request got no answer): try later;
// - failed: the server answered something else (an unknown item, a server error, a site with
//   no API), with words to show.
import { HISTORY_PAGE_SIZE, type ActivityPage, type BidsPage } from '@shared/history';
import { isActivityEntry, isBid, isObject } from '../schemas';
import type { ServerBid } from '@shared/protocol';
import type { HistoryResult } from '../contract/data-access';
import { REQUEST_TIMEOUT_MS } from './account-api';

/** The asks of history the composing module hands the data access (device-data-access.ts). */
export interface HistoryAsks {
  itemBids: typeof fetchItemBids;
  activity: typeof fetchActivity;
}

/** The answer where no server stands behind the site. */
export const NO_SERVER: HistoryResult<never> = {
  kind: 'failed',
  error: 'This site has no server to load them from.',
};

const UNREADABLE = 'The server sent an answer this app cannot read.';

function isJson(response: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

/** GET `path`; `read` turns the answer's JSON into the page, or null when it is not one. */
export async function getPage<T>(
  path: string,
  read: (body: Record<string, unknown>) => T | null,
): Promise<HistoryResult<T>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    body = isJson(response) ? await response.json() : undefined;
  } catch {
    return { kind: 'offline' };
  }
  if (!isObject(body)) {
    // A static host's page, or a proxy's: no API behind this site.
    return NO_SERVER;
  }
  if (!response.ok) {
    const error = typeof body.error === 'string' && body.error ? body.error : '';
    return { kind: 'failed', error: error || `The server answered ${response.status}.` };
  }
  const value = read(body);
  return value === null ? { kind: 'failed', error: UNREADABLE } : { kind: 'ok', value };
}

const nextOf = (body: Record<string, unknown>) =>
  body.next === null || typeof body.next === 'string' ? body.next : undefined;

function query(before: string | null, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== null) params.set('before', before);
  return params.toString();
}

const isServerBid = (value: unknown): value is ServerBid =>
  isBid(value) && typeof value.status === 'string';

/** A page of the item's bids, newest first, older than the page whose `next` is `before`. */
export function fetchItemBids(
  itemId: number,
  before: string | null,
  limit = HISTORY_PAGE_SIZE,
): Promise<HistoryResult<BidsPage>> {
  return getPage(`/api/items/${itemId}/bids?${query(before, limit)}`, (body) => {
    const next = nextOf(body);
    const { bids } = body;
    if (next === undefined || !Array.isArray(bids) || !bids.every(isServerBid)) return null;
    return { bids, next };
  });
}

/** A page of the marketplace's activity, newest first, older than `before`'s page. */
export function fetchActivity(
  before: string | null,
  limit = HISTORY_PAGE_SIZE,
): Promise<HistoryResult<ActivityPage>> {
  return getPage(`/api/activity?${query(before, limit)}`, (body) => {
    const next = nextOf(body);
    const { entries } = body;
    if (next === undefined || !Array.isArray(entries) || !entries.every(isActivityEntry)) {
      return null;
    }
    return { entries, next };
  });
}
