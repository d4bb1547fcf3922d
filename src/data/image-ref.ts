// Image references as items and profiles store them: a URL, or `idb:<key>` for an image kept in
// the device store, which has to be turned into an object URL before it can be shown.
import { IDB_IMAGE_PREFIX } from './records';
import type { Mutation } from '@shared/protocol';

/** Shown for an `idb:` image that is no longer on the device. */
export const MISSING_IMAGE_SRC =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"%3E%3Crect width="4" height="3" fill="%23808080"/%3E%3C/svg%3E';

export function isDeviceImage(src: string): boolean {
  return src.startsWith(IDB_IMAGE_PREFIX);
}

/** The URL to show for `src`: an `idb:<key>` reference through `getImageUrl` (the placeholder
 * when the image is gone); any other URL as is. */
export async function imageUrlOf(
  src: string,
  getImageUrl: (key: string) => Promise<string | null>,
): Promise<string> {
  if (!isDeviceImage(src)) return src;
  return (await getImageUrl(src.slice(IDB_IMAGE_PREFIX.length))) ?? MISSING_IMAGE_SRC;
}

/**
 * The keys of the device images a change refers to, which the server must have before the
 * change (uploaded first, under the same key): an item's image, and the pictures of a profile
 * or creator change (`idb:<key>` references; a URL is already the server's).
 */
export function deviceImageKeys(mutation: Mutation): string[] {
  if (mutation.kind === 'item') return [mutation.args.imageId];
  const refs =
    mutation.kind === 'profile'
      ? [mutation.args.fields.avatar, mutation.args.fields.banner]
      : mutation.kind === 'creator'
        ? [mutation.args.avatar]
        : [];
  return refs
    .filter((ref): ref is string => typeof ref === 'string' && isDeviceImage(ref))
    .map((ref) => ref.slice(IDB_IMAGE_PREFIX.length));
}
