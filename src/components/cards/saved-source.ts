// Where the favourite and follow buttons read and write: the app passes its data access in
// (RootLayout), so the cards themselves load nothing and a test can give them any source.
import { createContext } from 'react';

export interface SavedSource {
  isFavourite(itemId: number): Promise<boolean>;
  toggleFavourite(itemId: number): Promise<boolean>;
  favouriteCount(itemId: number): Promise<number>;
  isFollowing(creatorId: number): Promise<boolean>;
  toggleFollow(creatorId: number): Promise<boolean>;
  followerCount(creatorId: number): Promise<number>;
}

/** A getter rather than the source itself: the data access can be replaced while the app runs
 * (another account, a test), and each read asks for the current one; and a promise, so the
 * data layer can be a chunk of its own that the first card loads. */
export const SavedSourceContext = createContext<(() => Promise<SavedSource>) | null>(null);
