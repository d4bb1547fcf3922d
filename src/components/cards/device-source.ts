// What components read from the device: the favourite and follow buttons' state, and the images
// made on the device (`idb:<key>`, shown by CardImage and the lightbox). The app passes its data
// access in (RootLayout), so components load no data themselves and a test can give them any
// source. Only the context lives here: RootLayout imports it into the entry chunk.
import { createContext } from 'react';

export interface DeviceSource {
  isFavourite(itemId: number): Promise<boolean>;
  toggleFavourite(itemId: number): Promise<boolean>;
  favouriteCount(itemId: number): Promise<number>;
  isFollowing(creatorId: number): Promise<boolean>;
  toggleFollow(creatorId: number): Promise<boolean>;
  followerCount(creatorId: number): Promise<number>;
  /** An object URL of the device image `key` (its `idb:` reference without the prefix); null
   * when it is no longer on the device. */
  getImageUrl(key: string): Promise<string | null>;
}

/** A getter rather than the source itself: the data access can be replaced while the app runs
 * (another account, a test), and each read asks for the current one; and a promise, so the
 * data layer can be a chunk of its own that the first card loads. */
export const DeviceSourceContext = createContext<(() => Promise<DeviceSource>) | null>(null);

/** Subscribes to each time a sync changed the device store (another device's favourite or
 * follow came in): the cards' buttons then read the device again. A subscription, not a value:
 * a sync re-renders no card, and a card whose answer did not change renders nothing. */
export type DeviceChanges = (listener: () => void) => () => void;
export const DeviceChangesContext = createContext<DeviceChanges | null>(null);
