// The one data-access interface (docs/product.md principle 2) and the types a screen sees through
// it: the contract every room of src/data works to (docs/architecture.md "The data layer's
// rooms"). It imports nothing of device/, remote/ or sync/; data-access.ts composes the device
// store, the remote client and the sync engine behind it.
import type { BidStanding } from '../bid-standing';
import type {
  AccountRecord,
  AcceptOfferInput,
  CheckoutInput,
  CreateItemInput,
  CreatorProfileInput,
  Draft,
  PlaceBidInput,
  Profile,
  SavedSearchRecord,
  StorageEstimate,
} from '../records';
import type { WatchedSearch } from '@shared/watch';
import type {
  ActivityFilter,
  FormValues,
  ProfileSection,
  ActivityEntry,
  Bid,
  BlogPost,
  Collection,
  Creator,
  Item,
  ItemQuery,
  OutboxEntry,
  OutboxKind,
  Page,
  Purchase,
  SearchHit,
} from '@shared/types';
import type { ActivityPage, BidsPage } from '@shared/history';
import type { Notification } from '@shared/notifications';
import type { FaqEntry, FaqSection, StoredMessage, TeamMember, WalletProvider } from '../types';

/** What asking the server found (core/api.ts, the device's one API client): the answer; offline
 * (try later: no network, no answer, or the server cannot answer now, with the wait it asks
 * for and, when it refused for a rate (429), its words: `limit`); signed-out (no session); refused by the API, with its words; or failed, with the words
 * to show (an unreadable answer, or no API here: `noApi`). */
export type ApiResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'offline'; retryAfterMs?: number; limit?: string }
  | { kind: 'signed-out' }
  | { kind: 'refused'; status: number; error: string; fields: Record<string, string> }
  | { kind: 'failed'; error: string; noApi?: true };

/** What opening an item found: the item, none (the server has none either), or none held on a
 * device that cannot ask the server now (offline). */
export type OpenedItem = Item | 'not-saved' | null;

/** What opening a creator found: the creator, none (the server has none either), or none held
 * on a device that cannot ask the server now (offline). */
export type OpenedCreator = Creator | 'not-saved' | null;

/** A page of the creators list a screen asks for: in the list's order (newest accounts first,
 * then the sample's) or the most followed first, by number or `after` the page before's
 * `next`. */
export interface CreatorQuery {
  order?: 'list' | 'followers';
  page?: number;
  pageSize?: number;
  after?: string;
}

/**
 * Where a list is read from. By default, the server's page when there is one (docs/database.md
 * "Lists and search"), else what this device holds, saying so (Page.held). `from: 'device'`:
 * only what this device holds, never asking the server, for a list that must show the device's
 * own (an item's neighbours, as the prerendered pages show them; the best creators, which rank
 * every creator held).
 */
export interface ListOptions {
  from?: 'device';
}

/** The read-only content the store starts from (injected, so tests use small fixtures). */
export interface SampleData {
  items: Item[];
  creators: Creator[];
  collections: Collection[];
  blogPosts: BlogPost[];
  activity: ActivityEntry[];
  walletProviders: WalletProvider[];
  team: TeamMember[];
  faqSections: FaqSection[];
  qa: FaqEntry[];
  terms: FaqEntry[];
  /** Defaults for the local user's creator profile. */
  localUser: { name: string; avatar: string; banner: string };
}

/** Counts of what this device stores, per kind, for the settings screen. */
export type UserDataCounts = Record<
  | 'items'
  | 'images'
  | 'bids'
  | 'purchases'
  | 'favourites'
  | 'follows'
  | 'outbox'
  | 'drafts'
  | 'profile'
  | 'account'
  | 'creators'
  | 'activity'
  | 'mutations'
  | 'notifications'
  | 'savedSearches'
  | 'syncMeta'
  | 'remoteItems'
  | 'remoteCreators',
  number
>;

/**
 * Every read and write of the app. All methods are async. Writes validate their input and
 * throw ValidationError (field messages), NotFoundError (unknown id) or, when the device
 * refuses, StorageFullError / StorageError (see errors.ts). Reads never throw for a missing
 * id: they return null. Items are the sample items merged with those created on the device
 * (ids from 1001, `userCreated`), with bids (highest bid) and purchases (owner) applied.
 */
