// The device (IndexedDB) implementation of DataAccess, composed: the device store's modules
// (device/), handed the server's asks and the one path of the server's word (sync/apply.ts),
// which device/ cannot import (docs/architecture.md "The data layer's rooms"). Sample content
// merged with what the user saved on this device; every write validates, then saves in one
// transaction.
import type { DataAccess, SampleData } from './contract/data-access';
import { currentOwner, type Owner } from './owner';
import type { StorageEstimate } from './records';
import * as activity from './device/activity';
import * as bids from './device/bids';
import * as catalog from './device/catalog';
import type { DeviceContext } from './device/context';
import * as creators from './device/creators';
import { createDbHandle } from './device/db';
import * as forms from './device/forms';
import * as images from './device/images';
import * as itemLists from './device/item-lists';
import { openItem } from './device/item-open';
import * as itemSearch from './device/item-search';
import * as items from './device/items';
import * as offers from './device/offers';
import * as owners from './device/owners';
import * as remote from './device/remote';
import * as social from './device/social';
import type { HistoryAsks } from './remote/history-api';
import { NO_SERVER } from './core/api';
import { randomId, uuidv7 } from './core/ids';

/** The server's asks the device store is handed, as its context names them (device/context.ts);
 * none: the device answers alone. */
type ServerAsks = Pick<
  DeviceContext,
  | 'lists'
  | 'itemPage'
  | 'creatorLists'
  | 'creator'
  | 'collectionLists'
  | 'serverOn'
  | 'notAsked'
  | 'listsFreshMs'
  | 'listsStale'
>;

export interface DeviceOptions extends ServerAsks {
  sample: SampleData;
  /** Database name and version; default IDB_NAME / IDB_VERSION (storage-keys.ts). */
  dbName?: string;
  dbVersion?: number;
  now?: () => Date;
  newId?: () => string;
  newMutationId?: () => string;
  /** Whose records are read and written; default: the session's (owner.ts currentOwner). */
  owner?: () => Owner;
  /** Asks the server for the history the device does not keep; none: there is no server. */
  history?: HistoryAsks;
}

export interface DeviceDataAccess extends DataAccess {
  /** Closes the connection (tests, or before deleting the database). */
  close(): void;
}

async function storageEstimate(): Promise<StorageEstimate | null> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.estimate !== 'function') {
    return null;
  }
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota };
  } catch {
    return null;
  }
}

