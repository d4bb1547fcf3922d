// Small sample content and a fresh device store per test (not a test file itself).
import { IDBFactory } from 'fake-indexeddb';
import type { SampleData } from '../contract/data-access';
import {
  createDeviceDataAccess,
  type DeviceDataAccess,
  type DeviceOptions,
} from '../device-data-access';
import type { Owner } from '../owner';
import type { ActivityEntry, BlogPost, Collection, Creator, Item } from '@shared/types';

export const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(NOW.getTime() + h * HOUR).toISOString();

export function makeItem(fields: Partial<Item> & Pick<Item, 'id' | 'title'>): Item {
  return {
    image: `/images/item-${fields.id}.webp`,
    avatar: '/images/avatar.webp',
    subtext: '@ana',
    name: 'Ana Lopez',
    creatorId: 1,
    ownerId: 1,
    collectionId: 1,
    liveDate: '',
    category: 'Art',
    marketCategory: 'art',
    saleKind: 'now',
    subImage: [{ index: 1, image: '/images/sub.webp' }],
    priceEth: '3.5',
    highestBidEth: '3.55',
    rating: 3,
    description: '',
    contractAddress: '0x1234567890abcdef1234567890abcdef12345678',
    tokenId: String(fields.id),
    blockchain: 'ETH',
    ...fields,
  };
}

export function makeCreator(fields: Partial<Creator> & Pick<Creator, 'id' | 'name'>): Creator {
  return {
    handle: `@${fields.name.toLowerCase().replace(/\s+/g, '')}`,
    avatar: `/images/creator-${fields.id}.webp`,
    banner: '/images/banner.webp',
    verified: true,
    bio: '',
    volumeEth: '10.5',
    followers: 10,
    thumbnails: ['/images/t1.webp', '/images/t2.webp'],
    ...fields,
  };
}

export function sampleFixture(): SampleData {
  const items: Item[] = [
    makeItem({
      id: 1,
      title: 'Abstract Smoke Red',
      rating: 4,
      liveDate: inHours(2),
      description: 'A study of smoke',
    }),
    makeItem({
      id: 2,
      title: 'Café Dreams',
      name: 'Bo Chen',
      subtext: '@bochen',
      creatorId: 2,
      category: 'Music',
      marketCategory: 'music',
      saleKind: 'auctions',
      rating: 5,
      liveDate: inHours(1),
    }),
    makeItem({
      id: 3,
      title: 'Pixel Knight',
      category: 'Games',
      marketCategory: 'virtual',
      saleKind: 'auctions',
      rating: 4,
      liveDate: inHours(-1),
    }),
    makeItem({
      id: 4,
      title: 'Neon Cat',
      name: 'Bo Chen',
      subtext: '@bochen',
      creatorId: 2,
      category: 'Memes',
      saleKind: 'offers',
      rating: 2,
    }),
    makeItem({
      id: 5,
      title: 'Red Planet',
      name: 'Redmond Ray',
      subtext: '@redmond',
      creatorId: 3,
      rating: 4,
      liveDate: inHours(3),
      description: 'Smoke over Mars',
    }),
  ];
  const creators = [
    makeCreator({ id: 1, name: 'Ana Lopez', followers: 10 }),
    makeCreator({ id: 2, name: 'Bo Chen', followers: 5 }),
    makeCreator({ id: 3, name: 'Redmond Ray', followers: 0 }),
  ];
  const collections: Collection[] = [
    {
      id: 1,
      image: '/images/col-1.webp',
      avatar: '/images/avatar.webp',
      title: 'Scarlet Red Collection',
      subtext: '@ana',
      name: 'Ana Lopez',
      creatorId: 1,
      items: 25,
      subImage: [],
    },
  ];
  const blogPosts: BlogPost[] = [1, 2, 3, 4].map((id) => ({
    id,
    title: id === 2 ? 'Why reds sell' : `Market notes ${id}`,
    image: `/images/blog-${id}.webp`,
    category: 'Arts',
    subtext: '@ana',
    authorId: 1,
    date: `2026-01-0${id}`,
    excerpt: '',
  }));
  const activity: ActivityEntry[] = [
    {
      id: 's1',
      type: 'Sale',
      at: inHours(-5),
      description: 'Ana sold Abstract Smoke Red',
      image: '/images/item-1.webp',
      itemId: 1,
      tags: ['Sales'],
    },
    {
      id: 's2',
      type: 'Listing',
      at: inHours(-2),
      description: 'Bo listed Neon Cat',
      image: '/images/item-4.webp',
      itemId: 4,
      tags: ['Listing', 'Music'],
    },
  ];
  return {
    items,
    creators,
    collections,
    blogPosts,
    activity,
    walletProviders: [],
    team: [],
    faqSections: [],
    qa: [],
    terms: [],
    localUser: { name: 'Sample User', avatar: '/images/me.webp', banner: '/images/me-banner.webp' },
  };
}

/** The n-th mutation id of a fresh test store. */
export function mutationId(n: number): string {
  return `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

export interface TestStore {
  data: DeviceDataAccess;
  clock: { now: Date; advance(ms: number): void };
}

/** A device store over the fixtures, in a brand-new IndexedDB, with a controllable clock;
 * `owner` says who is signed in (default: the session's, signed out in tests). */
/** A store on a fresh IndexedDB; `asks`, the server's asks it is handed (none: no server). */
export function freshStore(
  sample: SampleData = sampleFixture(),
  owner?: () => Owner,
  asks: Pick<DeviceOptions, 'history'> = {},
): TestStore {
  globalThis.indexedDB = new IDBFactory();
  const clock = {
    now: new Date(NOW),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  let seq = 0;
  let mutationSeq = 0;
  const data = createDeviceDataAccess({
    sample,
    now: () => clock.now,
    newId: () => `id-${++seq}`,
    // UUID v7-shaped and in order, like the real ones.
    newMutationId: () => mutationId(++mutationSeq),
    ...(owner ? { owner } : {}),
    ...asks,
  });
  return { data, clock };
}

export function pngBlob(bytes = 64): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}
