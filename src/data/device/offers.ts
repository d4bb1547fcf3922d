// The owner's answers to offers on an item: accept one (the item sells to that bidder) or take
// the item off sale. Each is checked as the server checks it (shared/sale-checks.ts checkOffer:
// only the owner, an offer still open, an item not yet sold), then queued for the server, which
// decides; until it answers, the device shows the answer as given (withPendingAnswers in
// items.ts), and a refusal undoes that by itself, as the mutation stops waiting.
import { NotFoundError, ValidationError } from '../errors';
import { checkOffer, type OfferAnswer } from '@shared/sale-checks';
import type { Item } from '@shared/types';
import { type AcceptOfferInput } from '../records';
import { deviceTarget } from './bids';
import type { DeviceContext } from './context';
import { runWrite } from './db';
import { getItem, readBids } from './items';
import { afterQueued, queueIn, type MutationSpec } from './queue';

/** The item, when its owner may give `answer` (checkOffer); else the refusal, in the server's
 * words, on the offer's field when the offer is closed, else on the item's. */
async function answerable(ctx: DeviceContext, itemId: number, answer: OfferAnswer): Promise<Item> {
  const item = await getItem(ctx, itemId);
  if (!item) throw new NotFoundError('item', itemId);
  const refused = checkOffer(deviceTarget(ctx, item), answer);
  if (refused) {
    const field = refused.reason === 'offer-closed' ? 'bidId' : 'itemId';
    throw new ValidationError({ [field]: refused.message }, refused.message);
  }
  return item;
}

/** The answer alone goes in the outbox: what it changes shows through withPendingAnswers. */
async function queueAnswer<K extends 'accept-offer' | 'unlist'>(
  ctx: DeviceContext,
  spec: MutationSpec<K>,
): Promise<void> {
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['mutations'], 'readwrite');
    await Promise.all([queueIn(ctx, tx, owner, spec), tx.done]);
  });
  afterQueued(undefined);
}

export async function acceptOffer(ctx: DeviceContext, input: AcceptOfferInput): Promise<void> {
  const bid = (await readBids(ctx)).find((b) => b.id === input.bidId && b.itemId === input.itemId);
  const item = await answerable(ctx, input.itemId, { kind: 'accept', offer: bid ?? null });
  // An offer the device does not have was refused above, as one no longer open.
  if (bid) {
    await queueAnswer(ctx, {
      kind: 'accept-offer',
      args: { itemId: item.id, bidId: bid.id },
      key: `item:${item.id}`,
      label: `Sell ${item.title} to ${bid.bidder} for ${bid.priceEth} ETH`,
    });
  }
}

export async function unlistItem(ctx: DeviceContext, itemId: number): Promise<void> {
  const item = await answerable(ctx, itemId, { kind: 'unlist' });
  await queueAnswer(ctx, {
    kind: 'unlist',
    args: { itemId: item.id },
    key: `item:${item.id}`,
    label: `Unlist ${item.title}`,
  });
}
