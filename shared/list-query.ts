// The parameters of every public read of the API, as valibot schemas written once for the server
// (which parses each query with them) and the app (which asks within them): their names, their
// limits, and numbers within their column's range, so an input out of range is refused with a
// clear message before it reaches the database (docs/database.md "Lists and search").
import * as v from 'valibot';
import { ACCOUNT_PULL_LIMIT } from './account-channel';
import { HISTORY_PAGE_MAX } from './history';
import { ID_MAX, isIdText } from './ids';
import { ITEM_CATEGORIES, MARKET_CATEGORIES, SALE_KINDS, SORT_KEYS } from './types';

export { ID_MAX, parseId } from './ids';

/** Pages asked by number, at most; deeper ones go by cursor. */
export const PAGE_MAX = 50;
/** Records in a page of a list, at most. */
export const PAGE_SIZE_MAX = 60;
/** Counts stop here: a larger one is shown as "10,000+". */
export const COUNT_CAP = 10_000;
/** Changes in a page of the log, at most. */
export const PULL_PAGE = 1000;
/** Searches are cut to this many characters. */
const QUERY_MAX = 100;

/** A whole number in a query string or a path: digits only, no sign, no spaces. */
const DIGITS = /^\d{1,16}$/;

/**
 * An optional whole number from `min` to `max`: absent is undefined, and so is empty in a list's
 * query (`blank`); anything else is refused with `message`.
 */
function whole(min: number, max: number, message: string, blank = true) {
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        (raw) => (blank && raw === '') || (DIGITS.test(raw) && inRange(raw, min, max)),
        message,
      ),
      v.transform((raw) => (raw === '' ? undefined : Number(raw))),
    ),
  );
}

const inRange = (raw: string, min: number, max: number) => {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= min && value <= max;
};

/** One of `allowed`, or absent or empty (null). */
function oneOf<T extends string>(allowed: readonly T[], name: string) {
  const message = `${name} must be one of ${allowed.join(', ')}.`;
  return v.optional(
    v.pipe(
      v.string(),
      v.check((raw) => raw === '' || (allowed as readonly string[]).includes(raw), message),
      v.transform((raw) => (raw === '' ? null : (raw as T))),
    ),
    '',
  );
}

/** An id as a path or a query names it: 1 to ID_MAX, written without leading zeros. */
export const IdSchema = v.pipe(v.string(), v.check(isIdText, 'must be an id'), v.transform(Number));

/** A signed whole number within a PostgreSQL integer (a creator list's key), as text. */
const signedInt = (raw: string | undefined) =>
  raw !== undefined && /^-?\d{1,10}$/.test(raw) && Math.abs(Number(raw)) <= ID_MAX;
const pageMessage = `page must be from 1 to ${PAGE_MAX}; go further with after.`;
const pageSizeMessage = `pageSize must be from 1 to ${PAGE_SIZE_MAX}.`;
const AFTER_MESSAGE = 'after is not a cursor of this list.';

/**
 * The cursors of the item lists, by order (the server's `next`): the catalogue's order a
 * list_order; by rating the rating and a list_order; the running auctions the end in
 * milliseconds and a list_order. list_order is an id or its negation.
 */
export function isItemCursor(after: string, order: 'list' | 'rating' | 'running'): boolean {
  const [first, second, ...rest] = after.split(':');
  if (rest.length > 0) return false;
  if (order === 'list') return second === undefined && signedInt(first);
  if (!signedInt(second)) return false;
  if (order === 'rating') return /^\d{1,4}(\.\d{1,4})?$/.test(first ?? '');
  return /^\d{1,15}$/.test(first ?? '');
}

/** A search's words as typed, at most QUERY_MAX characters: a run of spaces (or of NULs, which
 * no database text may hold) one space, none at the ends. */
const searchText = v.pipe(
  v.optional(v.string(), ''),
  v.transform((raw) =>
    raw
      .replace(/[\s\0]+/g, ' ')
      .trim()
      .slice(0, QUERY_MAX),
  ),
);

