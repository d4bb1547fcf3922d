// The home pages (docs/product.md "Home pages"): ONE list that says which
// hero and which shared sections each of the ten homes shows, in order. The page component
// composes them; nothing is copied per variant. Themes come from config/route-themes.ts
// (variants three, six and nine are Light).
import { HOME_VARIANTS, paths, type HomeVariant } from '@/config/paths';

export type HomeId = 'one' | HomeVariant;

/**
 * - video: background video hero, "Explore now" to explore one (home one's hero).
 * - explore: artwork hero with "Explore now" to explore one.
 * - buySell: "Buy, sell and showcase NFTs" with Explore Now (explore two), Sell Now (upload).
 * - account: the account-area home: Explore Now / Sell Now and an autoplay slider of items.
 */
export type HeroKind = 'video' | 'explore' | 'buySell' | 'account';

export type SectionId =
  | 'filter'
  | 'threeStep'
  | 'topCollections'
  | 'liveAuctions'
  | 'discoverItems'
  | 'itemSlider'
  | 'bestCreators'
  | 'featuredCreators'
  | 'allCreators'
  | 'hotItems'
  | 'qa'
  | 'latestBlog';

export interface HomeConfig {
  id: HomeId;
  path: string;
  /** The page's h1. */
  title: string;
  lead: string;
  hero: HeroKind;
  sections: readonly SectionId[];
}

const DISCOVER = 'Discover rare collections of Arts and NFTs';

export const HOME_CONFIGS: readonly HomeConfig[] = [
  {
    id: 'one',
    path: paths.home,
    title: DISCOVER,
    lead: 'The marketplace where artists meet the fans and collectors of their unique tokens.',
    hero: 'video',
    sections: [
      'filter',
      'threeStep',
      'topCollections',
      'liveAuctions',
      'discoverItems',
      'bestCreators',
      'latestBlog',
    ],
  },
  {
    id: 'two',
    path: paths.homeVariant('two'),
    title: 'Discover, collect and sell extraordinary NFTs',
    lead: 'Hand-picked art, music and game items from creators you can follow.',
    hero: 'explore',
    sections: [
      'itemSlider',
      'topCollections',
      'liveAuctions',
      'featuredCreators',
      'bestCreators',
      'threeStep',
      'latestBlog',
    ],
  },
  {
    id: 'three',
    path: paths.homeVariant('three'),
    title: 'Buy, sell and showcase NFTs',
    lead: 'List your work in minutes, collect what moves you and show it off anywhere.',
    hero: 'buySell',
    sections: ['itemSlider', 'liveAuctions', 'topCollections', 'bestCreators', 'qa', 'latestBlog'],
  },
  {
    id: 'four',
    path: paths.homeVariant('four'),
    title: 'Buy, sell and showcase digital art',
    lead: 'Auctions that close on the clock, prices in ETH, and creators you can trust.',
    hero: 'buySell',
    sections: [
      'liveAuctions',
      'itemSlider',
      'topCollections',
      'bestCreators',
      'threeStep',
      'latestBlog',
    ],
  },
  {
    id: 'five',
    path: paths.homeVariant('five'),
    title: 'Collect art that moves',
    lead: 'Motion, music and colour from the most collected creators of the season.',
    hero: 'video',
    sections: ['itemSlider', 'topCollections', 'liveAuctions', 'bestCreators', 'qa', 'latestBlog'],
  },
  {
    id: 'six',
    path: paths.homeVariant('six'),
    title: 'Discover the art of tomorrow',
    lead: 'Fresh drops every day from creators around the world, in one bright gallery.',
    hero: 'explore',
    sections: [
      'itemSlider',
      'discoverItems',
      'topCollections',
      'threeStep',
      'liveAuctions',
      'bestCreators',
      'qa',
    ],
  },
  {
    id: 'seven',
    path: paths.homeVariant('seven'),
    title: 'Buy, sell and showcase rare collectibles',
    lead: 'Trading cards, virtual worlds and domain names, all in one marketplace.',
    hero: 'buySell',
    sections: [
      'itemSlider',
      'topCollections',
      'liveAuctions',
      'bestCreators',
      'hotItems',
      'latestBlog',
    ],
  },
  {
    id: 'eight',
    path: paths.homeVariant('eight'),
    title: 'Explore a universe of unique tokens',
    lead: 'Games, memes, video and art: find the piece nobody else has.',
    hero: 'explore',
    sections: [
      'topCollections',
      'itemSlider',
      'threeStep',
      'liveAuctions',
      'bestCreators',
      'allCreators',
      'qa',
    ],
  },
  {
    id: 'nine',
    path: paths.homeVariant('nine'),
    title: 'Art, music and games, collected',
    lead: 'Follow the creators you love and bid on their newest pieces as they drop.',
    hero: 'video',
    sections: ['itemSlider', 'bestCreators', 'topCollections', 'liveAuctions', 'latestBlog'],
  },
  {
    id: 'ten',
    path: paths.homeVariant('ten'),
    title: 'Create, sell and collect NFTs',
    lead: 'Your studio and your gallery in one place: upload a piece or find your next one.',
    hero: 'account',
    sections: ['bestCreators', 'hotItems', 'latestBlog'],
  },
];

/** The home shown at `pathname` (home one for "/" and anything unknown). */
export function homeConfigFor(pathname: string): HomeConfig {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return HOME_CONFIGS.find((c) => c.path === clean) ?? (HOME_CONFIGS[0] as HomeConfig);
}

/** Every home id, home one first (for the route table and tests). */
export const HOME_IDS: readonly HomeId[] = ['one', ...HOME_VARIANTS];
