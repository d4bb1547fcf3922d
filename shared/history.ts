// The pages of history a device keeps only the latest of (docs/sync.md): an item's earlier
// bids, older activity and an account's older bids, read from the server's tables, newest
// first. Written once for the server (server/market/history.ts) and the app
// (src/data/remote/history-api.ts).
import type { MeResponse, ServerBid } from './protocol';
import type { ActivityEntry } from './types';

/** Records in a page unless `limit` says otherwise, and the most `limit` may ask for. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_MAX = 50;
/** The bids GET /api/me carries at most: the account's newest. */
export const ME_BIDS_LIMIT = 200;

/**
 * A page, newest first. `next` is the cursor of the following (older) page, to pass as
 * `before`: opaque, made by the server; null when this page is the last.
 */
export interface HistoryPage {
  next: string | null;
}

/** GET /api/items/:id/bids?before=&limit= and GET /api/me/bids?before=&limit=. */
export interface BidsPage extends HistoryPage {
  bids: ServerBid[];
}

/** GET /api/activity?before=&limit=: the marketplace's public activity. */
export interface ActivityPage extends HistoryPage {
  entries: ActivityEntry[];
}

/**
 * GET /api/me's answer: MeResponse, whose `bids` are the account's newest ME_BIDS_LIMIT (200)
 * bids, newest first, not all of them; `bidsNext` pages the older ones through
 * GET /api/me/bids?before=, null when there are none.
 */
export type BoundedMeResponse = MeResponse & { bidsNext: string | null };
