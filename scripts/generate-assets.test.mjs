// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blogSvg,
  buildAssets,
  collectionSvg,
  crc32,
  creatorBannerSvg,
  encodePng,
  itemSvg,
  listAssetPaths,
  main,
  walletSvg,
  WALLET_IDS,
} from './generate-assets.mjs';

/** Decodes an RGBA PNG written by encodePng: chunks, CRCs, inflate and all five filters. */
function decodePng(png) {
  const buf = Buffer.from(png);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunks = {};
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('ascii', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    expect(buf.readUInt32BE(offset + 8 + length)).toBe(
      crc32(buf.subarray(offset + 4, offset + 8 + length)),
    );
    chunks[type] = Buffer.concat([chunks[type] ?? Buffer.alloc(0), data]);
    offset += 12 + length;
  }
  const width = chunks.IHDR.readUInt32BE(0);
  const height = chunks.IHDR.readUInt32BE(4);
  const raw = inflateSync(chunks.IDAT);
  const stride = width * 4;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i];
      const a = i >= 4 ? out[y * stride + i - 4] : 0;
      const b = y > 0 ? out[(y - 1) * stride + i] : 0;
      const c = i >= 4 && y > 0 ? out[(y - 1) * stride + i - 4] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][type];
      out[y * stride + i] = (v + pred) & 0xff;
    }
  }
  return { width, height, ihdr: chunks.IHDR, pixels: out, hasEnd: 'IEND' in chunks };
}

/** A light well-formedness check: every opened tag is closed in order. */
function isBalanced(svg) {
  const stack = [];
  for (const [, close, name, selfClose] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClose) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

const attr = (svg, name) => svg.match(new RegExp(`^<svg[^>]* ${name}="([^"]+)"`))?.[1];

describe('crc32 and encodePng', () => {
  it('computes the standard CRC-32 check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes a valid RGBA PNG that decodes back to the same pixels', () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 37 + (i % 11) * 13) & 0xff);
    const { width: w, height: h, ihdr, pixels, hasEnd } = decodePng(encodePng(width, height, rgba));
    expect([w, h]).toEqual([7, 5]);
    expect([ihdr[8], ihdr[9]]).toEqual([8, 6]);
    expect(hasEnd).toBe(true);
    expect([...pixels]).toEqual([...rgba]);
  });

  it('rejects pixel data of the wrong length', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow();
  });
});

describe('item art', () => {
  const ids = Array.from({ length: 12 }, (_, i) => i + 1);

  it('is a sized, well-formed, self-contained SVG for every item and sub-image', () => {
    for (const id of ids) {
      for (const variant of [0, 1, 2, 3]) {
        const svg = itemSvg(id, variant);
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect([attr(svg, 'width'), attr(svg, 'height'), attr(svg, 'viewBox')]).toEqual([
          '600',
          '600',
          '0 0 600 600',
        ]);
        expect(isBalanced(svg), `item ${id} variant ${variant}`).toBe(true);
        expect(svg).not.toMatch(/<text|<image|href=|url\((?!#)/);
        expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toContain('http');
        expect(svg.length).toBeLessThan(9000);
      }
    }
  });

  it('is deterministic: the same id gives the same bytes', () => {
    for (const id of ids) expect(itemSvg(id, 2)).toBe(itemSvg(id, 2));
  });

  it('differs between items and between an item and its sub-images', () => {
    const all = ids.flatMap((id) => [0, 1, 2, 3].map((v) => itemSvg(id, v)));
    expect(new Set(all).size).toBe(all.length);
  });

  it('throws for an item that has no artwork', () => {
    expect(() => itemSvg(13)).toThrow();
  });

  it('draws other formats at their own size', () => {
    expect([attr(collectionSvg(1), 'width'), attr(collectionSvg(1), 'height')]).toEqual([
      '600',
      '400',
    ]);
    expect([attr(blogSvg(1), 'width'), attr(blogSvg(1), 'height')]).toEqual(['800', '450']);
    expect([attr(creatorBannerSvg(1), 'width'), attr(creatorBannerSvg(1), 'height')]).toEqual([
      '1200',
      '360',
    ]);
    for (const id of WALLET_IDS) expect(attr(walletSvg(id), 'viewBox')).toBe('0 0 120 120');
  });
});

describe('buildAssets and main', () => {
  const assets = buildAssets();
  const byPath = new Map(assets.map((a) => [a.path, a.data]));
  const dirs = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('lists every expected file once, and nothing outside the two output folders', () => {
    const paths = listAssetPaths();
    expect(paths).toEqual(assets.map((a) => a.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((p) => p.startsWith('images/generated/') || p.startsWith('icons/'))).toBe(
      true,
    );
    expect(paths.filter((p) => /^images\/generated\/items\/item-\d+\.svg$/.test(p))).toHaveLength(
      12,
    );
    expect(paths.filter((p) => /-sub-[123]\.svg$/.test(p))).toHaveLength(36);
    expect(paths.filter((p) => p.startsWith('images/generated/wallets/'))).toHaveLength(11);
    expect(paths).toContain('icons/favicon.svg');
  });

  it('stays under the 900 KB budget', () => {
    const total = assets.reduce((sum, a) => sum + Buffer.byteLength(a.data), 0);
    expect(total).toBeLessThan(900 * 1024);
  });

  it('writes icons of the named sizes; "any" icons have transparent corners, maskable ones are full bleed', () => {
    for (const [path, size] of [
      ['icons/icon-192.png', 192],
      ['icons/icon-512.png', 512],
      ['icons/maskable-192.png', 192],
      ['icons/maskable-512.png', 512],
      ['icons/apple-touch-icon-180.png', 180],
    ]) {
      const { width, height, pixels } = decodePng(byPath.get(path));
      expect([width, height], path).toEqual([size, size]);
      const alpha = (x, y) => pixels[(y * size + x) * 4 + 3];
      expect(alpha(size >> 1, size >> 1)).toBe(255);
      expect(alpha(0, 0), path).toBe(path.includes('/icon-') ? 0 : 255);
    }
    expect(byPath.get('icons/icon-512.png').length).toBeLessThan(40 * 1024);
  });

  it('writes every file into the target folder and leaves unchanged files alone on a second run', () => {
    const root = mkdtempSync(join(tmpdir(), 'artmint-assets-'));
    dirs.push(root);
    const first = main(root);
    expect(first.files).toBe(assets.length);
    expect(first.written).toBe(assets.length);
    const svg = readFileSync(join(root, 'images/generated/items/item-3.svg'), 'utf8');
    expect(svg).toBe(itemSvg(3));
    expect(main(root).written).toBe(0);
  });
});