export interface DataAccess {
  // Items
  /** A page of the items list (explore's: its filters, sort and page), as ListOptions says. */
  listItems(query?: ItemQuery, options?: ListOptions): Promise<Page<Item>>;
  getItem(id: number): Promise<Item | null>;
  /**
   * An item to show on its page: the device's copy, else the server's, which the device then
   * keeps (device/item-open.ts); 'not-saved' when the device holds none and cannot ask now.
   */
  openItem(id: number): Promise<OpenedItem>;
  /** A page of the running auctions (saleKind `auctions`), ending soonest first (query.ts
   * runningAuctions): the server's answer when there is one, else this device's, saying so
   * (Page.held), as listItems. */
  listAuctions(page?: number, pageSize?: number): Promise<Page<Item>>;
  /** Every item this device holds by the creator (its own profile, the local user's). */
  listItemsByCreator(creatorId: number): Promise<Item[]>;
  /** Every item this device holds owned by the account. */
  listItemsByOwner(ownerId: number): Promise<Item[]>;
  /** A page of a creator's profile list, the items they made (`creatorId`) or own (`ownerId`),
   * in the catalogue's order: the server's answer when there is one, else this device's,
   * saying so (Page.held), as listItems. `after`, the page before's `next`, asks the page
   * after it at any depth (page numbers stop at 50). */
  profileItems(
    whose: { creatorId: number } | { ownerId: number },
    page?: number,
    pageSize?: number,
    after?: string,
  ): Promise<Page<Item>>;
  /** In the order of `ids`; unknown ids are skipped. */
  listItemsByIds(ids: readonly number[]): Promise<Item[]>;
  /** Creates an item of the local user (the image is kept on the device). */
  createItem(input: CreateItemInput): Promise<Item>;

  // Images kept on the device, referenced as `idb:<key>`
  saveImage(image: Blob, type?: string): Promise<string>;
  /** An object URL for a stored image key, or null when there is none. */
  getImageUrl(key: string): Promise<string | null>;

  // Creators (the local user's profile has id LOCAL_USER_ID once created)
  /** A page of the creators list (CreatorQuery), as ListOptions says. */
  listCreators(query?: CreatorQuery, options?: ListOptions): Promise<Page<Creator>>;
  getCreator(id: number): Promise<Creator | null>;
  /** A creator by id: what this device holds, else the server's copy (kept here after), or
   * 'not-saved' when the device holds none and cannot ask now. */
  openCreator(id: number): Promise<OpenedCreator>;
  createCreatorProfile(input: CreatorProfileInput): Promise<Creator>;

  // Collections and blog
  /** The collections list asked of the server, else the ones the app ships with
   * (docs/database.md "Lists and search"). */
  listCollections(page?: number, pageSize?: number): Promise<Page<Collection>>;
  getCollection(id: number): Promise<Collection | null>;
  listBlogPosts(page?: number, pageSize?: number): Promise<Page<BlogPost>>;
  getBlogPost(id: number): Promise<BlogPost | null>;
  /** The newest `n` posts by date. */
  latestBlogPosts(n?: number): Promise<BlogPost[]>;

  // Activity: sample entries plus those the user's writes create; newest first
  listActivity(filter?: ActivityFilter): Promise<ActivityEntry[]>;

  // History the device keeps only the latest of (docs/sync.md), asked of the server when the
  // collector asks; never stored: the screen that asked shows it beside what the device holds.
  /** A page of the item's bids, newest first, older than the page whose `next` is `before`. */
  earlierBids(itemId: number, before: string | null): Promise<ApiResult<BidsPage>>;
  /** A page of the marketplace's activity, newest first, older than `before`'s page. */
  olderActivity(before: string | null, limit?: number): Promise<ApiResult<ActivityPage>>;

  // Static lists
  listWalletProviders(): Promise<WalletProvider[]>;
  listTeam(): Promise<TeamMember[]>;
  listFaqSections(): Promise<FaqSection[]>;
  listQa(): Promise<FaqEntry[]>;
  listTerms(): Promise<FaqEntry[]>;

  /**
   * Items, creators, collections and posts as this device answers them, at once: title
   * starts-with > word starts-with > contains; a query the server answered before (searchServer)
   * shows the item hits it gave, offline too.
   */
  search(q: string, limit?: number): Promise<SearchHit[]>;
  /**
   * The same search with the item hits the server ranks (docs/database.md "Lists and search":
   * words, prefixes, a typo forgiven), landed in the device store and remembered for `search`;
   * creators, collections and posts are this device's. Null when there is no server to ask or
   * it could not answer: `search`'s answer stands.
   */
  searchServer(q: string, limit?: number): Promise<SearchHit[] | null>;

  // Bids and purchases
  placeBid(input: PlaceBidInput): Promise<Bid>;
  /** Bids placed on this device for the item, newest first. */
  listBids(itemId: number): Promise<Bid[]>;
  /** Where the collector's own bids stand in the auction of `itemId`, from what the device holds
   * (the server's status, brought by the account channel); null: no bid of theirs, or not an
   * auction. */
  bidStanding(itemId: number): Promise<BidStanding | null>;
  checkout(input: CheckoutInput): Promise<Purchase>;
  listPurchases(): Promise<Purchase[]>;
  /** The owner sells the item to one of its open offers (queued for the server). */
  acceptOffer(input: AcceptOfferInput): Promise<void>;
  /** The owner takes the item off sale (queued for the server). */
  unlistItem(itemId: number): Promise<void>;

