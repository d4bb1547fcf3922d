// What an uploaded file is, decided by its first bytes only (never its name or the header the
// client sent): PNG, JPEG, GIF, WebP, AVIF images and MP4 video. Anything else, SVG included
// (it can carry script on the app's origin), is refused.

import { MIME_BY_KIND, sniffKind } from '../../shared/content-sniff.ts';

export const ACCEPTED_UPLOADS = 'PNG, JPEG, GIF, WebP or AVIF images and MP4 videos';

/** The content type of an accepted upload, or null (the app's own check: content-sniff.ts). */
export function sniffContentType(bytes: Uint8Array): string | null {
  const kind = sniffKind(bytes);
  return kind ? MIME_BY_KIND[kind] : null;
}
