// The device store's schema: the stores of the one IndexedDB database, what each holds, the keys
// of the engine's own records, and which stores belong to an owner. Its upgrade steps are
// migrations.ts; the connection is db.ts; the validating readers are readers.ts.
import type { DBSchema, IDBPDatabase, StoreNames } from 'idb';
import type { Owner } from '../owner';
import type {
  AccountRecord,
  Draft,
  FavouriteRecord,
  FollowRecord,
  ImageRecord,
  ProfileRecord,
  SavedSearchRecord,
} from '../records';
import type { QueuedMutation } from '../core/outbox';
import type { Notification } from '@shared/notifications';
import type { ActivityEntry, Bid, Creator, Item, OutboxEntry, Purchase } from '@shared/types';

/** An item as the server sends it: the Item plus its favourite count, and its number of bids
 * (Item.bidCount) from servers that send it (remote.ts isRemoteItem checks one). */
export type RemoteItem = Item & { favourites: number };

/** A record of the user's own, with the owner it was made under (owner.ts). */
export type Owned<T> = T & { owner: Owner };
/** A record the server sent, with the log sequence of its last change (sync/apply.ts). */
export type Sequenced<T> = T & { seq?: number };
type ByOwner = { owner: Owner };

export interface ArtmintSchema extends DBSchema {
  items: { key: number; value: Owned<Item>; indexes: ByOwner };
  images: { key: string; value: Owned<ImageRecord>; indexes: ByOwner };
  /** The owner's own bids, and the bids the server sent to everyone (owner PUBLIC). */
  /** `by`: the owner whose bid this was on this device, once the server's copy replaced it;
   * indexed (version 5), so the collector's own bids are read without the public ones
   * (sync/working-set.ts). */
  bids: {
    key: string;
    value: Sequenced<Owned<Bid>> & { by?: Owner };
    indexes: { itemId: number; by: Owner } & ByOwner;
  };
  purchases: { key: string; value: Owned<Purchase>; indexes: { itemId: number } & ByOwner };
  favourites: { key: [Owner, number]; value: Owned<FavouriteRecord>; indexes: ByOwner };
  follows: { key: [Owner, number]; value: Owned<FollowRecord>; indexes: ByOwner };
  outbox: { key: string; value: Owned<OutboxEntry>; indexes: ByOwner };
  drafts: { key: [Owner, string]; value: Owned<Draft>; indexes: ByOwner };
  profile: { key: [Owner, string]; value: Owned<ProfileRecord>; indexes: ByOwner };
  /** One record per account, under its owner (out-of-line key). */
  account: { key: Owner; value: AccountRecord };
  /** The owner's creator profile (id LOCAL_USER_ID). */
  creators: { key: [Owner, number]; value: Owned<Creator>; indexes: ByOwner };
  /** The owner's own entries, and the entries the server sent to everyone (owner PUBLIC). */
  activity: { key: [Owner, string]; value: Sequenced<Owned<ActivityEntry>>; indexes: ByOwner };
  /** The account's notifications as the account channel brought them (version 6), newest the
   * highest id (device/notifications.ts). */
  notifications: { key: [Owner, number]; value: Owned<Notification>; indexes: ByOwner };
  /** The searches the account watches (version 7), keyed [owner, watchKey]
   * (device/saved-searches.ts). */
  savedSearches: { key: [Owner, string]; value: Owned<SavedSearchRecord>; indexes: ByOwner };
  /** The sync outbox: mutations in the order they were made (UUID v7 keys sort by time). */
  mutations: { key: string; value: QueuedMutation; indexes: ByOwner };
  /** The sync engine's own state (the pull cursor...), out-of-line keys. */
  syncMeta: { key: string; value: unknown };
  /** Items and creators as the server last said (pulled); they replace the sample copies. */
  /** `seenAt`: when the collector last listed or opened it (ms), -1 for an item that arrived
   * from the log and was never listed or opened; the working set trims the least recently seen
   * first (sync/working-set.ts). A creator's `seenAt` likewise (not indexed). */
  remoteItems: {
    key: number;
    value: Sequenced<RemoteItem> & { seenAt?: number };
    indexes: { seenAt: number };
  };
  remoteCreators: { key: number; value: Sequenced<Creator> & { seenAt?: number } };
}

export type StoreName = StoreNames<ArtmintSchema>;
export type ArtmintDb = IDBPDatabase<ArtmintSchema>;
/** syncMeta: the owner of the account this device remembers (the last login), for the lock
 * screen and a login while signed out. */
export const REMEMBERED_KEY = 'rememberedAccount';
/** syncMeta: the pull cursor (apply.ts). */
export const CURSOR_KEY = 'cursor';

/** The stores of the user's own records, each with an "owner" index. */
export const OWNED_STORES = [
  'items',
  'images',
  'bids',
  'purchases',
  'favourites',
  'follows',
  'outbox',
  'drafts',
  'profile',
  'creators',
  'activity',
  'mutations',
  'notifications',
  'savedSearches',
] as const satisfies readonly StoreName[];
export type OwnedStore = (typeof OWNED_STORES)[number];

/** Stores whose key is [owner, key of version 2] (the same key may exist for two accounts). */
export const OWNER_KEYED: Partial<Record<OwnedStore, string>> = {
  favourites: 'itemId',
  follows: 'creatorId',
  drafts: 'formId',
  profile: 'section',
  creators: 'id',
  activity: 'id',
  notifications: 'id',
  savedSearches: 'key',
};

/** Every store: the user's own, then the shared ones (the remembered account, the engine's
 * state and the pulled catalogue). */
export const STORE_NAMES: readonly StoreName[] = [
  ...OWNED_STORES,
  'account',
  'syncMeta',
  'remoteItems',
  'remoteCreators',
];
