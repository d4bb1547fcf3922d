// One valibot schema per record the server sends and the device keeps: the item, the creator,
// the bid, the purchase and the activity entry. Their TypeScript types come from these schemas
// (shared/types.ts); the device checks every record it reads from its store or receives from the
// server with them (src/data/schemas.ts), and the server's contract test checks the JSON its SQL
// builds against them (server/catalog/contract.test.ts).
import * as v from 'valibot';
import { parseEthToWei } from './decimal';
import {
  ACTIVITY_TAGS,
  ACTIVITY_TYPES,
  BID_STATUSES,
  ITEM_CATEGORIES,
  MARKET_CATEGORIES,
  OUTBOX_KINDS,
  SALE_KINDS,
} from './types';

const integer = v.pipe(v.number(), v.integer());
const nonEmpty = v.pipe(v.string(), v.minLength(1));
/** An ISO timestamp (anything Date.parse reads). */
const timestamp = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), 'Not a date.'),
);
/** An ETH amount as a decimal string ("3.5"). */
const eth = v.pipe(
  v.string(),
  v.check((text) => parseEthToWei(text) !== null, 'Not an ETH amount.'),
);

export const SubImageSchema = v.object({ index: integer, image: v.string() });

/** What an item and a collection card both show (shared/types.ts CardSubject). */
export const CARD_SUBJECT_ENTRIES = {
  id: integer,
  image: v.string(),
  /** Creator avatar. */
  avatar: v.string(),
  title: v.string(),
  /** Creator name or handle. */
  subtext: v.string(),
  /** Creator name. */
  name: v.string(),
  creatorId: integer,
  /** A small strip of images (an item's other views, a collection's items). */
  subImage: v.array(SubImageSchema),
};

export const ItemSchema = v.object({
  ...CARD_SUBJECT_ENTRIES,
  ownerId: integer,
  collectionId: integer,
  /** Optional auction end (ISO string). */
  date: v.optional(v.string()),
  /** The end (ISO string); empty on an item with none. */
  liveDate: v.string(),
  category: v.picklist(ITEM_CATEGORIES),
  marketCategory: v.picklist(MARKET_CATEGORIES),
  saleKind: v.picklist(SALE_KINDS),
  /** Price in ETH as a decimal string, e.g. "3.5". */
  priceEth: eth,
  /** Highest bid in ETH as a decimal string, e.g. "3.55". */
  highestBidEth: eth,
  /** 0-5, for Sort By Top Rated / Lower Rated. */
  rating: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
  description: v.string(),
  contractAddress: v.string(),
  tokenId: v.string(),
  blockchain: v.literal('ETH'),
  /** True for items the user created on this device. */
  userCreated: v.optional(v.boolean()),
  /** When the server settled this auction (its winner, Buy Now, or no bid). */
  settledAt: v.optional(timestamp),
  /** Who bought it: an auction's winner, an accepted offer's bidder or a Buy Now buyer. */
  soldTo: v.optional(v.string()),
  /** Its owner took it off sale: no bids, no Buy Now. */
  unlisted: v.optional(v.boolean()),
  /**
   * How many bids (or offers) the server has taken on it in all, as the server counts them; a
   * device keeps only the latest, so this can be more than the bids it has. Absent on an item
   * the server has not sent.
   */
  bidCount: v.optional(v.pipe(integer, v.minValue(0))),
});

export const CreatorSchema = v.object({
  id: integer,
  name: v.string(),
  handle: v.string(),
  avatar: v.string(),
  banner: v.string(),
  verified: v.boolean(),
  bio: v.string(),
  /** Sales volume in ETH (decimal string), used by Best Creators and Sellers. */
  volumeEth: eth,
  followers: v.pipe(integer, v.minValue(0)),
  /** Two thumbnails shown on the creators list (open the lightbox). */
  thumbnails: v.strictTuple([v.string(), v.string()]),
  userCreated: v.optional(v.boolean()),
  /**
   * The neutral creator a deleted account leaves while items still refer to it: shown on those
   * items as "Deleted collector", never listed among creators.
   */
  deleted: v.optional(v.boolean()),
});

export const BidSchema = v.object({
  id: nonEmpty,
  itemId: integer,
  priceEth: eth,
  quantity: v.pipe(integer, v.minValue(1)),
  bidder: v.string(),
  at: timestamp,
  /** The server's word; a bid only on this device has none yet. */
  status: v.optional(v.picklist(BID_STATUSES)),
});

/** A bid as the change log (topic 'bid') and GET /api/me carry it: with the server's word. */
export const ServerBidSchema = v.object({
  ...BidSchema.entries,
  status: v.picklist(BID_STATUSES),
});

export const PurchaseSchema = v.object({
  id: nonEmpty,
  itemId: integer,
  priceEth: eth,
  buyer: v.string(),
  at: timestamp,
});

export const ActivityActorSchema = v.object({
  /** The account's server id; null for this device's own collector before it has one. */
  id: v.nullable(integer),
  /** The name everyone else reads. */
  name: v.string(),
  /** What they did, read after their name or "You" ("bid 4 ETH on Dawn"). */
  deed: v.string(),
  /** Read before the name or "You", when the sentence starts with the deal ("Won at 4.00 ETH:"). */
  lead: v.optional(v.string()),
});

export const ActivityEntrySchema = v.object({
  id: nonEmpty,
  type: v.picklist(ACTIVITY_TYPES),
  /** ISO timestamp; the relative time text is computed from it. */
  at: timestamp,
  /**
   * The whole sentence ("Ada Lovelace bid 4 ETH on Dawn"), as every version of the app reads
   * it; with an `actor`, the app shows its deed after "You" or the name instead.
   */
  description: v.string(),
  image: v.string(),
  itemId: integer,
  /** Filter tags for the Activities chips (Purchased, Sales, Burns, ...). */
  tags: v.array(v.picklist(ACTIVITY_TAGS)),
  /**
   * Who did it, when the entry is one collector's deed. The name is not baked into the text,
   * so the signed-in collector reads "You" for their own, from this device or from the server.
   */
  actor: v.optional(ActivityActorSchema),
});

/** A message the device keeps until the server takes it (newsletter, contact, ...). */
export const OutboxEntrySchema = v.object({
  id: nonEmpty,
  kind: v.picklist(OUTBOX_KINDS),
  at: timestamp,
  fields: v.record(v.string(), v.string()),
});
