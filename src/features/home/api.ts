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
  /** The creators list's first page (the server's when it answers): the creator grids. */
  creators: Creator[];
  /** How many creators the list has ("10,000+" when `creatorsCapped`). */
  creatorCount: number;
  creatorsCapped: boolean;
  /** The creators this device holds, which the best creators rank: a creator's sales are the
   * sample's figures (an account's are none), so the sample creators, always held, are the
   * best of every period (docs/database.md "Lists and search"). */
  heldCreators: Creator[];
  qa: FaqEntry[];
  /** The latest-blog block's posts, read with the rest so the first render shows them. */
  latestPosts: BlogPost[];
}

const ITEMS_WANTED = 12;
const AUCTIONS_WANTED = 8;
const COLLECTIONS_WANTED = 10;
/** The creator grids' page: the creators list's first page, as many as a snapshot carries
 * (shared/protocol.ts SNAPSHOT_CREATORS), so they show offline on a fresh device too. */
const CREATORS_WANTED = 60;
/** Enough to hold every creator the device holds for the ranking. */
const HELD_CREATORS = 5000;

export async function loadHomeData(): Promise<HomeData> {
  const data = getDataAccess();
  const [items, auctions, collections, creators, held, qa, latestPosts] = await Promise.all([
    // Explore's and Live Auction's first pages: the server's when it answers (docs/database.md
    // "Lists and search"), else what the device holds (the snapshot carries these).
    data.listItems({ page: 1, pageSize: ITEMS_WANTED }),
    data.listAuctions(1, AUCTIONS_WANTED),
    data.listCollections(1, COLLECTIONS_WANTED),
    data.listCreators({ pageSize: CREATORS_WANTED }),
    data.listCreators({ pageSize: HELD_CREATORS }, { from: 'device' }),
    data.listQa(),
    data.latestBlogPosts(LATEST_BLOG_COUNT),
  ]);
  return {
    items: items.items,
    auctions: auctions.items,
    collections: collections.items,
    creators: creators.items,
    creatorCount: creators.total,
    creatorsCapped: creators.capped === true,
    heldCreators: held.items,
    qa,
    latestPosts,
  };
}
