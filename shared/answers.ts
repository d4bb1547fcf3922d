// What the device reads of the server's answers, one valibot schema per endpoint it asks
// (docs/sync.md: the protocol written once as schemas). The device loads this module with its
// first answer (src/data/core/api.ts), so the app's first code does not carry it. Records in a
// list stay loose objects here: the device checks each one as it lands it.
import * as v from 'valibot';
import type { PullResponse, PushResponse, SnapshotPage } from './protocol';
import { ActivityEntrySchema, ServerBidSchema } from './schemas';
import { AccountPullResponseSchema } from './account-channel';
import { NotificationsPageSchema } from './notifications';

const Records = v.array(v.looseObject({}));
/** The cursor of the page after (none: the last page, or a search ranked by the server). */
const Next = v.pipe(
  v.optional(v.nullable(v.string())),
  v.transform((next) => next ?? undefined),
);
const Counted = { total: v.number(), capped: v.optional(v.boolean(), false), page: v.number() };
/** The cursor of an older page of history, null when this page is the last. */
const Older = v.nullable(v.string());

/** A change-log entry: its record (`data`) is checked by its topic's schema as it lands
 * (src/data/sync/apply.ts), and a topic this version does not know is passed over there. */
const Change = v.looseObject({
  seq: v.number(),
  topic: v.string(),
  key: v.string(),
  data: v.optional(v.unknown()),
});
const Cursor = { cursor: v.number() };
const PushResult = v.variant('status', [
  v.looseObject({ id: v.string(), status: v.literal('applied') }),
  v.looseObject({ id: v.string(), status: v.literal('refused'), code: v.string() }),
]);
/** An account as /api/auth answers it (its name '' when it sends none). */
const Account = v.looseObject({
  id: v.pipe(v.number(), v.integer()),
  email: v.string(),
  name: v.optional(v.fallback(v.string(), ''), ''),
});
/** A page id: a positive whole number. */
const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const ANSWERS = {
  /** GET /api/items. */
  itemList: v.object({ items: Records, cursor: v.number(), ...Counted, next: Next }),
  /** GET /api/creators. */
  creatorList: v.object({ creators: Records, cursor: v.number(), ...Counted, next: Next }),
  /** GET /api/creators/:id. */
  creator: v.object({ creator: v.looseObject({}), cursor: v.number() }),
  /** GET /api/collections (its page is the one asked). */
  collectionList: v.object({
    collections: v.array(v.unknown()),
    total: v.number(),
    capped: v.optional(v.boolean(), false),
  }),
  /** GET /api/items/:id/bids. */
  bidsPage: v.object({ bids: v.array(ServerBidSchema), next: Older }),
  /** GET /api/activity. */
  activityPage: v.object({ entries: v.array(ActivityEntrySchema), next: Older }),
  /** POST /api/auth/signup and /login: the account signed in. */
  account: v.object({ account: Account }),
  /** GET /api/auth/session: the account the cookie signs in, or null for nobody. */
  accountSession: v.object({ account: v.nullable(Account) }),
  /** GET /api/health. */
  health: v.object({ ok: v.literal(true) }),
  /** GET /api/auth/session: the signed-in account (its id), or null for nobody. */
  session: v.object({
    account: v.nullable(v.looseObject({ id: v.pipe(v.number(), v.integer()) })),
  }),
  /** GET /api/me, what the sync engine reads of it (shared/account-channel.ts): favourite item
   * ids and followed creator ids, newest first, the profile's sections with their versions, and
   * the account's cursor. Bids and purchases are loose here: each is checked by its topic's schema as it
   * lands (src/data/sync/account-apply.ts), and one that does not match is skipped. */
  me: v.object({
    /** The account it is of (a device lands it only for that account). */
    account: v.optional(v.looseObject({ id: v.pipe(v.number(), v.integer()) })),
    favourites: v.array(Id),
    follows: v.array(Id),
    profile: v.record(v.string(), v.unknown()),
    profileVersions: v.optional(
      v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))),
    ),
    bids: v.array(v.unknown()),
    purchases: v.array(v.unknown()),
    cursor: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    /** The searches the account watches, newest first (an older server sends none). Each is
     * checked by its topic's schema as it lands. */
    savedSearches: v.optional(v.array(v.unknown())),
  }),
  /** GET /api/me/changes (shared/account-channel.ts). */
  accountPull: AccountPullResponseSchema,
  /** GET /api/notifications (shared/notifications.ts): a page of the account's inbox. */
  notificationsPage: NotificationsPageSchema,
  /** GET /api/web-push/key (shared/push.ts): the server's VAPID public key. */
  pushKey: v.object({ publicKey: v.string() }),
  // The sync protocol's answers: their records are loose here (see Change), hence the casts.
  /** GET /api/changes. */
  pull: v.object({
    changes: v.array(Change),
    ...Cursor,
    more: v.boolean(),
    reset: v.optional(v.literal(true)),
    logId: v.optional(v.string()),
  }) as v.GenericSchema<unknown, PullResponse>,
  /** GET /api/snapshot. */
  snapshot: v.object({
    records: v.array(Change),
    ...Cursor,
    next: Older,
    logId: v.optional(v.string()),
  }) as v.GenericSchema<unknown, SnapshotPage>,
  /** POST /api/push. */
  push: v.object({ results: v.array(PushResult), ...Cursor }) as v.GenericSchema<
    unknown,
    PushResponse
  >,
};

export type AnswerName = keyof typeof ANSWERS;
export type Answer<K extends AnswerName> = v.InferOutput<(typeof ANSWERS)[K]>;

/** The answer `body` as `name`'s schema reads it, or null when it is not one. */
export function readAnswer<K extends AnswerName>(name: K, body: unknown): Answer<K> | null {
  const result = v.safeParse(ANSWERS[name], body);
  return result.success ? (result.output as Answer<K>) : null;
}
