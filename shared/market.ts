// The market's rules and their limits, one copy for the device's checks and the server's
// (docs/product.md "The server decides"): the least offer, an auction's step, the quantity, the
// bid form's words, and a bid's refusals with their codes and words. Buy Now's and the owner's
// answers to offers: sale-checks.ts; whether a sale is open: sale-state.ts.
import { formatWei, parseEthToWei, toWei, WEI_DECIMALS } from './decimal';
import { SALE_KIND_TEXT } from './sale-kinds';
import { closedCode, saleState, type SaleItem, type SaleState } from './sale-state';
import type { Item, SaleKind } from './types';

/** The least offer on an item that is not an auction (docs/product.md). */
export const BID_MIN_ETH = '1.22';
/** The highest bid of an item nobody has bid on or made an offer on ("No bids yet", "No offers yet"). */
export const NO_BID_ETH = '0';
/** On an auction a bid beats the highest by at least this much. */
export const AUCTION_BID_STEP_ETH = '0.01';
/** The service fee the bid dialog adds to a bid's total. */
export const BID_SERVICE_FEE_ETH = '0.05';
/** Editions one bid may ask for, at most. */
export const BID_MAX_QUANTITY = 5;

/** An amount that is not one (the bid form, a purchase's price). */
export const PRICE_FORMAT_MESSAGE = 'Enter a price in ETH, like 1.5.';
/** A quantity outside 1 to BID_MAX_QUANTITY. */
export const QUANTITY_MESSAGE = `Enter a whole number from 1 to ${BID_MAX_QUANTITY}.`;
/** A bid (or an offer: `noun`) below the least it may be. */
export const minimumMessage = (minimumEth: string, noun = 'bid') =>
  `The minimum ${noun} is ${minimumEth} ETH.`;

/** An item the server (or the device) does not have, for every check of the market. */
export const NOT_FOUND_MESSAGE = 'This item no longer exists.';

/** An amount as the database writes a refusal's figures: at least two decimals ("3.50"). */
function figure(wei: bigint): string {
  const [whole, fraction = ''] = formatWei(wei, WEI_DECIMALS).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * The least a bid on `item` may be (docs/product.md "The server decides"): on an auction the highest
 * bid plus 0.01 ETH, on any other item the minimum offer, 1.22 ETH. Written with at least two
 * decimals, as prices are shown ("4.81", "5.00").
 */
export function minimumBidEth(item: { saleKind: string; highestBidEth: string }): string {
  if (item.saleKind !== 'auctions') return BID_MIN_ETH;
  return figure((parseEthToWei(item.highestBidEth) ?? 0n) + toWei(AUCTION_BID_STEP_ETH));
}

/** The codes a bid (or an offer) is refused with, by the device's check and by the server's
 * artmint_place_bid (server/migrations/functions/artmint_place_bid.sql), in the order both
 * decide them. */
export type BidRefusalCode =
  'invalid' | 'not-found' | 'forbidden' | 'unlisted' | 'sold' | 'ended' | 'outbid' | 'too-low';

/** The figures a bid's refusal shows (ETH, at least 2 decimals, as the database writes them);
 * null when unknown (a refusal that reached the device without its words, refusal-words.ts). */
export interface BidFigures {
  /** The item's highest bid. */
  highest: string | null;
  /** The least an auction's next bid may be. */
  next: string | null;
  /**
   * The item's kind of sale (SaleKind); null when unknown (no such item, or a result stored
   * before migration 011, when only an auction could have ended).
   */
  saleKind: string | null;
}

/** A refusal's words: the message, and the field each concerns. */
export interface RefusalWords {
  message: string;
  fields?: Record<string, string>;
}

/** A refused bid's words, from its code and figures: the same on the device and the server. */
export function bidRefusalWords(code: BidRefusalCode, figures: BidFigures): RefusalWords {
  const quantity = QUANTITY_MESSAGE;
  const minimum = minimumMessage(BID_MIN_ETH, 'offer');
  switch (code) {
    case 'invalid':
      return { message: quantity, fields: { quantity } };
    case 'not-found':
      return { message: NOT_FOUND_MESSAGE };
    case 'forbidden':
      return { message: 'You cannot bid on your own item.' };
    case 'unlisted':
      return { message: 'Its owner took this item off sale, so it takes no bids.' };
    case 'sold':
      return { message: 'This item is already sold, so it takes no more offers.' };
    case 'ended':
      if (figures.saleKind === 'offers' || figures.saleKind === 'now') {
        const listing = SALE_KIND_TEXT[figures.saleKind];
        return {
          message: `${listing.ended}: its end has passed, so it takes no more ${listing.noun}s.`,
        };
      }
      if (figures.highest === null) return { message: 'This auction has ended.' };
      return { message: `This auction has ended. The highest bid was ${figures.highest} ETH.` };
    case 'outbid':
      if (figures.highest === null || figures.next === null) {
        return { message: 'You were outbid: bid again, higher.' };
      }
      return {
        message: `You were outbid: the highest bid is now ${figures.highest} ETH. Bid again, at least ${figures.next} ETH.`,
        fields: { priceEth: `Bid at least ${figures.next} ETH.` },
      };
    case 'too-low':
      return { message: minimum, fields: { priceEth: minimum } };
  }
}

/** What the market's checks need to know of an item (saleTarget makes it from an Item). */
export interface SaleTarget {
  saleKind: SaleKind;
  /** The one who asks owns it. */
  own: boolean;
  state: SaleState;
}

/** What a bid's check needs beside: the item's highest bid. */
export interface BidTarget extends SaleTarget {
  highestBidEth: string;
}

/**
 * The item as the market's checks read it: `own` when the one who asks owns it; `now` the clock,
 * or null to leave the end to the server (saleState, sale-state.ts).
 */
export function saleTarget(
  item: SaleItem & Pick<Item, 'highestBidEth'>,
  { own, now }: { own: boolean; now: number | null },
): BidTarget {
  return {
    saleKind: item.saleKind,
    highestBidEth: item.highestBidEth,
    own,
    state: saleState(item, now),
  };
}

/**
 * The market's check of a bid (or an offer) on `target`, or null when it may be placed: the
 * rules of artmint_place_bid, in its order, with its words. The device runs it before it queues
 * a bid; the server decides the same in SQL; server/market/market.test.ts runs one table of
 * cases through both.
 */
export function checkBid(
  target: BidTarget | null,
  bid: { priceEth: string; quantity: number },
): ({ code: BidRefusalCode } & RefusalWords) | null {
  const refuse = (code: BidRefusalCode) => {
    const figures: BidFigures = {
      highest: target ? figure(parseEthToWei(target.highestBidEth) ?? 0n) : null,
      next: target ? minimumBidEth({ ...target, saleKind: 'auctions' }) : null,
      saleKind: target?.saleKind ?? null,
    };
    return { code, ...bidRefusalWords(code, figures) };
  };
  if (!Number.isInteger(bid.quantity) || bid.quantity < 1 || bid.quantity > BID_MAX_QUANTITY) {
    return refuse('invalid');
  }
  if (target === null) return refuse('not-found');
  if (target.own) return refuse('forbidden');
  const closed = closedCode(target.state);
  if (closed) return refuse(closed);
  const price = parseEthToWei(bid.priceEth) ?? 0n;
  if (target.saleKind === 'auctions') {
    return price < toWei(minimumBidEth(target)) ? refuse('outbid') : null;
  }
  return price < toWei(BID_MIN_ETH) ? refuse('too-low') : null;
}
