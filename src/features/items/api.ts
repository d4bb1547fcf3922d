// The item detail's data (docs/product.md "Item detail"): the item, its creator and owner, the
// bids placed on this device and its activity; and the two writes, a bid and a purchase. All
// through the one data-access interface (docs/product.md "Writes"): device first, no network.
import { getDataAccess, LOCAL_USER_ID } from '@/data/data-access';
import {
  IDB_IMAGE_PREFIX,
  type AcceptOfferInput,
  type CheckoutInput,
  type PlaceBidInput,
} from '@/data/records';
import type { BidStanding } from '@/data/bid-standing';
import { onePerKey } from '@/lib/one-per-key';
import { parseId } from '@shared/list-query';
import { sampleUser } from '@shared/sample/user';
import type { ActivityEntry, Bid, Collection, Item, Purchase } from '@shared/types';

/** A person shown on the creator and owner cards. */
export interface Person {
  /** Creator id, or LOCAL_USER_ID for the user of this device. */
  id: number;
  name: string;
  handle: string;
  avatar: string;
  verified: boolean;
  /** True for the user of this device. */
  isYou: boolean;
}

export interface ItemDetailData {
  item: Item;
  creator: Person;
  owner: Person;
  collection: Collection | null;
  bids: Bid[];
  /** Where the collector's own bids stand in the auction; null: none, or not an auction. */
  standing: BidStanding | null;
  activity: ActivityEntry[];
  /** Up to RELATED_COUNT other items, same category first. */
  related: Item[];
}

export const RELATED_COUNT = 4;

/** Other items for "More like this": the same category first, then the rest, in order. */
export function pickRelated(item: Item, all: readonly Item[], count = RELATED_COUNT): Item[] {
  const others = all.filter((other) => other.id !== item.id);
  const same = others.filter((other) => other.category === item.category);
  const rest = others.filter((other) => other.category !== item.category);
  return [...same, ...rest].slice(0, count);
}

/** The item id in a URL segment, or null when no item can have it ("abc", "0", "1.5", past
 * the largest id the server keeps): not found at once, never asked of the server. */
export function parseItemId(raw: string | undefined): number | null {
  return parseId(raw);
}

async function person(id: number, fallback: { name: string; avatar: string }): Promise<Person> {
  const data = getDataAccess();
  const creator = await data.getCreator(id);
  const isYou = id === LOCAL_USER_ID;
  if (creator) {
    return {
      id,
      name: creator.name,
      handle: creator.handle,
      avatar: creator.avatar,
      verified: creator.verified,
      isYou,
    };
  }
  if (isYou) {
    const account = await data.loadAccount();
    return {
      id,
      name: account?.name || sampleUser.name,
      handle: sampleUser.handle,
      avatar: sampleUser.avatar,
      verified: false,
      isYou,
    };
  }
  return { id, name: fallback.name, handle: '', avatar: fallback.avatar, verified: false, isYou };
}

/** The first item of the catalogue (what /item-detail without an id shows). */
async function firstItem(): Promise<Item | null> {
  const data = getDataAccess();
  const first = await data.getItem(1);
  if (first) return first;
  return (await data.listItems({ page: 1, pageSize: 1 }, { from: 'device' })).items[0] ?? null;
}

/** Starts fetching the artwork while the rest of the page's data loads (it is the largest
 * paint of the screen); device images (`idb:`) resolve later, on render. */
function warmImage(src: string): void {
  if (typeof Image === 'undefined' || src.startsWith(IDB_IMAGE_PREFIX)) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}

/** What the item detail shows: the item's detail; null for an unknown id; 'not-saved' for an
 * item this device does not hold while it cannot ask the server (offline). */
export type OpenedItemDetail = ItemDetailData | 'not-saved' | null;

/** Everything the item detail shows of an item the device holds. */
async function detailOf(item: Item): Promise<ItemDetailData> {
  const data = getDataAccess();
  warmImage(item.image);
  const [creator, owner, collection, bids, standing, activity, all] = await Promise.all([
    person(item.creatorId, { name: item.name, avatar: item.avatar }),
    // A buyer with no creator profile is named as the sale named them.
    person(item.ownerId, { name: item.soldTo ?? 'Unknown collector', avatar: item.avatar }),
    data.getCollection(item.collectionId),
    data.listBids(item.id),
    data.bidStanding(item.id),
    data.listActivity({ itemId: item.id }),
    // The device's own, as the prerendered pages show them.
    data.listItems({ page: 1, pageSize: 100 }, { from: 'device' }),
  ]);
  const related = pickRelated(item, all.items);
  return { item, creator, owner, collection, bids, standing, activity, related };
}

/** The item detail of `id` (null: the first item), the server asked for an item the device
 * does not hold. */
export async function loadItemDetail(id: number | null): Promise<OpenedItemDetail> {
  const item = id === null ? await firstItem() : await getDataAccess().openItem(id);
  if (!item || item === 'not-saved') return item;
  return detailOf(item);
}

// One opening per id at a time: the screen read again meanwhile (a sync's refresh) waits on it.
const openItemDetail = onePerKey(loadItemDetail);

/**
 * The item detail of `id` as its page opens: at once when the device holds the item (as the
 * prerendered copy shows it); else `detail` is the server's answer on its way, which the page
 * awaits with its loading state (docs/product.md "Item detail").
 */
export async function itemDetailFor(
  id: number,
): Promise<{ detail: OpenedItemDetail | Promise<OpenedItemDetail> }> {
  const held = await getDataAccess().getItem(id);
  return { detail: held ? await detailOf(held) : openItemDetail(id) };
}

export function placeBid(input: PlaceBidInput): Promise<Bid> {
  return getDataAccess().placeBid(input);
}

export function checkout(input: CheckoutInput): Promise<Purchase> {
  return getDataAccess().checkout(input);
}

export function acceptOffer(input: AcceptOfferInput): Promise<void> {
  return getDataAccess().acceptOffer(input);
}

export function unlistItem(itemId: number): Promise<void> {
  return getDataAccess().unlistItem(itemId);
}

/** The server's page of the item's bids older than `before`'s (null: from the newest): the
 * device keeps the latest only (docs/sync.md). */
export function loadEarlierBids(itemId: number, before: string | null) {
  return getDataAccess().earlierBids(itemId, before);
}
