// URLs of the generated sample art (scripts/generate-assets.mjs writes the files) and their
// intrinsic sizes, so every <img> can reserve its box before the image loads.

const BASE = '/images/generated';

export interface ImageSize {
  width: number;
  height: number;
}

export const ITEM_IMAGE_SIZE: ImageSize = { width: 600, height: 600 };
export const CREATOR_AVATAR_SIZE: ImageSize = { width: 160, height: 160 };
export const CREATOR_BANNER_SIZE: ImageSize = { width: 1200, height: 360 };
export const COLLECTION_IMAGE_SIZE: ImageSize = { width: 600, height: 400 };
export const BLOG_IMAGE_SIZE: ImageSize = { width: 800, height: 450 };
export const TEAM_IMAGE_SIZE: ImageSize = { width: 320, height: 320 };
export const WALLET_IMAGE_SIZE: ImageSize = { width: 120, height: 120 };

export type MiscImageName =
  'hero-poster' | 'app-store' | 'google-play' | 'user-avatar' | 'map-poster' | 'video-poster';

export const MISC_IMAGE_SIZES: Readonly<Record<MiscImageName, ImageSize>> = {
  'hero-poster': { width: 1600, height: 900 },
  'app-store': { width: 135, height: 40 },
  'google-play': { width: 135, height: 40 },
  'user-avatar': { width: 160, height: 160 },
  'map-poster': { width: 1200, height: 450 },
  'video-poster': { width: 1280, height: 720 },
};

export const itemImage = (id: number): string => `${BASE}/items/item-${id}.svg`;
/** Sub-image `n` (1..3) of an item. */
export const itemSubImage = (id: number, n: number): string =>
  `${BASE}/items/item-${id}-sub-${n}.svg`;
export const creatorAvatar = (id: number): string => `${BASE}/avatars/creator-${id}.svg`;
export const creatorBanner = (id: number): string => `${BASE}/banners/creator-${id}.svg`;
export const collectionImage = (id: number): string => `${BASE}/collections/collection-${id}.svg`;
export const blogImage = (id: number): string => `${BASE}/blog/blog-${id}.svg`;
/** Team portrait `n` (1..4). */
export const teamImage = (n: number): string => `${BASE}/team/team-${n}.svg`;
export const walletImage = (id: string): string => `${BASE}/wallets/${id}.svg`;
export const miscImage = (name: MiscImageName): string => `${BASE}/misc/${name}.svg`;
