// The app's data access, composed (docs/product.md principle 2): the device store over the
// sample data, asking the server through remote/ and sync/ (docs/architecture.md "The data
// layer's rooms"). Features call getDataAccess from their api.ts; screens never touch storage
// or sample arrays. The interface and the types a screen sees are the contract's
// (contract/data-access.ts).
import type { DataAccess, SampleData } from './contract/data-access';
import { createDeviceDataAccess } from './device-data-access';
import { imageUrlOf } from './image-ref';
import {
  fetchCollectionList,
  fetchCreator,
  fetchCreatorList,
  fetchItemList,
} from './remote/catalog-api';
import { fetchActivity, fetchItemBids, fetchOlderNotifications } from './remote/history-api';
import { fetchItemPage } from './sync/item-page';
import {
  noteListNotAsked,
  noteListsStale,
  serverListsAsked,
  SERVER_LIST_FRESH_MS,
} from './server-lists';
import { resetSampleEpoch, sampleEpoch } from './sample-epoch';
import { createSampleActivity } from './sample/activity';
import { sampleBlogPosts } from '@shared/sample/blog';
import { sampleCollections } from '@shared/sample/collections';
import { sampleCreators } from '@shared/sample/creators';
import { faqSections, qaEntries, termsEntries } from './sample/faqs';
import { createSampleItems } from '@shared/sample/items';
import { teamMembers } from './sample/team';
import { sampleUser } from '@shared/sample/user';
import { walletProviders } from './sample/wallets';

export { LOCAL_USER_ID } from '@shared/types';
export { sampleEpoch } from './sample-epoch';

/** Builds the sample content as of `now` (auction end times are relative to it). */
export function loadSampleData(now: Date): SampleData {
  const firstCreator = sampleCreators[0];
  return {
    items: createSampleItems(now.getTime()),
    creators: sampleCreators,
    collections: sampleCollections,
    blogPosts: sampleBlogPosts,
    activity: createSampleActivity(now.getTime()),
    walletProviders,
    team: teamMembers,
    faqSections,
    qa: qaEntries,
    terms: termsEntries,
    localUser: {
      name: sampleUser.name,
      avatar: sampleUser.avatar,
      banner: firstCreator ? firstCreator.banner : sampleUser.avatar,
    },
  };
}

let instance: DataAccess | null = null;

/** The app's data access, created on first use: the device store over the sample data. */
export function getDataAccess(): DataAccess {
  if (!instance) {
    instance = createDeviceDataAccess({
      sample: loadSampleData(new Date(sampleEpoch())),
      // The server answers lists once the app asked for it (server-lists.ts); before, the
      // device answers alone (the prerender, a prerendered copy being adopted, tests).
      lists: fetchItemList,
      itemPage: fetchItemPage,
      creatorLists: fetchCreatorList,
      creator: fetchCreator,
      collectionLists: fetchCollectionList,
      history: {
        itemBids: fetchItemBids,
        activity: fetchActivity,
        notifications: fetchOlderNotifications,
      },
      serverOn: serverListsAsked,
      notAsked: noteListNotAsked,
      listsFreshMs: SERVER_LIST_FRESH_MS,
      listsStale: noteListsStale,
    });
  }
  return instance;
}

/** Replaces the instance getDataAccess returns (null: build a fresh default on next use). */
export function setDataAccessForTests(next: DataAccess | null): void {
  instance = next;
  if (next === null) resetSampleEpoch();
}

export { MISSING_IMAGE_SRC } from './image-ref';

/** Turns an `idb:<key>` reference into an object URL; any other URL is returned as is. */
export function resolveImage(src: string): Promise<string> {
  return imageUrlOf(src, (key) => getDataAccess().getImageUrl(key));
}
