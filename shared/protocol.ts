// The sync protocol between a device and the Artmint server, written once for both sides
// (valibot schemas): what a device pushes (mutations from its outbox) and what it pulls (the
// change log). The server validates every push with these schemas; the device builds its
// mutations with them. A mutation's id is its idempotency key: the server applies it once.
import * as v from 'valibot';
import { ActivityEntrySchema, CreatorSchema, ItemSchema, ServerBidSchema } from './schemas';
import { PROFILE_SECTIONS, type Bid, type BidStatus, type FormValue, type Purchase } from './types';
import {
  NOTHING_TO_WATCH,
  WATCH_FILTERS,
  WATCH_QUERY_MAX,
  watchesSomething,
  type WatchedSearch,
} from './watch';

export { ACCEPTED_MUTATION_VERSIONS, MUTATION_VERSION } from './version';
/** Mutations in one push request, at most. */
export const PUSH_BATCH_MAX = 50;

const LONG_TEXT = 5000;
/**
 * Text the database can store: PostgreSQL refuses NUL characters and broken UTF-16 (a lone
 * surrogate) in text and JSON, so such a value is refused here, with a message, not stored.
 */
export const STORABLE_TEXT = v.check<string, string>(
  (value) =>
    !/\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value),
  'This text contains a character that cannot be stored.',
);
const text = (max = 200) => v.pipe(v.string(), v.maxLength(max), STORABLE_TEXT);
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const notificationId = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(Number.MAX_SAFE_INTEGER),
);
/** A decimal amount of ETH as a string: up to 18 decimals, no sign, no exponent. */
export const EthAmount = v.pipe(
  v.string(),
  v.maxLength(40),
  v.regex(/^\d{1,20}(\.\d{1,18})?$/, 'Enter an amount in ETH, like 1.5.'),
);
const formValue = v.union([text(LONG_TEXT), v.number(), v.boolean(), v.null()]);
const fields = v.pipe(
  v.record(text(60), formValue),
  v.check((r) => Object.keys(r).length <= 40),
);
const stringFields = v.pipe(
  v.record(text(60), text(LONG_TEXT)),
  v.check((r) => Object.keys(r).length <= 20),
);

/** A device-made id: UUID (v7 from the device, any version accepted). */
export const MutationId = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a UUID.'),
);

export const MUTATION_ARGS = {
  bid: v.object({ itemId: id, priceEth: EthAmount, quantity: v.pipe(v.number(), v.integer()) }),
  checkout: v.object({ itemId: id }),
  /** The owner sells the item to an open offer (a bid on an item that is not an auction). */
  'accept-offer': v.object({ itemId: id, bidId: MutationId }),
  /** The owner takes the item off sale. */
  unlist: v.object({ itemId: id }),
  favourite: v.object({ itemId: id, on: v.boolean() }),
  follow: v.object({ creatorId: id, on: v.boolean() }),
  /**
   * The fields of a profile section the device changed, against `base`: the section's version
   * the device had (0: none). Without `base` (an older app), the whole section, which replaces
   * the server's (docs/sync.md "Edits merge").
   */
  profile: v.object({
    section: v.picklist(PROFILE_SECTIONS),
    fields,
    base: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647))),
  }),
  message: v.object({
    kind: v.picklist(['newsletter', 'contact', 'support', 'reset-password']),
    fields: stringFields,
  }),
  creator: v.object({
    name: text(),
    url: v.optional(text(300)),
    bio: v.optional(text(LONG_TEXT)),
    twitter: v.optional(text(100)),
    avatar: v.optional(text(300)),
  }),
  item: v.object({
    title: text(),
    description: text(LONG_TEXT),
    type: text(40),
    rateEth: v.optional(v.union([EthAmount, v.literal('')])),
    startDate: v.optional(text(40)),
    endDate: v.optional(text(40)),
    /** The image uploaded before with PUT /api/images/:imageId. */
    imageId: text(100),
  }),
  /** The account's notification `id` is read (shared/notifications.ts). */
  'notification-read': v.object({ id: notificationId }),
  /** Every notification of the account up to id `upTo` (the newest the device held) is read. */
  'notifications-read': v.object({ upTo: notificationId }),
  /** The account watches explore's words and filters (`on`), or stops watching them; the search
   * is named by its words and filters (shared/watch.ts watchKey), never by an id. */
  'watch-search': v.pipe(
    v.object({ q: text(WATCH_QUERY_MAX), ...WATCH_FILTERS, on: v.boolean() }),
    v.check((search) => watchesSomething(search), NOTHING_TO_WATCH),
  ),
} as const;

