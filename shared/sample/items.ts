// Twelve sample items. Auction end times are relative to when the app runs, so the demo
// auctions are always live: `createSampleItems(now)` is pure; `sampleItems` uses Date.now().
import { NO_BID_ETH } from '../market';
import type { Item, ItemCategory, MarketCategory, SaleKind } from '../types';
import { sampleCreator } from './creators';
import { itemImage, itemSubImage } from './image-paths';

export const SAMPLE_PRICE_ETH = '3.5';
/** The sample auctions' highest bid. An item that takes offers starts with none ("No offers
 * yet"): its best offer is always one of the offers its page lists (docs/product.md "Price and
 * highest bid"). */
export const SAMPLE_HIGHEST_BID_ETH = '3.55';
export const SUB_IMAGES_PER_ITEM = 3;

interface ItemSeed {
  title: string;
  category: ItemCategory;
  marketCategory: MarketCategory;
  saleKind: SaleKind;
  rating: number;
  ownerId: number;
  collectionId: number;
  /** Auction end, in hours from now. */
  endsInHours: number;
  description: string;
}

// Item n is by creator n; the art style follows the category (scripts/generate-assets.mjs).
const SEEDS: ItemSeed[] = [
  {
    title: 'Violet Bloom',
    category: 'Art',
    marketCategory: 'art',
    saleKind: 'now',
    rating: 4.8,
    ownerId: 5,
    collectionId: 7,
    endsInHours: 6.5,
    description:
      'Six paper-thin layers of colour stacked until they open like a flower at dusk. The first piece of the Liquid Colour series.',
  },
  {
    title: 'Pixel Guardian',
    category: 'Games',
    marketCategory: 'trading',
    saleKind: 'auctions',
    rating: 4.2,
    ownerId: 9,
    collectionId: 8,
    endsInHours: 14.25,
    description:
      'A mirrored 10 x 10 sprite that keeps watch over your wallet. Holders get the playable character in two partner games.',
  },
  {
    title: 'Tidal Frequencies',
    category: 'Music',
    marketCategory: 'music',
    saleKind: 'offers',
    rating: 3.9,
    ownerId: 3,
    collectionId: 9,
    endsInHours: 27,
    description:
      'A harbour recording at 4 a.m., drawn as six rolling waves under a setting sun. Comes with the original 3-minute audio.',
  },
  {
    title: 'Saturn Drift',
    category: 'Video',
    marketCategory: 'virtual',
    saleKind: 'auctions',
    rating: 4.5,
    ownerId: 11,
    collectionId: 3,
    endsInHours: 33.5,
    description:
      'A slow orbital loop of a ringed giant and its lonely moon, made for large screens and late nights.',
  },
  {
    title: 'Grin Machine',
    category: 'Memes',
    marketCategory: 'domain',
    saleKind: 'now',
    rating: 2.7,
    ownerId: 2,
    collectionId: 10,
    endsInHours: 48,
    description:
      'The sticker that answered every group chat in 2025, now a one-of-one with its original wobbly outline.',
  },
  {
    title: 'Bauhaus Sunrise',
    category: 'Art',
    marketCategory: 'art',
    saleKind: 'offers',
    rating: 4.8,
    ownerId: 4,
    collectionId: 2,
    endsInHours: 59.75,
    description:
      'Sixteen tiles of quarter circles, stripes and suns: a morning in Dessau rebuilt on a strict grid.',
  },
  {
    title: 'Emerald Shard',
    category: 'Games',
    marketCategory: 'trading',
    saleKind: 'auctions',
    rating: 3.1,
    ownerId: 1,
    collectionId: 4,
    endsInHours: 71,
    description:
      'A faceted loot gem from a low-poly forest level. Equip it in-game for a glow that follows your character.',
  },
  {
    title: 'Ember Vinyl',
    category: 'Music',
    marketCategory: 'music',
    saleKind: 'now',
    rating: 4.0,
    ownerId: 12,
    collectionId: 5,
    endsInHours: 86.5,
    description:
      'A record wrapped in its own equaliser: 72 bars that trace the peaks of an unreleased late-night set.',
  },
  {
    title: 'Neon Horizon',
    category: 'Video',
    marketCategory: 'sports',
    saleKind: 'auctions',
    rating: 3.6,
    ownerId: 7,
    collectionId: 6,
    endsInHours: 97,
    description:
      'An endless drive toward a striped sun. The loop was cut to the tempo of a 1986 racing game soundtrack.',
  },
  {
    title: 'Pop Confetti',
    category: 'Memes',
    marketCategory: 'sports',
    saleKind: 'offers',
    rating: 1.9,
    ownerId: 6,
    collectionId: 10,
    endsInHours: 112.25,
    description:
      'Squiggles, dots and a grinning starburst: the half-time show of the meme league, frozen in one frame.',
  },
  {
    title: 'Solar Halo',
    category: 'Art',
    marketCategory: 'domain',
    saleKind: 'now',
    rating: 4.4,
    ownerId: 8,
    collectionId: 1,
    endsInHours: 126,
    description:
      'Eleven concentric arcs circling a warm core, each one left slightly open, like a sentence not yet finished.',
  },
  {
    title: 'Cube Citadel',
    category: 'Games',
    marketCategory: 'virtual',
    saleKind: 'auctions',
    rating: 2.3,
    ownerId: 10,
    collectionId: 8,
    endsInHours: 140.5,
    description:
      'A floating isometric city block. Owners can place it as a land parcel in the Block Worlds sandbox.',
  },
];

const HOUR_MS = 60 * 60 * 1000;

/** A deterministic 0x + 40 hex contract address for sample item `id`. */
function sampleAddress(id: number): string {
  let state = (id * 2654435761) >>> 0;
  let hex = '';
  while (hex.length < 40) {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 3266489909) >>> 0;
    hex += state.toString(16).padStart(8, '0');
  }
  return `0x${hex.slice(0, 40)}`;
}

/** The sample items with auction ends `endsInHours` after `now` (epoch ms). Pure. */
export function createSampleItems(now: number): Item[] {
  return SEEDS.map(({ endsInHours, ...seed }, index) => {
    const id = index + 1;
    const creator = sampleCreator(id);
    const end = new Date(now + endsInHours * HOUR_MS).toISOString();
    return {
      id,
      ...seed,
      image: itemImage(id),
      avatar: creator.avatar,
      subtext: creator.handle,
      name: creator.name,
      creatorId: creator.id,
      date: end,
      liveDate: end,
      subImage: Array.from({ length: SUB_IMAGES_PER_ITEM }, (_, i) => ({
        index: i + 1,
        image: itemSubImage(id, i + 1),
      })),
      priceEth: SAMPLE_PRICE_ETH,
      // An auction shows the sample highest bid; an item open to offers has none yet.
      highestBidEth: seed.saleKind === 'auctions' ? SAMPLE_HIGHEST_BID_ETH : NO_BID_ETH,
      contractAddress: sampleAddress(id),
      tokenId: String(1000 + id * 37),
      blockchain: 'ETH',
    };
  });
}

export const sampleItems: Item[] = createSampleItems(Date.now());
