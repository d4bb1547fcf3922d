// The records and values app and server share (docs/product.md: items, creators, bids, activity,
// with rating, price and highest bid as data, owner, verified creators). The records' types come
// from their valibot schemas (shared/schemas.ts); this module imports those as types only, so
// code that needs a type or a list of values loads no schema library.
import type * as v from 'valibot';
import type {
  ActivityActorSchema,
  ActivityEntrySchema,
  BidSchema,
  CreatorSchema,
  ItemSchema,
  OutboxEntrySchema,
  PurchaseSchema,
  SubImageSchema,
} from './schemas';

export const ITEM_CATEGORIES = ['Games', 'Art', 'Music', 'Video', 'Memes'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

// Each list of allowed values is declared once, here, and its type derived from it: the
// filters, the stored-data guards and the server read the same list.

/** Filter-form categories (docs/product.md "Records and fields"). */
export const MARKET_CATEGORIES = [
  'art',
  'domain',
  'music',
  'sports',
  'trading',
  'virtual',
] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];
/** Item sale kinds: Buy Now, Auctions, Offers. */
export const SALE_KINDS = ['now', 'auctions', 'offers'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const SORT_KEYS = ['top', 'low'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export type SubImage = v.InferOutput<typeof SubImageSchema>;

/** What an item and a collection card both show: the picture, the title and its creator. */
export interface CardSubject {
  id: number;
  image: string;
  /** Creator avatar. */
  avatar: string;
  title: string;
  /** Creator name or handle. */
  subtext: string;
  /** Creator name. */
  name: string;
  creatorId: number;
  /** A small strip of images (an item's other views, a collection's items). */
  subImage: SubImage[];
}

/** An item (its fields are told in shared/schemas.ts). */
export type Item = v.InferOutput<typeof ItemSchema>;

export interface Collection extends CardSubject {
  items: number;
}

export type Creator = v.InferOutput<typeof CreatorSchema>;

export type BlogCategory =
  'Arts' | 'Illustration' | 'Music' | 'Video' | 'Games' | 'Memes' | 'GIFs' | 'Tech';

export interface BlogPost {
  id: number;
  title: string;
  image: string;
  category: BlogCategory;
  /** Author handle. */
  subtext: string;
  authorId: number;
  /** ISO date. */
  date: string;
  excerpt: string;
}

export const ACTIVITY_TYPES = ['Listing', 'Sale', 'Offer', 'Deposit', 'Bid', 'Purchase'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>;
export type ActivityActor = v.InferOutput<typeof ActivityActorSchema>;

export const ACTIVITY_TAGS = [
  'Purchased',
  'Sales',
  'Burns',
  'Likes',
  'Bids',
  'Following',
  'Listing',
  'Music',
  'Video',
  'Illustration',
] as const;
export type ActivityTag = (typeof ACTIVITY_TAGS)[number];

/** A bid as the server decided it: still standing, beaten, the one that bought the item, or an
 * offer closed when the item sold to another bid or was unlisted. */
export const BID_STATUSES = ['active', 'outbid', 'won', 'closed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export type Bid = v.InferOutput<typeof BidSchema>;
export type Purchase = v.InferOutput<typeof PurchaseSchema>;

export const OUTBOX_KINDS = ['newsletter', 'contact', 'support', 'reset-password'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export type OutboxEntry = v.InferOutput<typeof OutboxEntrySchema>;

/** A page of results from a list query. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** More match than `total` (a list the server counted up to its cap: "10,000+"). */
  capped?: boolean;
  /** A list of items the server could not answer: it ran over what this device holds. */
  held?: HeldItems;
  /** The server's cursor after this page's last item: the next page asks after it (keyset, any
   * depth: past the pages the server numbers). */
  next?: string;
}

/** What a device answered a list from, when the server could not (offline, or none). */
export interface HeldItems {
  /** Items this device holds. */
  count: number;
  /** Items in the whole catalogue when the server last said (null: it never did). */
  catalogue: number | null;
  /** True when there is a server to connect to (false on a static host with no API). */
  connectable: boolean;
}

export interface ItemQuery {
  q?: string;
  category?: ItemCategory | null;
  marketCategory?: MarketCategory | null;
  saleKind?: SaleKind | null;
  sort?: SortKey | null;
  creatorId?: number;
  page?: number;
  pageSize?: number;
}

export type SearchHitKind = 'item' | 'creator' | 'collection' | 'blog';

export interface SearchHit {
  kind: SearchHitKind;
  id: number;
  title: string;
  subtitle: string;
  image: string;
}

/** The one person using this device: owner of purchased and created items, creator id of
 * the profile made with "become creator". Items show it as "you". */
export const LOCAL_USER_ID = 0;

/** Form values as saved in drafts, profile sections and the outbox. */
export type FormValue = string | number | boolean | null;
export type FormValues = Record<string, FormValue>;

export const PROFILE_SECTIONS = [
  'personal',
  'social',
  'account-notifications',
  'marketing-notifications',
  /** The marketplace's notification toggles (shared/notifications.ts). */
  'marketplace-notifications',
  'contact',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface ActivityFilter {
  /** Several tags combine as OR; none or empty means every entry. */
  tags?: readonly ActivityTag[];
  /** Only entries about this item. */
  itemId?: number;
}