/** GET /api/items: the filters, the order, a page by number or after a cursor. */
export const ItemListQuerySchema = v.pipe(
  v.object({
    q: searchText,
    category: oneOf(ITEM_CATEGORIES, 'category'),
    market: oneOf(MARKET_CATEGORIES, 'market'),
    sale: oneOf(SALE_KINDS, 'sale'),
    sort: oneOf(SORT_KEYS, 'sort'),
    creator: whole(1, ID_MAX, 'creator must be an id.'),
    owner: whole(1, ID_MAX, 'owner must be an id.'),
    running: v.pipe(
      v.optional(v.string(), ''),
      v.check((raw) => raw === '' || raw === '1', 'running must be 1.'),
      v.transform((raw) => raw === '1'),
    ),
    page: whole(1, PAGE_MAX, pageMessage),
    pageSize: whole(1, PAGE_SIZE_MAX, pageSizeMessage),
    after: v.optional(v.string()),
  }),
  v.check(
    (query) => !query.running || (!query.q && !query.sort),
    'running lists by end: not with q or sort.',
  ),
  v.check((query) => {
    if (query.after === undefined) return true;
    const order = query.running ? 'running' : query.sort ? 'rating' : 'list';
    return isItemCursor(query.after, order);
  }, AFTER_MESSAGE),
  v.check(
    (query) => query.after === undefined || !query.q || query.sort !== null,
    'A search is paged by number, not with after.',
  ),
);

export const CREATOR_ORDERS = ['list', 'followers'] as const;

/** GET /api/creators: an order and a page, or a search of names and handles (`q`). */
export const CreatorListQuerySchema = v.pipe(
  v.object({
    order: v.pipe(
      v.optional(v.string(), 'list'),
      v.picklist(CREATOR_ORDERS, `order must be one of ${CREATOR_ORDERS.join(', ')}.`),
    ),
    q: searchText,
    page: whole(1, PAGE_MAX, pageMessage),
    pageSize: whole(1, PAGE_SIZE_MAX, pageSizeMessage),
    after: v.optional(v.string()),
  }),
  v.check((query) => {
    if (query.after === undefined) return true;
    const [first, second, ...rest] = query.after.split(':');
    if (query.order === 'list') return second === undefined && signedInt(first);
    const count = (raw: string | undefined) => /^\d{1,10}$/.test(raw ?? '') && signedInt(raw);
    return rest.length === 0 && count(first) && count(second);
  }, AFTER_MESSAGE),
  v.check(
    (query) =>
      !query.q || (query.order === 'list' && query.page === undefined && query.after === undefined),
    'A search of creators answers its best hits: no order, page or after.',
  ),
);

/** GET /api/collections: a page by number. */
export const CollectionListQuerySchema = v.object({
  page: whole(1, PAGE_MAX, `page must be from 1 to ${PAGE_MAX}.`),
  pageSize: whole(1, PAGE_SIZE_MAX, pageSizeMessage),
});

/** A sequence of the change log (bigint), as far as a number holds one exactly. */
export const SeqSchema = whole(
  0,
  Number.MAX_SAFE_INTEGER,
  'since must be a whole number of 0 or more.',
  false,
);

/** GET /api/changes: the log after `since`, `limit` changes at most. */
export const PullQuerySchema = v.object({
  since: SeqSchema,
  limit: whole(1, PULL_PAGE, `limit must be a whole number from 1 to ${PULL_PAGE}.`, false),
});

/** GET /api/me/changes (shared/account-channel.ts): the account's log after `since` (0 when
 * absent), `limit` entries at most (ACCOUNT_PULL_LIMIT when absent). */
export const AccountPullQuerySchema = v.object({
  since: SeqSchema,
  limit: whole(
    1,
    ACCOUNT_PULL_LIMIT,
    `limit must be a whole number from 1 to ${ACCOUNT_PULL_LIMIT}.`,
    false,
  ),
});

