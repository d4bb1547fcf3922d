// The home pages' reads, all through the one data access (docs/architecture.md 4).
import { LATEST_BLOG_COUNT } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { BlogPost, Collection, Creator, Item } from '@shared/types';
import type { FaqEntry } from '@/data/types';

export interface HomeData {
  /** Sample and device items, newest list order (the first 12 are enough for every block). */
  items: Item[];
  /** Running auctions first, soonest ending first. */
  auctions: Item[];
  collections: Collection[];
  creators: Creator[];
  qa: FaqEntry[];
  /** The latest-blog block's posts, read with the rest so the first render shows them. */
  latestPosts: BlogPost[];
}

const ITEMS_WANTED = 12;
const AUCTIONS_WANTED = 8;
const COLLECTIONS_WANTED = 10;
const CREATORS_WANTED = 100;

export async function loadHomeData(): Promise<HomeData> {
  const data = getDataAccess();
  const [items, auctions, collections, creators, qa, latestPosts] = await Promise.all([
    data.listItems({ page: 1, pageSize: ITEMS_WANTED }),
    data.listAuctions(1, AUCTIONS_WANTED),
    data.listCollections(1, COLLECTIONS_WANTED),
    data.listCreators(1, CREATORS_WANTED),
    data.listQa(),
    data.latestBlogPosts(LATEST_BLOG_COUNT),
  ]);
  return {
    items: items.items,
    auctions: auctions.items,
    collections: collections.items,
    creators: creators.items,
    qa,
    latestPosts,
  };
}
