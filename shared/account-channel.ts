// The account channel (docs/sync.md "Account channel"): the signed-in account's own records
// (favourites, follows, watched searches, profile sections, its bids and offers with their status, the offers it
// received, its purchases, uploads and stored messages) reach every signed-in device of that
// account, never the public log. Written once here for the server (server/accounts/) and the
// device (src/data/sync/).
//
// - Every write that changes an account's own record appends an entry to that account's log in
//   the write's transaction: `seq` (one sequence for all accounts, ordered per account), a
//   `topic`, a `key` and the record's new state in `data` (null: gone).
// - A device that has no account cursor reads GET /api/me (bounded, newest first) and takes its
//   `cursor`; after that it pulls ACCOUNT_CHANGES_PATH?since=<cursor> after each public pull,
//   and follows ACCOUNT_LIVE_EVENT events on the live stream of its signed-in session.
// - A cursor older than what the server keeps of that account's log is answered `reset`: the
//   device reads GET /api/me again.
import * as v from 'valibot';
import { NotificationSchema } from './notifications';
import { ItemChangeSchema } from './protocol';
import { PurchaseSchema, ServerBidSchema } from './schemas';
import { WatchedSearchSchema } from './watch';

/** GET /api/me/changes?since=<cursor>&limit=<n>: the account's log after its cursor. */
export const ACCOUNT_CHANGES_PATH = '/api/me/changes';
/** Entries a page at most (and by default). */
export const ACCOUNT_PULL_LIMIT = 500;
/** The newest entries the server keeps of each account's log; a device further behind resets. */
export const ACCOUNT_LOG_KEEP = 2_000;
/** The live stream's event that carries a batch of the account's log (AccountLiveBatch). */
export const ACCOUNT_LIVE_EVENT = 'mine';

const version = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The record each topic carries; `data` null means it is gone (unfavourited, deleted...). */
export const ACCOUNT_CHANGE_SCHEMAS = {
  /** key: the item id. */
  favourite: v.object({ on: v.literal(true) }),
  /** key: the creator id. */
  follow: v.object({ on: v.literal(true) }),
  /** key: the section; `version` counts the section's saves on the server. */
  profile: v.object({ fields: v.record(v.string(), v.unknown()), version }),
  /** key: the bid id. The account's own bids, offers included, with the server's status. */
  bid: ServerBidSchema,
  /** key: the bid id. An offer (or bid) made on an item the account owns. */
  'offer-received': ServerBidSchema,
  /** key: the purchase id. */
  purchase: PurchaseSchema,
  /** key: the item id. An item the account listed, as the public log carries it. */
  upload: ItemChangeSchema,
  /** key: the message id. A message the account stored (newsletter, contact, support...). */
  message: v.object({
    kind: v.string(),
    at: v.string(),
    fields: v.record(v.string(), v.string()),
  }),
  /** key: the notification id. A notification of the account (shared/notifications.ts), as
   * GET /api/notifications carries it; written again when it is read. */
  notification: NotificationSchema,
  /** key: the search's watchKey (shared/watch.ts). A search the account watches. */
  'saved-search': WatchedSearchSchema,
} as const;

export type AccountTopic = keyof typeof ACCOUNT_CHANGE_SCHEMAS;
export const ACCOUNT_TOPICS = Object.keys(ACCOUNT_CHANGE_SCHEMAS) as AccountTopic[];

/** One entry of an account's log, as the server sends it (data checked per topic on arrival). */
export const AccountChangeSchema = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  topic: v.picklist(ACCOUNT_TOPICS),
  key: v.string(),
  data: v.unknown(),
});
export type AccountChange = v.InferOutput<typeof AccountChangeSchema>;

/** GET /api/me/changes's answer. `reset`: read GET /api/me again (changes is empty). */
export const AccountPullResponseSchema = v.object({
  changes: v.array(AccountChangeSchema),
  cursor: v.pipe(v.number(), v.integer(), v.minValue(0)),
  more: v.boolean(),
  reset: v.optional(v.literal(true)),
  /** The account whose log this is: a device lands it only for that account (a session that
   * changed under a request's feet is not the account the device asked for). */
  accountId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type AccountPullResponse = v.InferOutput<typeof AccountPullResponseSchema>;

/**
 * The live stream's ACCOUNT_LIVE_EVENT: the entries after `from` up to `cursor`, in order. A
 * device whose account cursor is not `from` pulls to fill the gap instead.
 */
export const AccountLiveBatchSchema = v.object({
  from: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cursor: v.pipe(v.number(), v.integer(), v.minValue(0)),
  changes: v.array(AccountChangeSchema),
});
export type AccountLiveBatch = v.InferOutput<typeof AccountLiveBatchSchema>;

/** An entry's record, checked against its topic's schema; undefined when it does not match. */
export function accountRecord<T extends AccountTopic>(
  topic: T,
  data: unknown,
): v.InferOutput<(typeof ACCOUNT_CHANGE_SCHEMAS)[T]> | null | undefined {
  if (data === null) return null;
  const parsed = v.safeParse(ACCOUNT_CHANGE_SCHEMAS[topic], data);
  return parsed.success ? parsed.output : undefined;
}