export type MutationKind = keyof typeof MUTATION_ARGS;
export const MUTATION_KINDS = Object.keys(MUTATION_ARGS) as MutationKind[];
/** Kinds a signed-out device may push; the rest wait on the device until a sign-in. */
export const ANONYMOUS_KINDS: readonly MutationKind[] = ['message'];

const envelope = {
  id: MutationId,
  v: v.pipe(v.number(), v.integer()),
  /** When the device made it (ISO). */
  at: text(40),
};

const mutation = <K extends MutationKind>(kind: K) =>
  v.object({ ...envelope, kind: v.literal(kind), args: MUTATION_ARGS[kind] });

export const Mutation = v.variant('kind', [
  mutation('bid'),
  mutation('checkout'),
  mutation('accept-offer'),
  mutation('unlist'),
  mutation('favourite'),
  mutation('follow'),
  mutation('profile'),
  mutation('message'),
  mutation('creator'),
  mutation('item'),
  mutation('notification-read'),
  mutation('notifications-read'),
  mutation('watch-search'),
]);
export type Mutation = v.InferOutput<typeof Mutation>;

export const PushRequest = v.object({
  mutations: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(PUSH_BATCH_MAX)),
});

/** Why the server refused a mutation: the device shows the message and rolls back. */
export type RefusalCode =
  | 'invalid'
  | 'not-found'
  | 'forbidden'
  | 'outbid'
  | 'too-low'
  | 'ended'
  | 'sold'
  | 'unlisted'
  | 'conflict'
  | 'version';

export type PushResult =
  | {
      id: string;
      status: 'applied';
      /** The server id of the item an `item` mutation created. */
      itemId?: number;
      /** A profile save: the section's version after it, and the section as it now stands. */
      version?: number;
      fields?: Record<string, FormValue>;
      /** A profile save's fields another device changed first, which kept its value. */
      lost?: LostEdit[];
    }
  | {
      id: string;
      status: 'refused';
      code: RefusalCode;
      /** What happened and what to do, for the sync panel. */
      error: string;
      fields?: Record<string, string>;
    };

/** A field of a profile save that lost: another device's save of it reached the server first
 * (docs/sync.md "Edits merge"). */
export interface LostEdit {
  field: string;
  yours: FormValue;
  kept: FormValue;
}

export interface PushResponse {
  results: PushResult[];
  /** The newest change-log sequence after this push: the device pulls up to it. */
  cursor: number;
}

/** GET /api/me: the signed-in account's own records, never in the public change log. */
export interface MeResponse {
  account: { id: number; email: string; name: string };
  /** Favourite item ids, newest first. */
  favourites: number[];
  /** Followed creator ids, newest first. */
  follows: number[];
  profile: Partial<Record<(typeof PROFILE_SECTIONS)[number], Record<string, unknown>>>;
  /** Each saved section's version: the number of saves that changed it. */
  profileVersions?: Partial<Record<(typeof PROFILE_SECTIONS)[number], number>>;
  bids: ServerBid[];
  purchases: Purchase[];
  /** The searches the account watches, newest first (shared/watch.ts). */
  savedSearches?: WatchedSearch[];
  /** The newest entry of the account's own log read with this answer: the device follows
   * GET /api/me/changes from it (shared/account-channel.ts). */
  cursor?: number;
}

/** A bid as the change log (topic 'bid') and GET /api/me carry it. */
export type ServerBid = Bid & { status: BidStatus };

/** Topics of the change log and the record each carries (null: the record was deleted). */
export type ChangeTopic = 'item' | 'creator' | 'bid' | 'activity';

/**
 * An item as the change log, the snapshot and GET /api/items carry it: the item (ItemSchema),
 * with a null end on an item that has none (the device stores an empty liveDate instead), its
 * favourite count and the number of bids the server has taken on it.
 */
