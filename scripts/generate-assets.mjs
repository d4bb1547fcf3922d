#!/usr/bin/env node
// Generates Artmint's sample art and app icons: original generative SVGs into
// public/images/generated/ and PNG/SVG icons into public/icons/. Deterministic (seeded PRNG,
// same bytes every run), idempotent (unchanged files are not rewritten), Node built-ins only.
// Run: node scripts/generate-assets.mjs   (the build runs it first)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appStoreBadge,
  faviconSvg,
  googlePlayBadge,
  WALLET_IDS,
  walletSvg,
} from './assets/marks.mjs';
import { encodePng, rasterIcon } from './assets/png.mjs';
import { portrait } from './assets/portraits.mjs';
import { heroPoster, mapPoster, videoPoster } from './assets/scenes.mjs';
import { bauhaus, bloom, face, pixel, planet, waves } from './assets/styles-a.mjs';
import { isocubes, lowpoly, memphis, rings, synthwave, vinyl } from './assets/styles-b.mjs';
import { createRng, palette, svgDoc } from './assets/util.mjs';
import { commandLine, isMain } from './cli.mjs';

export { encodePng } from './assets/png.mjs';
export { crc32 } from './assets/png.mjs';
export { WALLET_IDS } from './assets/marks.mjs';

const STYLES = {
  bloom,
  pixel,
  waves,
  planet,
  face,
  bauhaus,
  lowpoly,
  vinyl,
  synthwave,
  memphis,
  rings,
  isocubes,
};

/**
 * Items 1..12: [style, palette, category]. The category matches shared/sample/items.ts
 * (Art: blooms, Bauhaus, rings; Games: pixel, low-poly, isometric; Music: waves, vinyl;
 * Video: planet, synthwave; Memes: faces, Memphis).
 */
const ITEM_ART = [
  ['bloom', 0, 'Art'],
  ['pixel', 4, 'Games'],
  ['waves', 1, 'Music'],
  ['planet', 6, 'Video'],
  ['face', 8, 'Memes'],
  ['bauhaus', 2, 'Art'],
  ['lowpoly', 3, 'Games'],
  ['vinyl', 7, 'Music'],
  ['synthwave', 0, 'Video'],
  ['memphis', 9, 'Memes'],
  ['rings', 5, 'Art'],
  ['isocubes', 1, 'Games'],
];
export const ITEM_CATEGORY_BY_ID = Object.fromEntries(ITEM_ART.map(([, , c], i) => [i + 1, c]));

const COLLECTION_ART = [
  ['rings', 4],
  ['bauhaus', 7],
  ['planet', 2],
  ['lowpoly', 4],
  ['vinyl', 1],
  ['synthwave', 2],
  ['bloom', 3],
  ['isocubes', 5],
  ['waves', 6],
  ['memphis', 8],
];
// Blog covers follow the post categories in shared/sample/blog.ts.
const BLOG_ART = [
  ['bauhaus', 0],
  ['bloom', 1],
  ['vinyl', 4],
  ['synthwave', 7],
  ['isocubes', 3],
  ['face', 9],
  ['memphis', 8],
  ['lowpoly', 6],
  ['rings', 2],
  ['waves', 5],
  ['pixel', 7],
  ['planet', 3],
];
const BANNER_ART = [
  ['waves', 0],
  ['synthwave', 4],
  ['planet', 1],
  ['lowpoly', 0],
  ['bauhaus', 6],
  ['bloom', 2],
  ['waves', 3],
  ['synthwave', 2],
  ['planet', 5],
  ['lowpoly', 7],
  ['bauhaus', 3],
  ['bloom', 4],
];

export const COUNTS = { items: 12, subImages: 3, creators: 12, collections: 10, blog: 12, team: 4 };

function art(style, pal, shift, seed, w, h) {
  return svgDoc(w, h, STYLES[style](createRng(seed), palette(pal, shift), w, h));
}

/** Item artwork; `variant` 0 is the main piece, 1..3 its sub-images (same series, new take). */
export function itemSvg(id, variant = 0) {
  const spec = ITEM_ART[id - 1];
  if (!spec) throw new Error(`No artwork for item ${id}`);
  return art(spec[0], spec[1], variant, id * 1009 + variant * 7919, 600, 600);
}