  // Favourites and follows
  /** Returns whether the item is now a favourite. */
  toggleFavourite(itemId: number): Promise<boolean>;
  isFavourite(itemId: number): Promise<boolean>;
  /** Favourite items, most recently added first. */
  listFavourites(): Promise<Item[]>;
  /** Favourites whose item this device does not hold (made on another device of the account,
   * not fetched yet), newest first: their item ids, which the sync engine fetches online. */
  favouritesNotSaved(): Promise<number[]>;
  favouriteCount(itemId: number): Promise<number>;
  /** Returns whether the creator is now followed. */
  toggleFollow(creatorId: number): Promise<boolean>;
  isFollowing(creatorId: number): Promise<boolean>;
  /** Followed creators, most recently followed first. */
  listFollows(): Promise<Creator[]>;
  followerCount(creatorId: number): Promise<number>;

  // Watched searches (docs/product.md "Saved searches")
  /** The account's watched searches, newest first. */
  listSavedSearches(): Promise<SavedSearchRecord[]>;
  /** Watches the search (`on`) or stops watching it: on this device at once, queued for the
   * server. Throws ValidationError for a search of nothing or past SAVED_SEARCHES_MAX. */
  setSearchWatched(search: WatchedSearch, on: boolean): Promise<void>;

  // Outbox (newsletter, contact, support, reset password), newest first
  saveOutbox(kind: OutboxKind, fields: Record<string, string>): Promise<OutboxEntry>;
  listOutbox(): Promise<OutboxEntry[]>;
  clearOutbox(): Promise<void>;
  /** The outbox, newest first, each message with where it stands (sent, waiting, refused). */
  listStoredMessages(): Promise<StoredMessage[]>;
  /** Forgets the messages already sent (the server has them); answers how many. */
  clearSentMessages(): Promise<number>;

  // Drafts of long forms
  saveDraft(formId: string, values: FormValues): Promise<void>;
  loadDraft(formId: string): Promise<Draft | null>;
  clearDraft(formId: string): Promise<void>;

  // Notifications (docs/product.md "Notifications"): the signed-in account's, as the account
  // channel brought them (topic `notification`); none while nobody is signed in. Offline they
  // are what the device holds; marking read waits in the outbox like any write.
  /** A page of the account's notifications, newest first, older than `before` (a notification
   * id; `next` is the one to pass for the page after, null: no more). */
  listNotifications(
    before?: number,
    limit?: number,
  ): Promise<{ notifications: Notification[]; next: number | null }>;
  /** Asks the server for a page of the account's notifications older than `before` (the
   * oldest the device holds), keeps them on the device, and answers them: `next` null, the
   * server has none older. */
  olderNotifications(
    before: number,
    limit?: number,
  ): Promise<ApiResult<{ notifications: Notification[]; next: number | null }>>;
  /** How many of the account's notifications are unread. */
  unreadNotifications(): Promise<number>;
  /** Marks one read, on this device at once and on every device of the account once pushed. */
  markNotificationRead(id: number): Promise<void>;
  /** Marks every notification the device holds read (up to the newest), as markNotificationRead. */
  markAllNotificationsRead(): Promise<void>;

  // Profile and account
  // Every record of the user's own is kept per account (owner.ts): another account signed in on
  // the same device never sees them.
  /** Saves a section; `base`: the section's version the form's values were based on (from
   * loadProfileVersions when the form was opened or last refreshed), else the version the device
   * holds (docs/sync.md "Edits merge"); `shown`: the values the form started from, so that only
   * the fields the collector changed are sent. */
  saveProfileSection(
    section: ProfileSection,
    values: FormValues,
    base?: number,
    shown?: FormValues,
  ): Promise<void>;
  /** The version of each profile section the device holds (0 for a section never synced). */
  loadProfileVersions(): Promise<Partial<Record<ProfileSection, number>>>;
  /** The signed-in account's profile, or the profile of `account` (a login about to start, the
   * account the lock screen shows). */
  loadProfile(account?: AccountRecord): Promise<Profile>;
  /** Saves the account's record (under its server id) and remembers it as the last login. */
  saveAccount(record: AccountRecord): Promise<void>;
  /** The signed-in account's record; while nobody is signed in, the last login on this device. */
  loadAccount(): Promise<AccountRecord | null>;
  /** The signed-in account takes over what was made while nobody was signed in (favourites,
   * follows, their waiting changes...); returns how many records moved. */
  adoptSignedOutRecords(): Promise<number>;

  // The device itself
  /** Clears the signed-in account's records: account, profile, items, images, bids,
   * favourites, drafts, its outbox... Other accounts' records and the catalogue stay. */
  deleteAllUserData(): Promise<void>;
  /** Records per store: the signed-in account's in its own stores, all in the shared ones. */
  countUserData(): Promise<UserDataCounts>;
  /** The signed-in account's changes that still wait to reach the server (the sync outbox). */
  countWaitingChanges(): Promise<number>;
  /** navigator.storage.estimate() when the browser has it, else null. */
  storageEstimate(): Promise<StorageEstimate | null>;
}
