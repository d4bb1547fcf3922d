// The owner's answers to offers on an item: accept one (the item sells to that bidder) or take
// the item off sale. Each is queued for the server, which decides (only the owner, an offer
// still open, an item not yet sold); until it answers, the device shows the answer as given
// (withPendingAnswers in items.ts), and a refusal undoes that by itself, as the mutation stops
// waiting.
import { NotFoundError, ValidationError } from '../errors';
import { LOCAL_USER_ID, type Item } from '@shared/types';
import { type AcceptOfferInput } from '../records';
import { saleState } from '../sale-state';
import type { DeviceContext } from './context';
import { runWrite } from './db';
import { getItem, readBids } from './items';
import { afterQueued, queueIn, type MutationSpec } from './queue';

async function ownedOpenItem(ctx: DeviceContext, itemId: number): Promise<Item> {
  const item = await getItem(ctx, itemId);
  if (!item) throw new NotFoundError('item', itemId);
  const refuse = (message: string) => new ValidationError({ itemId: message }, message);
  if (item.ownerId !== LOCAL_USER_ID) throw refuse('Only the owner of this item can do this.');
  if (saleState(item, null).kind !== 'open') {
    throw refuse('This item is no longer for sale.');
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
  const item = await ownedOpenItem(ctx, input.itemId);
  const bid = (await readBids(ctx)).find((b) => b.id === input.bidId && b.itemId === item.id);
  if (!bid || bid.status !== 'active') {
    const message = 'This offer is no longer open.';
    throw new ValidationError({ bidId: message }, message);
  }
  await queueAnswer(ctx, {
    kind: 'accept-offer',
    args: { itemId: item.id, bidId: bid.id },
    key: `item:${item.id}`,
    label: `Sell ${item.title} to ${bid.bidder} for ${bid.priceEth} ETH`,
  });
}

export async function unlistItem(ctx: DeviceContext, itemId: number): Promise<void> {
  const item = await ownedOpenItem(ctx, itemId);
  await queueAnswer(ctx, {
    kind: 'unlist',
    args: { itemId: item.id },
    key: `item:${item.id}`,
    label: `Unlist ${item.title}`,
  });
}