export const ItemChangeSchema = v.object({
  ...ItemSchema.entries,
  liveDate: v.nullable(v.string()),
  date: v.nullish(v.string()),
  favourites: v.pipe(v.number(), v.integer()),
  bidCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** The record each topic of the change log carries (shared/schemas.ts). */
export const CHANGE_SCHEMAS = {
  item: ItemChangeSchema,
  creator: CreatorSchema,
  bid: ServerBidSchema,
  activity: ActivityEntrySchema,
} as const satisfies Record<ChangeTopic, v.ObjectSchema<v.ObjectEntries, undefined>>;

export interface Change {
  seq: number;
  topic: ChangeTopic;
  key: string;
  data: unknown;
}

export interface PullResponse {
  changes: Change[];
  cursor: number;
  more: boolean;
  /**
   * The device's cursor is behind the compacted part of the log, or too far behind
   * (SNAPSHOT_BEHIND): it starts again from the snapshot (SNAPSHOT_PATH, shared/sync-paths.ts); `changes` is empty.
   */
  reset?: true;
  /** The log's identity: another than the one the device followed is another log (the database
   * was restored or replaced), and the device starts from the snapshot. */
  logId?: string;
}

/** What a device keeps of the public history: each item's newest bids (beside the collector's
 * own) and the newest activity. The snapshot sends as much; the log's compaction drops the
 * entries outside it. */
export const KEPT_BIDS_PER_ITEM = 20;
export const KEPT_ACTIVITY = 200;
/** The items a snapshot holds besides the sample catalogue: what the home page shows, the
 * newest items and the running auctions ending soonest (docs/sync.md "Snapshot"). */
export const SNAPSHOT_NEWEST_ITEMS = 12;
export const SNAPSHOT_RUNNING_AUCTIONS = 8;
/** The creators a snapshot holds besides the sample's and those of its items: the creators
 * list's first page the home pages show, and the most followed the creators page shows first. */
export const SNAPSHOT_CREATORS = 60;
export const SNAPSHOT_MOST_FOLLOWED = 6;
/** The items a device keeps, at most (its working set, docs/sync.md "Working set"): the least
 * recently seen go first; a sample item, a favourite, an item the collector bid on or bought and
 * one a waiting change is about are never trimmed. */
export const WORKING_SET_ITEMS = 5_000;
/** Of those, the items that arrived from the change log and the collector never listed or
 * opened, at most: everybody's new uploads, the oldest going first, so they never push out what
 * the collector saw (docs/sync.md "Working set"). */
export const ARRIVED_ITEMS = 500;
/** The creators a device keeps, at most: the least recently seen go first; one followed, a
 * signed-in account's own, the creator of an item never trimmed and one a waiting change is
 * about are never trimmed (docs/sync.md "Working set"). */
export const WORKING_SET_CREATORS = 1_000;
/** Items made on the server have ids from here (the item_ids sequence); below are the sample's. */
export const FIRST_SERVER_ITEM_ID = 100_000;
/** Accounts (and their creators) have ids from here (the account_ids sequence); below are the
 * sample creators'. */
export const FIRST_ACCOUNT_ID = 100_000;
/** A device more entries behind the log than this starts from the snapshot, not the log. */
export const SNAPSHOT_BEHIND = 10_000;

/**
 * A page of the snapshot: records as change-log entries whose `seq` is the page's `cursor` (the
 * log's newest sequence when the page was read: each record is at least that current). `next`
 * asks for the next page; null on the last. The device follows the log from the first page's
 * cursor once the last page has landed.
 */
export interface SnapshotPage {
  records: Change[];
  cursor: number;
  next: string | null;
  /** The log's identity (PullResponse.logId): the device follows this log from the snapshot. */
  logId?: string;
}

/** GET /api/events: the path of the live stream of the change log (Server-Sent Events). */
export const EVENTS_PATH = '/api/events';

/**
 * An event `changes` of the live stream: the log's entries after `since` up to `cursor`, in
 * order (the event's id is `cursor`, so a reconnect resumes after it). A device whose cursor is
 * behind `since` missed some and pulls instead.
 */
export interface LiveBatch {
  since: number;
  cursor: number;
  changes: Change[];
}

/** The event `hello` opening the stream: the server's clock and its newest sequence. */
export interface LiveHello {
  now: number;
  cursor: number;
  /** The log's identity (PullResponse.logId). */
  logId?: string;
  /** The signed-in account whose own log the stream carries (ACCOUNT_LIVE_EVENT); absent: none.
   * A browser reconnecting by itself sends whatever cookie it has now: the device lands `mine`
   * batches only for the account it opened the stream for. */
  accountId?: number;
}

/** The event `reset`: the stream's cursor is too far behind (as PullResponse.reset); the stream
 * ends, and the device starts from the snapshot before it opens one again. */
export interface LiveReset {
  cursor: number;
}