export function collectionSvg(id) {
  const [style, pal] = COLLECTION_ART[(id - 1) % COLLECTION_ART.length];
  return art(style, pal, id % 3, 50000 + id * 331, 600, 400);
}

export function blogSvg(id) {
  const [style, pal] = BLOG_ART[(id - 1) % BLOG_ART.length];
  return art(style, pal, id % 3, 70000 + id * 613, 800, 450);
}

export function creatorBannerSvg(id) {
  const [style, pal] = BANNER_ART[(id - 1) % BANNER_ART.length];
  return art(style, pal, id % 3, 90000 + id * 157, 1200, 360);
}

export const creatorAvatarSvg = (id) => portrait(3000 + id * 97, 160, (id * 3) % 8);
export const teamSvg = (n) => portrait(8000 + n * 131, 320, (n * 5 + 1) % 8);
export const userAvatarSvg = () => portrait(424242, 160, 0);
export { walletSvg, faviconSvg };

const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
const G = 'images/generated';

/** Every generated file: its path under public/ and how to build it. */
function manifest() {
  const list = [];
  const add = (path, build) => list.push({ path, build });
  for (const id of range(COUNTS.items)) {
    add(`${G}/items/item-${id}.svg`, () => itemSvg(id));
    for (const n of range(COUNTS.subImages))
      add(`${G}/items/item-${id}-sub-${n}.svg`, () => itemSvg(id, n));
  }
  for (const id of range(COUNTS.creators)) {
    add(`${G}/avatars/creator-${id}.svg`, () => creatorAvatarSvg(id));
    add(`${G}/banners/creator-${id}.svg`, () => creatorBannerSvg(id));
  }
  for (const id of range(COUNTS.collections))
    add(`${G}/collections/collection-${id}.svg`, () => collectionSvg(id));
  for (const id of range(COUNTS.blog)) add(`${G}/blog/blog-${id}.svg`, () => blogSvg(id));
  for (const n of range(COUNTS.team)) add(`${G}/team/team-${n}.svg`, () => teamSvg(n));
  for (const id of WALLET_IDS) add(`${G}/wallets/${id}.svg`, () => walletSvg(id));
  add(`${G}/misc/hero-poster.svg`, heroPoster);
  add(`${G}/misc/app-store.svg`, appStoreBadge);
  add(`${G}/misc/google-play.svg`, googlePlayBadge);
  add(`${G}/misc/user-avatar.svg`, userAvatarSvg);
  add(`${G}/misc/map-poster.svg`, mapPoster);
  add(`${G}/misc/video-poster.svg`, videoPoster);
  const png = (size, opts) => () => encodePng(size, size, rasterIcon(size, opts));
  add('icons/icon-192.png', png(192));
  add('icons/icon-512.png', png(512));
  add('icons/maskable-192.png', png(192, { fullBleed: true, markScale: 0.8 }));
  add('icons/maskable-512.png', png(512, { fullBleed: true, markScale: 0.8 }));
  add('icons/apple-touch-icon-180.png', png(180, { fullBleed: true, markScale: 0.9 }));
  add('icons/favicon.svg', faviconSvg);
  return list;
}

/** Paths (relative to public/) of everything the generator writes. Cheap: builds nothing. */
export function listAssetPaths() {
  return manifest().map((e) => e.path);
}

/** Builds every asset in memory: [{ path, data }] with data a string (SVG) or Buffer (PNG). */
export function buildAssets() {
  return manifest().map(({ path, build }) => ({ path, data: build() }));
}

const DEFAULT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public');

/** Writes every asset under `root` (default: the project's public/). Returns the totals. */
export function main(root = DEFAULT_ROOT) {
  let bytes = 0;
  let written = 0;
  const assets = buildAssets();
  for (const { path, data } of assets) {
    const buf = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    bytes += buf.length;
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    let same = false;
    try {
      same = readFileSync(file).equals(buf);
    } catch {
      same = false;
    }
    if (!same) {
      writeFileSync(file, buf);
      written++;
    }
  }
  return { files: assets.length, bytes, written };
}

if (isMain(import.meta.url)) {
  commandLine({ name: 'generate-assets', usage: 'usage: node scripts/generate-assets.mjs' });
  const started = Date.now();
  const { files, bytes, written } = main();
  console.log(
    `generate-assets: ${files} files, ${(bytes / 1024).toFixed(1)} KB total (${written} written) in ${Date.now() - started} ms`,
  );
}
