// Buy Now's check and the owner's answers to offers (docs/product.md "The server decides"), one
// copy for the device and the server, with their refusal codes and words, beside the bid's
// (market.ts). The device runs each before it queues the write; the server runs the same on the
// item as its database has it; server/market/sale-rules.test.ts runs one table of cases of each
// through both.
import { NOT_FOUND_MESSAGE, type RefusalWords, type SaleTarget } from './market';
import { SALE_KIND_TEXT } from './sale-kinds';
import { closedCode } from './sale-state';
import type { SaleKind } from './types';

/** The item sold outright: no Buy Now, no offer accepted. */
const SOLD_MESSAGE = 'This item is already sold.';

export type CheckoutRefusalCode = 'not-found' | 'forbidden' | 'unlisted' | 'sold' | 'ended';

/** A refused Buy Now's words, from its code and the item's kind of sale (null: unknown). */
export function checkoutRefusalWords(
  code: CheckoutRefusalCode,
  saleKind: SaleKind | null,
): RefusalWords {
  switch (code) {
    case 'not-found':
      return { message: NOT_FOUND_MESSAGE };
    case 'forbidden':
      return { message: 'You already own this item.' };
    case 'unlisted':
      return { message: 'Its owner took this item off sale, so it cannot be bought.' };
    case 'sold':
      return { message: SOLD_MESSAGE };
    case 'ended':
      if (saleKind === null)
        return { message: 'This sale has ended, so it can no longer be bought.' };
      return {
        message:
          saleKind === 'auctions'
            ? 'This auction has ended, so it can no longer be bought.'
            : `${SALE_KIND_TEXT[saleKind].ended}: its end has passed, so it can no longer be bought.`,
      };
  }
}

/**
 * Buy Now's check on `target`, or null when it may be bought: never one's own item, nor an item
 * unlisted, sold or past its end (an auction bought or won has ended).
 */
export function checkCheckout(
  target: SaleTarget | null,
): ({ code: CheckoutRefusalCode } & RefusalWords) | null {
  const refuse = (code: CheckoutRefusalCode) => ({
    code,
    ...checkoutRefusalWords(code, target?.saleKind ?? null),
  });
  if (target === null) return refuse('not-found');
  if (target.own) return refuse('forbidden');
  const closed = closedCode(target.state);
  return closed ? refuse(closed) : null;
}

/** The owner's answers to offers: accept one (`offer`: its status, none on a bid not yet on the
 * server; null when there is no such offer), or take the item off sale. */
export type OfferAnswer =
  { kind: 'accept'; offer: { status?: string } | null } | { kind: 'unlist' };

/** Why an answer is refused: each with its code (protocol.ts RefusalCode) and words. */
export type OfferRefusalReason =
  'not-found' | 'not-owner' | 'auction' | 'unlisted' | 'sold' | 'offer-closed' | 'live-auction';

const OFFER_REFUSALS: Record<
  OfferRefusalReason,
  { code: 'not-found' | 'forbidden' | 'unlisted' | 'sold' | 'conflict'; message: string }
> = {
  'not-found': { code: 'not-found', message: NOT_FOUND_MESSAGE },
  'not-owner': { code: 'forbidden', message: 'Only the owner of this item can answer its offers.' },
  auction: { code: 'forbidden', message: 'An auction sells to its highest bid when it ends.' },
  unlisted: { code: 'unlisted', message: 'This item is unlisted, so it has no offers.' },
  sold: { code: 'sold', message: SOLD_MESSAGE },
  'offer-closed': {
    code: 'conflict',
    message:
      'This offer is no longer open (withdrawn, closed or made by a deleted account). Look at the open offers again.',
  },
  'live-auction': {
    code: 'conflict',
    message: 'A live auction runs to its end; unlist it after it ends.',
  },
};

export type OfferRefusal = (typeof OFFER_REFUSALS)[OfferRefusalReason] & {
  reason: OfferRefusalReason;
};

/** A refused answer's code and words. */
export function offerRefusal(reason: OfferRefusalReason): OfferRefusal {
  return { reason, ...OFFER_REFUSALS[reason] };
}

/**
 * The check of the owner's answer to offers on `target`, or null when it may be given. Only the
 * owner answers. An offer is accepted on an item that is not an auction (an auction sells to its
 * highest bid when it ends), neither unlisted nor sold, while the offer is still open; the offers
 * stay open past a listing's end, until the owner answers. An item is unlisted once (again: no
 * change), and an auction only once it has ended and settled.
 */
export function checkOffer(target: SaleTarget | null, answer: OfferAnswer): OfferRefusal | null {
  if (target === null) return offerRefusal('not-found');
  if (!target.own) return offerRefusal('not-owner');
  const { state } = target;
  if (answer.kind === 'unlist') {
    if (state.kind === 'unlisted' || target.saleKind !== 'auctions') return null;
    return state.kind === 'ended' && state.settled ? null : offerRefusal('live-auction');
  }
  if (target.saleKind === 'auctions') return offerRefusal('auction');
  if (state.kind === 'unlisted' || state.kind === 'sold') return offerRefusal(state.kind);
  return answer.offer?.status === 'active' ? null : offerRefusal('offer-closed');
}
