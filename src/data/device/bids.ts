// Bids and purchases made on this device; each also adds an entry to the activity feed.
import { BID_MAX_QUANTITY, BID_MIN_ETH, bidTarget, checkBid } from '@shared/market';
import { compareEth, normalizeEth } from '@shared/decimal';
import { NotFoundError, ValidationError } from '../errors';
import { LOCAL_BIDDER, type CheckoutInput, type PlaceBidInput } from '../records';
import { LOCAL_USER_ID, type Bid, type Item, type Purchase } from '@shared/types';
import { isPurchase } from '../schemas';
import { saleClosedText, saleState } from '../sale-state';
import { bidActivity, bidActivityId, purchaseActivity, purchaseActivityId } from './activity';
import { nowIso, type DeviceContext } from './context';
import { runWrite } from './db';
import { serverIdOfOwner, type Owner } from '../owner';
import type { WriteTx } from './write-tx';
import { readOwned } from './readers';
import { getItem, readBids } from './items';
import { afterQueued, queueIn } from './queue';

const PRICE_FORMAT_MESSAGE = 'Enter a price in ETH, like 1.5.';

/** Field messages for a bid (or an offer: `noun`) of at least `minimumEth`; empty when valid. */
export function validateBid(
  input: PlaceBidInput,
  minimumEth = BID_MIN_ETH,
  noun = 'bid',
): Record<string, string> {
  const errors: Record<string, string> = {};
  const price = normalizeEth(String(input.priceEth));
  if (price === null) errors.priceEth = PRICE_FORMAT_MESSAGE;
  else if (compareEth(price, minimumEth) < 0) {
    errors.priceEth = `The minimum ${noun} is ${minimumEth} ETH.`;
  }
  const { quantity } = input;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > BID_MAX_QUANTITY) {
    errors.quantity = `Enter a whole number from 1 to ${BID_MAX_QUANTITY}.`;
  }
  return errors;
}

/** An ended auction, a sold or an unlisted item takes no bid and no purchase, with the reason. */
async function refuseClosedSale(ctx: DeviceContext, item: Item, field: string): Promise<void> {
  const closed = saleClosedText(saleState(item, null, await listBids(ctx, item.id)));
  if (closed) throw new ValidationError({ [field]: closed }, closed);
}

/** True when the device's collector owns the item (made on this device, or their account's). */
function ownsItem(ctx: DeviceContext, item: Item): boolean {
  return item.ownerId === LOCAL_USER_ID || item.ownerId === serverIdOfOwner(ctx.owner());
}

export async function placeBid(ctx: DeviceContext, input: PlaceBidInput): Promise<Bid> {
  // The form first (an amount in ETH, a quantity), then the market's rules with the server's
  // codes and words (shared/market.ts: the same check artmint_place_bid makes).
  const malformed = validateBid(input, '0');
  if (Object.keys(malformed).length > 0) throw new ValidationError(malformed);
  const item = await getItem(ctx, input.itemId);
  if (!item) throw new NotFoundError('item', input.itemId);
  // The end is the server's to decide (bidTarget): only its word that a sale is over counts.
  const target = bidTarget(item, { own: ownsItem(ctx, item), now: null });
  const refused = checkBid(target, { priceEth: String(input.priceEth), quantity: input.quantity });
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

export async function checkout(ctx: DeviceContext, input: CheckoutInput): Promise<Purchase> {
  const price = normalizeEth(String(input.priceEth));
  if (price === null) throw new ValidationError({ priceEth: PRICE_FORMAT_MESSAGE });
  const item = await getItem(ctx, input.itemId);
  if (!item) throw new NotFoundError('item', input.itemId);
  await refuseClosedSale(ctx, item, 'itemId');
  if (item.ownerId === LOCAL_USER_ID) {
    throw new ValidationError(
      { itemId: 'You already own this item.' },
      'You already own this item.',
    );
  }
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
