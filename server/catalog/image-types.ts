// What an uploaded file is, decided by its first bytes only (never its name or the header the
// client sent): PNG, JPEG, GIF, WebP, AVIF images and MP4 video. Anything else, SVG included
// (it can carry script on the app's origin), is refused.

export const ACCEPTED_UPLOADS = 'PNG, JPEG, GIF, WebP or AVIF images and MP4 videos';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4A ',
  'dash',
  'mmp4',
  'f4v ',
]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The ISO-BMFF brands (major and compatible) of an `ftyp` box at the start, or null. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, size >= 16 ? size : 16, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

/** The content type of an accepted upload, or null. */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands[0] && AVIF_BRANDS.has(brands[0])) return 'image/avif';
    if (brands.some((brand) => MP4_BRANDS.has(brand))) return 'video/mp4';
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  }
  return null;
}
