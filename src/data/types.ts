// Entity types (docs/product.md "Records and fields"), with the fields docs/product.md adds
// (rating, price and highest bid as data, owner, verified creators).

export type ItemCategory = 'Games' | 'Art' | 'Music' | 'Video' | 'Memes';
export const ITEM_CATEGORIES: readonly ItemCategory[] = ['Games', 'Art', 'Music', 'Video', 'Memes'];

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

export interface SubImage {
  index: number;
  image: string;
}

/** An image reference: a URL plus its intrinsic size so nothing shifts while loading. */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
  alt: string;
}

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

export interface Item extends CardSubject {
  ownerId: number;
  collectionId: number;
  /** Optional auction end (ISO string). */
  date?: string;
  /** Auction end (ISO string). */
  liveDate: string;
  category: ItemCategory;
  marketCategory: MarketCategory;
  saleKind: SaleKind;
  /** Price in ETH as a decimal string, e.g. "3.5". */
  priceEth: string;
  /** Highest bid in ETH as a decimal string, e.g. "3.55". */
  highestBidEth: string;
  /** 0-5, for Sort By Top Rated / Lower Rated. */
  rating: number;
  description: string;
  contractAddress: string;
  tokenId: string;
  blockchain: 'ETH';
  /** True for items the user created on this device. */
  userCreated?: boolean;
  /** When the server settled this auction (its winner, Buy Now, or no bid). */
  settledAt?: string;
  /** Who bought it: an auction's winner, an accepted offer's bidder or a Buy Now buyer. */
  soldTo?: string;
  /** Its owner took it off sale: no bids, no Buy Now. */
  unlisted?: boolean;
  /**
   * How many bids (or offers) the server has taken on it in all, as the server counts them; a
   * device keeps only the latest, so this can be more than the bids it has. Absent on an item
   * the server has not sent.
   */
  bidCount?: number;
}

export interface Collection extends CardSubject {
  items: number;
}

export interface Creator {
  id: number;
  name: string;
  handle: string;
  avatar: string;
  banner: string;
  verified: boolean;
  bio: string;
  /** Sales volume in ETH (decimal string), used by Best Creators and Sellers. */
  volumeEth: string;
  followers: number;
  /** Two thumbnails shown on the creators list (open the lightbox). */
  thumbnails: [string, string];
  userCreated?: boolean;
  /**
   * The neutral creator a deleted account leaves while items still refer to it: shown on those
   * items as "Deleted collector", never listed among creators.
   */
  deleted?: boolean;
}

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

export interface TeamMember {
  image: string;
  name: string;
  title: string;
}

export const ACTIVITY_TYPES = ['Listing', 'Sale', 'Offer', 'Deposit', 'Bid', 'Purchase'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface ActivityEntry {
  id: string;
  type: ActivityType;
  /** ISO timestamp; the relative time text is computed from it. */
  at: string;
  /**
   * The whole sentence ("Ada Lovelace bid 4 ETH on Dawn"), as every version of the app reads
   * it; with an `actor`, the app shows its deed after "You" or the name instead.
   */
  description: string;
  image: string;
  itemId: number;
  /** Filter tags for the Activities chips (Purchased, Sales, Burns, ...). */
  tags: ActivityTag[];
  /**
   * Who did it, when the entry is one collector's deed. The name is not baked into the text,
   * so the signed-in collector reads "You" for their own, from this device or from the server.
   */
  actor?: ActivityActor;
}

export interface ActivityActor {
  /** The account's server id; null for this device's own collector before it has one. */
  id: number | null;
  /** The name everyone else reads. */
  name: string;
  /** What they did, read after their name or "You" ("bid 4 ETH on Dawn"). */
  deed: string;
  /** Read before the name or "You", when the sentence starts with the deal ("Won at 4.00 ETH:"). */
  lead?: string;
}

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

export interface WalletProvider {
  id: string;
  title: string;
  image: string;
  /** EIP-6963 reverse-DNS id of the wallet, where it has one. */
  rdns?: string;
  installUrl: string;
}

export interface FaqEntry {
  title: string;
  content: string;
}

export interface FaqSection {
  id: 'buying' | 'general' | 'payments' | 'support';
  title: string;
  entries: FaqEntry[];
}

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** A bid as the server decided it: still standing, beaten, the one that bought the item, or an
 * offer closed when the item sold to another bid or was unlisted. */
export type BidStatus = 'active' | 'outbid' | 'won' | 'closed';

export interface Bid {
  id: string;
  itemId: number;
  priceEth: string;
  quantity: number;
  bidder: string;
  at: string;
  /** The server's word; a bid only on this device has none yet. */
  status?: BidStatus;
}

export interface Purchase {
  id: string;
  itemId: number;
  priceEth: string;
  buyer: string;
  at: string;
}

export type OutboxKind = 'newsletter' | 'contact' | 'support' | 'reset-password';

export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  at: string;
  fields: Record<string, string>;
}

/**
 * Where a message kept on the device stands: still waiting to be sent, sent (the server took
 * it), or refused by the server (with its reason).
 */
export type MessageDelivery = 'waiting' | 'sent' | 'refused';

/** A message kept on the device (the outbox) and where it stands. */
export interface StoredMessage extends OutboxEntry {
  delivery: MessageDelivery;
  /** Refused only: the server's reason. */
  error?: string;
}

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