/** GET /api/events: `since` (or its header Last-Event-ID) for the public log and, on a signed-in
 * session, `mine`, the device's account cursor (absent: the account log's newest entry). */
export const EventsQuerySchema = v.object({
  since: SeqSchema,
  mine: whole(0, Number.MAX_SAFE_INTEGER, 'mine must be a whole number of 0 or more.', false),
});

/** GET /api/items/:id/bids, /api/activity, /api/me/bids: `limit` and the opaque `before`. */
export const HistoryQuerySchema = v.object({
  limit: whole(
    1,
    HISTORY_PAGE_MAX,
    `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`,
    false,
  ),
  before: v.optional(v.string()),
});

/** Items a page `items:<id>,<id>,...` asks for, at most. */
export const SNAPSHOT_IDS_MAX = 100;

/** A page of the snapshot (GET /api/snapshot?page=): `creator:<id>` and `item:<id>` (after that
 * id, 0 for the first), `activity`, the focus pages `focus:item:<id>`, `focus:activity`, and
 * `items:<id>,<id>,...` (up to SNAPSHOT_IDS_MAX items a device keeps, brought current). */
export type SnapshotToken =
  | { kind: 'focus-item'; id: number }
  | { kind: 'items'; ids: number[] }
  | { kind: 'focus-activity' }
  | { kind: 'creator'; after: number }
  | { kind: 'item'; after: number }
  | { kind: 'activity' };

export function parseSnapshotToken(token: string): SnapshotToken | null {
  if (token === 'focus:activity') return { kind: 'focus-activity' };
  if (token === 'activity') return { kind: 'activity' };
  const listed = /^items:(\d{1,10}(?:,\d{1,10})*)$/.exec(token);
  if (listed?.[1]) {
    const ids = [...new Set(listed[1].split(',').map(Number))];
    if (ids.length > SNAPSHOT_IDS_MAX || ids.some((id) => id < 1 || id > ID_MAX)) return null;
    return { kind: 'items', ids };
  }
  const match = /^(focus:item|creator|item):(\d{1,10})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  if (match[1] === 'focus:item') return id >= 1 && id <= ID_MAX ? { kind: 'focus-item', id } : null;
  if (id > ID_MAX) return null;
  return { kind: match[1] === 'creator' ? 'creator' : 'item', after: id };
}

/** GET /api/snapshot: `page`, a token (absent: the first page). */
export const SnapshotQuerySchema = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.check((raw) => parseSnapshotToken(raw) !== null, 'page is not a page of the snapshot.'),
      v.transform((raw) => parseSnapshotToken(raw) as SnapshotToken),
    ),
  ),
});

/** A query's parameters, each read by `get`, parsed by `schema` (an object, or a pipe of one):
 * its output, or the message of the first thing wrong. */
export function parseQuery<S extends v.GenericSchema>(
  schema: S,
  get: (name: string) => string | undefined,
): { ok: true; query: v.InferOutput<S> } | { ok: false; error: string } {
  const root = ('pipe' in schema ? (schema.pipe as unknown[])[0] : schema) as {
    entries: Record<string, unknown>;
  };
  const raw = Object.fromEntries(Object.keys(root.entries).map((name) => [name, get(name)]));
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return { ok: true, query: parsed.output };
  return { ok: false, error: parsed.issues[0].message };
}

/** The page's cursor: the id of the last notification shown, as the server gave it. */
export const NOTIFICATIONS_BEFORE_WORDS =
  'before must be the next cursor of an earlier page, as the server gave it.';

/** GET /api/notifications's parameters (shared/notifications.ts). */
export const NotificationsQuerySchema = v.object({
  limit: HistoryQuerySchema.entries.limit,
  before: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, NOTIFICATIONS_BEFORE_WORDS), v.transform(Number)),
  ),
});
