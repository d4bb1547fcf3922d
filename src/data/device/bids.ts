// Bids and purchases made on this device; each also adds an entry to the activity feed.
import {
  BID_MAX_QUANTITY,
  PRICE_FORMAT_MESSAGE,
  QUANTITY_MESSAGE,
  checkBid,
  saleTarget,
} from '@shared/market';
import { checkCheckout } from '@shared/sale-checks';
import { normalizeEth } from '@shared/decimal';
import { NotFoundError, ValidationError } from '../errors';
import { LOCAL_BIDDER, type CheckoutInput, type PlaceBidInput } from '../records';
import { LOCAL_USER_ID, type Bid, type Item, type Purchase } from '@shared/types';
import { isBid, isPurchase } from '../schemas';
import { bidStandingOf, type BidStanding } from '../bid-standing';
import { bidActivity, bidActivityId, purchaseActivity, purchaseActivityId } from './activity';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import { runWrite } from './db';
import { serverIdOfOwner, type Owner } from '../owner';
import type { WriteTx } from './write-tx';
import { readIndexed, readOwned } from './readers';
import { getItem, readBids } from './items';
import { afterQueued, queueIn } from './queue';

/** Field messages of a bid form that is not one (an amount in ETH, a quantity); empty when it
 * is (whether the market takes it is checkBid's). */
function malformedBid(input: PlaceBidInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (normalizeEth(String(input.priceEth)) === null) errors.priceEth = PRICE_FORMAT_MESSAGE;
  const { quantity } = input;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > BID_MAX_QUANTITY) {
    errors.quantity = QUANTITY_MESSAGE;
  }
  return errors;
}

/** True when the device's collector owns the item (made on this device, or their account's):
 * the market's checks' `own` (saleTarget). */
function ownsItem(ctx: DeviceContext, item: Item): boolean {
  return item.ownerId === LOCAL_USER_ID || item.ownerId === serverIdOfOwner(ctx.owner());
}

/** The item as the market's checks read it on the device: the end is the server's to decide,
 * so only its word that a sale is over counts (saleTarget). */
export function deviceTarget(ctx: DeviceContext, item: Item) {
  return saleTarget(item, { own: ownsItem(ctx, item), now: null });
}

export async function placeBid(ctx: DeviceContext, input: PlaceBidInput): Promise<Bid> {
  // The form first (an amount in ETH, a quantity), then the market's rules with the server's
  // codes and words (shared/market.ts: the same check artmint_place_bid makes).
  const malformed = malformedBid(input);
  if (Object.keys(malformed).length > 0) throw new ValidationError(malformed);
  const item = await getItem(ctx, input.itemId);
  if (!item) throw new NotFoundError('item', input.itemId);
  const refused = checkBid(deviceTarget(ctx, item), {
    priceEth: String(input.priceEth),
    quantity: input.quantity,
  });
  if (refused) {
    throw new ValidationError(refused.fields ?? { priceEth: refused.message }, refused.message);
  }
  const bid: Bid = {
    // The mutation's id: the server keeps the bid under it, so a pulled bid replaces this one.
    id: ctx.newMutationId(),
    itemId: item.id,
    priceEth: normalizeEth(String(input.priceEth)) ?? String(input.priceEth),
    quantity: input.quantity,
    bidder: LOCAL_BIDDER,
    at: nowIso(ctx),
  };
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['bids', 'activity', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('bids').put({ ...bid, owner }),
      tx.objectStore('activity').put({ ...bidActivity(item, bid, owner), owner }),
      queueIn(ctx, tx, owner, {
        id: bid.id,
        kind: 'bid',
        args: { itemId: item.id, priceEth: bid.priceEth, quantity: bid.quantity },
        key: `item:${item.id}`,
        label: `${item.saleKind === 'auctions' ? 'Bid' : 'Offer'} ${bid.priceEth} ETH on ${item.title}`,
      }),
      tx.done,
    ]);
  });
  return afterQueued(bid);
}

/** Undoes a bid the server refused: the bid and its activity entry go. */
export async function undoBid(tx: WriteTx, owner: Owner, id: string): Promise<void> {
  await tx.objectStore('bids').delete(id);
  await tx.objectStore('activity').delete([owner, bidActivityId(id)]);
}

function newestFirst<T extends { at: string }>(records: T[]): T[] {
  return records.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export async function listBids(ctx: DeviceContext, itemId: number): Promise<Bid[]> {
  const bids = await readBids(ctx);
  return newestFirst(bids.filter((bid) => bid.itemId === itemId));
}

/** A bid as the store keeps it: whose it is, and whose it was on this device (`by`). */
const isStoredBid = (value: unknown): value is Bid & { owner?: Owner; by?: Owner } => isBid(value);

/** The collector's standing in the auction of `itemId`, from the bids of theirs the device
 * holds: made here (theirs) or the server's copy of one of the account's (`by` them). None
 * where the device store cannot be read (the build's prerender has none). */
export async function bidStanding(ctx: DeviceContext, itemId: number): Promise<BidStanding | null> {
  const owner = ctx.owner();
  const item = await getItem(ctx, itemId);
  if (!item || item.saleKind !== 'auctions') return null;
  const held = await readIndexed(ctx.db, 'bids', 'itemId', itemId, isStoredBid);
  return bidStandingOf(
    item,
    held.filter((bid) => bid.owner === owner || bid.by === owner),
  );
}

export async function checkout(ctx: DeviceContext, input: CheckoutInput): Promise<Purchase> {
  const price = normalizeEth(String(input.priceEth));
  if (price === null) throw new ValidationError({ priceEth: PRICE_FORMAT_MESSAGE });
  const item = await getItem(ctx, input.itemId);
  if (!item) throw new NotFoundError('item', input.itemId);
  // The market's rules with the server's codes and words (shared/sale-checks.ts).
  const refused = checkCheckout(deviceTarget(ctx, item));
  if (refused) throw new ValidationError({ itemId: refused.message }, refused.message);
  const purchase: Purchase = {
    id: ctx.newMutationId(),
    itemId: item.id,
    priceEth: price,
    buyer: LOCAL_BIDDER,
    at: nowIso(ctx),
  };
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['purchases', 'activity', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('purchases').put({ ...purchase, owner }),
      tx.objectStore('activity').put({ ...purchaseActivity(item, purchase, owner), owner }),
      queueIn(ctx, tx, owner, {
        id: purchase.id,
        kind: 'checkout',
        args: { itemId: item.id },
        key: `item:${item.id}`,
        label: `Buy ${item.title} for ${purchase.priceEth} ETH`,
      }),
      tx.done,
    ]);
  });
  return afterQueued(purchase);
}

/** Undoes a purchase the server refused: the purchase and its activity entry go. */
export async function undoCheckout(tx: WriteTx, owner: Owner, id: string): Promise<void> {
  await tx.objectStore('purchases').delete(id);
  await tx.objectStore('activity').delete([owner, purchaseActivityId(id)]);
}

export async function listPurchases(ctx: DeviceContext): Promise<Purchase[]> {
  return newestFirst(await readOwned(ctx.db, 'purchases', ctx.owner(), isPurchase));
}