export function createDeviceDataAccess(options: DeviceOptions): DeviceDataAccess {
  const ctx: DeviceContext = {
    db: createDbHandle(options.dbName, options.dbVersion),
    sample: options.sample,
    owner: options.owner ?? currentOwner,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomId,
    newMutationId: options.newMutationId ?? (() => uuidv7()),
    imageUrls: new Map(),
    // Loaded with the server's first answer: the app's first code does not carry it.
    land: async (db, word) => (await import('./sync/apply')).applyServerWord(db, word),
    ...(options.lists ? { lists: options.lists } : {}),
    ...(options.itemPage ? { itemPage: options.itemPage } : {}),
    ...(options.creatorLists ? { creatorLists: options.creatorLists } : {}),
    ...(options.creator ? { creator: options.creator } : {}),
    ...(options.collectionLists ? { collectionLists: options.collectionLists } : {}),
    ...(options.serverOn ? { serverOn: options.serverOn } : {}),
    ...(options.notAsked ? { notAsked: options.notAsked } : {}),
    ...(options.listsFreshMs ? { listsFreshMs: options.listsFreshMs } : {}),
    ...(options.listsStale ? { listsStale: options.listsStale } : {}),
  };
  const { sample } = ctx;

  return {
    listItems: (query, listOptions) => itemLists.listItems(ctx, query, listOptions),
    getItem: (id) => items.getItem(ctx, id),
    openItem: (id) => openItem(ctx, id),
    listItemsByCreator: (creatorId) => items.listItemsByCreator(ctx, creatorId),
    listItemsByOwner: (ownerId) => items.listItemsByOwner(ctx, ownerId),
    listAuctions: (page, pageSize) => itemLists.listAuctions(ctx, page, pageSize),
    profileItems: (whose, page, pageSize, after) =>
      itemLists.listProfileItems(ctx, whose, page, pageSize, after),
    listItemsByIds: (ids) => items.listItemsByIds(ctx, ids),
    createItem: (input) => items.createItem(ctx, input),

    saveImage: (image, type) => images.saveImage(ctx, image, type),
    getImageUrl: (key) => images.getImageUrl(ctx, key),

    // Loaded when a screen asks: the app's first code does not carry them.
    listCreators: async (query, listOptions) =>
      (await import('./device/creator-lists')).listCreators(ctx, query, listOptions),
    getCreator: (id) => creators.getCreator(ctx, id),
    openCreator: async (id) => (await import('./device/creator-lists')).openCreator(ctx, id),
    createCreatorProfile: (input) => creators.createCreatorProfile(ctx, input),

    listCollections: async (page, pageSize) =>
      (await import('./device/collection-lists')).listCollectionsPage(ctx, page, pageSize),
    getCollection: async (id) => catalog.getCollection(ctx, id),
    listBlogPosts: async (page, pageSize) => catalog.listBlogPosts(ctx, page, pageSize),
    getBlogPost: async (id) => catalog.getBlogPost(ctx, id),
    latestBlogPosts: async (n) => catalog.latestBlogPosts(ctx, n),

    listActivity: (filter) => activity.listActivity(ctx, filter),
    earlierBids: async (itemId, before) =>
      options.history ? options.history.itemBids(itemId, before) : NO_SERVER,
    olderActivity: async (before, limit) =>
      options.history ? options.history.activity(before, limit) : NO_SERVER,

    listWalletProviders: async () => [...sample.walletProviders],
    listTeam: async () => [...sample.team],
    listFaqSections: async () => [...sample.faqSections],
    listQa: async () => [...sample.qa],
    listTerms: async () => [...sample.terms],

    search: (q, limit) => itemSearch.search(ctx, q, limit),
    searchServer: (q, limit) => itemSearch.searchServer(ctx, q, limit),

    placeBid: (input) => bids.placeBid(ctx, input),
    listBids: (itemId) => bids.listBids(ctx, itemId),
    bidStanding: (itemId) => bids.bidStanding(ctx, itemId),
    checkout: (input) => bids.checkout(ctx, input),
    listPurchases: () => bids.listPurchases(ctx),
    acceptOffer: (input) => offers.acceptOffer(ctx, input),
    unlistItem: (itemId) => offers.unlistItem(ctx, itemId),

    toggleFavourite: (itemId) => social.toggleFavourite(ctx, itemId),
    isFavourite: (itemId) => social.isFavourite(ctx, itemId),
    listFavourites: () => social.listFavourites(ctx),
    favouritesNotSaved: () => social.favouritesNotSaved(ctx),
    favouriteCount: (itemId) => social.favouriteCount(ctx, itemId),
    toggleFollow: (creatorId) => social.toggleFollow(ctx, creatorId),
    isFollowing: (creatorId) => social.isFollowing(ctx, creatorId),
    listFollows: () => social.listFollows(ctx),
    followerCount: (creatorId) => social.followerCount(ctx, creatorId),

    // Loaded when explore or the inbox asks, as the notifications are.
    listSavedSearches: async () => (await import('./device/saved-searches')).listSavedSearches(ctx),
    setSearchWatched: async (search, on) =>
      (await import('./device/saved-searches')).setSearchWatched(ctx, search, on),

    // Loaded when the bell or the inbox asks: the app's first code does not carry them.
    listNotifications: async (before, limit) =>
      (await import('./device/notifications')).listNotifications(ctx, before, limit),
    olderNotifications: async (before, limit) =>
      options.history
        ? (await import('./device/notifications')).landOlderNotifications(
            ctx,
            options.history.notifications,
            before,
            limit,
          )
        : NO_SERVER,
    unreadNotifications: async () =>
      (await import('./device/notifications')).unreadNotifications(ctx),
    markNotificationRead: async (id) =>
      (await import('./device/notifications')).markNotificationRead(ctx, id),
    markAllNotificationsRead: async () =>
      (await import('./device/notifications')).markAllNotificationsRead(ctx),

    saveOutbox: (kind, fields) => forms.saveOutbox(ctx, kind, fields),
    listOutbox: () => forms.listOutbox(ctx),
    clearOutbox: () => forms.clearOutbox(ctx),
    listStoredMessages: () => forms.listStoredMessages(ctx),
    clearSentMessages: () => forms.clearSentMessages(ctx),
    saveDraft: (formId, values) => forms.saveDraft(ctx, formId, values),
    loadDraft: (formId) => forms.loadDraft(ctx, formId),
    clearDraft: (formId) => forms.clearDraft(ctx, formId),
    saveProfileSection: (section, values, base, shown) =>
      forms.saveProfileSection(ctx, section, values, base, shown),
    loadProfileVersions: () => forms.loadProfileVersions(ctx),
    loadProfile: (account) => forms.loadProfile(ctx, account),
    saveAccount: (record) => forms.saveAccount(ctx, record),
    loadAccount: () => forms.loadAccount(ctx),

    adoptSignedOutRecords: () => owners.adoptSignedOutRecords(ctx),
    deleteAllUserData: async () => {
      await owners.deleteOwnerData(ctx);
      images.revokeImageUrls(ctx);
    },
    countUserData: () => owners.countOwnerData(ctx),
    countWaitingChanges: async () => (await remote.readWaiting(ctx)).length,
    storageEstimate,
    close: () => {
      images.revokeImageUrls(ctx);
      ctx.db.close();
    },
  };
}
