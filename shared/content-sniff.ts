// What a file is, decided by its first bytes only (never its name or a declared type): PNG,
// JPEG, GIF, WebP, AVIF images and MP4 video. Anything else, SVG included (it can carry script
// on the app's origin), is nothing Artmint accepts. One module for the app's check of a chosen
// file (file-check.ts) and the server's check of an upload (server/catalog/image-types.ts).

export type FileKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'mp4';

export const MIME_BY_KIND: Readonly<Record<FileKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
};

/** ISO base-media brands of an MP4 video (in the `ftyp` box). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'M4A ',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** How many leading bytes `sniffKind` reads at most (the `ftyp` box's compatible brands). */
export const SNIFF_BYTES = 256;

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i += 1) {
    text += String.fromCharCode(bytes[i] ?? 0);
  }
  return text;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The ISO-BMFF brands (major, then compatible) of an `ftyp` box at the start, or null. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, size >= 16 ? size : 16, SNIFF_BYTES);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

/** What the file's leading bytes say it is (magic numbers), or null when none matches. */
export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands[0] && AVIF_BRANDS.has(brands[0])) return 'avif';
    if (brands.some((brand) => MP4_BRANDS.has(brand))) return 'mp4';
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  }
  return null;
}
