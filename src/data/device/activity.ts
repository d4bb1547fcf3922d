// The activity feed: sample entries merged with those the user's writes create.
import { filterActivity } from '@shared/query';
import type {
  ActivityFilter,
  ActivityActor,
  ActivityEntry,
  ActivityType,
  Bid,
  Creator,
  Item,
  Purchase,
} from '@shared/types';
import { isActivityEntry } from '../schemas';
import { LOCAL_BIDDER } from '../records';
import type { DeviceContext } from './context';
import { PUBLIC, serverIdOfOwner, type Owner } from '../owner';
import { readOwned } from './readers';

// ActivityType (types.ts) has no "Like" or "Follow" yet; these are the labels used meanwhile.
const LIKE_TYPE: ActivityType = 'Listing';
const FOLLOW_TYPE: ActivityType = 'Listing';

export async function listActivity(
  ctx: DeviceContext,
  filter: ActivityFilter = {},
): Promise<ActivityEntry[]> {
  // The server's copy of an entry (pulled, public) replaces the device's own under the same id.
  const [own, shared] = await Promise.all([
    readOwned(ctx.db, 'activity', ctx.owner(), isActivityEntry),
    readOwned(ctx.db, 'activity', PUBLIC, isActivityEntry),
  ]);
  const sharedIds = new Set(shared.map((entry) => entry.id));
  const userEntries = [...own.filter((entry) => !sharedIds.has(entry.id)), ...shared];
  return filterActivity([...userEntries, ...ctx.sample.activity], filter);
}

/**
 * The words of an entry for the collector of `owner`'s deed: the sentence as this device shows
 * it, and its actor (the name is only ever read on this device).
 */
function ownDeed(owner: Owner, deed: string): Pick<ActivityEntry, 'description' | 'actor'> {
  const actor: ActivityActor = { id: serverIdOfOwner(owner), name: LOCAL_BIDDER, deed };
  return { description: `You ${deed}`, actor };
}

export function bidActivityId(bidId: string): string {
  return `bid-${bidId}`;
}

export function bidActivity(item: Item, bid: Bid, owner: Owner): ActivityEntry {
  const quantity = bid.quantity > 1 ? ` for ${bid.quantity} editions` : '';
  return {
    id: bidActivityId(bid.id),
    type: 'Bid',
    at: bid.at,
    ...ownDeed(owner, `bid ${bid.priceEth} ETH${quantity} on ${item.title}`),
    image: item.image,
    itemId: item.id,
    tags: ['Bids'],
  };
}

export function purchaseActivityId(purchaseId: string): string {
  return `purchase-${purchaseId}`;
}

export function purchaseActivity(item: Item, purchase: Purchase, owner: Owner): ActivityEntry {
  return {
    id: purchaseActivityId(purchase.id),
    type: 'Purchase',
    at: purchase.at,
    ...ownDeed(owner, `bought ${item.title} for ${purchase.priceEth} ETH`),
    image: item.image,
    itemId: item.id,
    tags: ['Purchased'],
  };
}

export function likeActivityId(itemId: number): string {
  return `like-${itemId}`;
}

export function likeActivity(item: Item, at: string, owner: Owner): ActivityEntry {
  return {
    id: likeActivityId(item.id),
    type: LIKE_TYPE,
    at,
    ...ownDeed(owner, `added ${item.title} to your favourites`),
    image: item.image,
    itemId: item.id,
    tags: ['Likes'],
  };
}

export function followActivityId(creatorId: number): string {
  return `follow-${creatorId}`;
}

/** `itemId` is one of the creator's items, so the entry's button has somewhere to go (0: none). */
export function followActivity(
  creator: Creator,
  itemId: number,
  at: string,
  owner: Owner,
): ActivityEntry {
  return {
    id: followActivityId(creator.id),
    type: FOLLOW_TYPE,
    at,
    ...ownDeed(owner, `started following ${creator.name}`),
    image: creator.avatar,
    itemId,
    tags: ['Following'],
  };
}

export function listingActivity(item: Item, at: string, owner: Owner): ActivityEntry {
  return {
    id: `listing-${item.id}`,
    type: 'Listing',
    at,
    ...ownDeed(owner, `listed ${item.title}`),
    image: item.image,
    itemId: item.id,
    tags: ['Listing'],
  };
}
