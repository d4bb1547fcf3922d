// The gate of the item searches (docs/security.md "Limits"): a few run at once, a bounded
// number wait their turn, and one more is answered 503 with Retry-After.
import type { Context } from 'hono';
import { Gate } from '../http/gate.ts';
import { apiError } from '../http/guards.ts';

/** Searches run at once (docs/security.md "Limits"): on PostgreSQL at most two connections and
 * about the two cores' worth of searching, however many collectors search, so writes (a bid)
 * keep their share (docs/performance.md "Bids while searches run"); PGlite runs one statement
 * at a time anyway. */
export const SEARCHES_AT_ONCE = 2;
/** Searches waiting for a turn, at most; one more is answered 503. */
export const SEARCHES_WAITING = 64;

export class SearchesBusy extends Error {}

/** The gate the item searches of one app share. */
export const searchGate = () =>
  new Gate(SEARCHES_AT_ONCE, SEARCHES_WAITING, () => new SearchesBusy());

/** The answer to a search the gate had no place for. */
export function searchesBusy(c: Context) {
  c.header('Retry-After', '1');
  return apiError(c, 503, 'Too many searches at once. Try again in a moment.');
}
