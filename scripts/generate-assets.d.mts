// Types for scripts/generate-assets.mjs, so TypeScript tests can check the sample data against
// the files the generator writes.

export interface GeneratedAsset {
  /** Path relative to public/, e.g. "images/generated/items/item-1.svg". */
  path: string;
  /** SVG text, or PNG bytes. */
  data: string | Uint8Array;
}

export interface GenerateResult {
  files: number;
  bytes: number;
  written: number;
}

export declare const COUNTS: {
  items: number;
  subImages: number;
  creators: number;
  collections: number;
  blog: number;
  team: number;
};
/** The category each item's art was drawn for (matches src/data/sample/items.ts). */
export declare const ITEM_CATEGORY_BY_ID: Readonly<
  Record<number, 'Games' | 'Art' | 'Music' | 'Video' | 'Memes'>
>;
export declare const WALLET_IDS: readonly string[];

export declare function listAssetPaths(): string[];
export declare function buildAssets(): GeneratedAsset[];
export declare function main(root?: string): GenerateResult;

export declare function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array;
export declare function crc32(bytes: Uint8Array): number;
export declare function itemSvg(id: number, variant?: number): string;
export declare function collectionSvg(id: number): string;
export declare function blogSvg(id: number): string;
export declare function creatorBannerSvg(id: number): string;
export declare function creatorAvatarSvg(id: number): string;
export declare function teamSvg(n: number): string;
export declare function userAvatarSvg(): string;
export declare function walletSvg(id: string): string;
export declare function faviconSvg(): string;
