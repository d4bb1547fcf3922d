// Shapes of what the data-access interface accepts and stores for the local user, shared by
// the interface (contract/data-access.ts), its device implementation and the validators (schemas.ts).
import type { FormValues, ProfileSection } from '@shared/types';
import type { WatchedSearch } from '@shared/watch';

/** Name recorded on bids and purchases made on this device. */
export const LOCAL_BIDDER = 'You';
/** Ids of items created on the device start here, above every sample id. */
export const FIRST_USER_ITEM_ID = 1001;
/** Prefix of image references kept in the device store: `idb:<key>`. */
export const IDB_IMAGE_PREFIX = 'idb:';

export interface Draft {
  formId: string;
  values: FormValues;
  /** ISO timestamp of the last save. */
  savedAt: string;
}

export type Profile = Partial<Record<ProfileSection, FormValues>>;

/** The local account. The password is never stored, only a salted slow hash of it. */
export interface AccountRecord {
  name: string;
  email: string;
  /** Base64 or hex digest of the password, from a slow key-derivation function. */
  passwordHash: string;
  salt: string;
  iterations: number;
  /** ISO timestamp. */
  createdAt: string;
  /** ISO timestamp of the last password change, when there was one. */
  updatedAt?: string;
  /** The account's id on the server; absent on an account made on the device before it. */
  serverId?: number;
}

/** Upload form Type values (labels GIFs, Music, Video, Tech); matched case-insensitively. */
export const UPLOAD_TYPES = ['gifs', 'music', 'video', 'tech'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export interface CreateItemInput {
  title: string;
  description: string;
  type: UploadType | string;
  /** Price in ETH as a decimal string; empty or absent means not priced (0). */
  rateEth?: string;
  /** ISO date or yyyy-mm-dd. */
  startDate?: string;
  /** ISO date or yyyy-mm-dd; present means the item is an auction ending then. */
  endDate?: string;
  image: Blob;
  /** MIME type of the image, e.g. "image/png" (the file's checked type). */
  imageType: string;
  /**
   * Become creator: the creator profile to create (or update) with the item, in the same write;
   * both are validated first, so either both are saved or neither is.
   */
  creatorProfile?: CreatorProfileInput;
}

export interface CreatorProfileInput {
  name: string;
  /** Display URL or handle, e.g. "https://artmint.app/@me" or "@me". */
  url?: string;
  bio?: string;
  twitter?: string;
  /** An image reference (URL or `idb:` key) for the avatar; defaults to the sample user's. */
  avatar?: string;
  /** The same for the profile's banner (on this device; the server has it from the personal
   * profile section, src/data/profile-pictures.ts). */
  banner?: string;
}

export interface PlaceBidInput {
  itemId: number;
  priceEth: string;
  quantity: number;
}

export interface AcceptOfferInput {
  itemId: number;
  bidId: string;
}

export interface CheckoutInput {
  itemId: number;
  priceEth: string;
}

export interface StorageEstimate {
  usage: number;
  quota: number;
}

// Records kept only by the device store (validated on read by schemas.ts).

export interface ImageRecord {
  key: string;
  /** MIME type, e.g. "image/png". */
  type: string;
  /** The bytes; kept as an ArrayBuffer, which every engine stores reliably. */
  data: ArrayBuffer;
  /** ISO timestamp. */
  createdAt: string;
}

export interface FavouriteRecord {
  itemId: number;
  /** ISO timestamp. */
  at: string;
}

/** A search the account watches (docs/product.md "Saved searches"), under its watchKey. */
export type SavedSearchRecord = WatchedSearch & {
  key: string;
  /** ISO timestamp: when it was watched (the list is newest first). */
  at: string;
};

export interface FollowRecord {
  creatorId: number;
  /** ISO timestamp. */
  at: string;
}

export interface ProfileRecord {
  section: ProfileSection;
  values: FormValues;
  /** ISO timestamp. */
  savedAt: string;
  /** The section's version on the server this device last had, from a save's answer or the
   * account's log (sync/account-apply.ts); none: never synced. A save sends its changed fields
   * against it (docs/sync.md "Edits merge"). */
  version?: number;
}
