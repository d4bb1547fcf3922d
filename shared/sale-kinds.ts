// The three kinds of sale and the words each screen uses for them, in one table: the cards, the
// item page, the bid dialog, the Live Auction page, explore's "Items" filter, the sync panel and
// the tests all read SALE_KIND_TEXT, so an auction, an offer and a fixed price are never told
// with one another's words.
//
// - An auction (`auctions`): a bid must beat the highest by the step; Buy Now ends it; the
//   highest bidder owns it at the end.
// - Offers (`offers`): collectors make offers of at least the minimum, even below the best one;
//   the owner chooses which to accept. No fixed price.
// - A fixed price (`now`): Buy Now at its price; offers may be made on it too, named as offers.
import { compareEth, parseEthToWei } from './decimal';
import type { Item, SaleKind } from './types';

export interface SaleKindText {
  /** Explore's "Items" filter option. */
  filter: string;
  /** What the kind is, in a sentence after "This item is sold ..." style lead-ins. */
  summary: string;
  /** The label of the fixed price, or null when the kind has none (offers). */
  price: string | null;
  /** The label of the bids' figure: the highest bid or the best offer. */
  best: string;
  /** Said instead of the figure when nobody has bid yet. */
  none: string;
  /** The countdown's label, for an item with an end. */
  endsIn: string;
  /** Shown once the end has passed. */
  ended: string;
  /** The button that opens the bid dialog. */
  bidAction: string;
  /** Buy Now, or null when the kind cannot be bought outright. */
  buyAction: string | null;
  /** The action a card leads with. */
  cardAction: 'bid' | 'buy';
  /** One bid of this kind, in a sentence ("bid", "offer"). */
  noun: string;
  /** The item page's list of bids ("Bids", "Offers"). */
  listTitle: string;
  /** The bid dialog's title, field, minimum row and submit button. */
  dialogTitle: string;
  amountLabel: string;
  minimumLabel: string;
  submit: string;
  /** The toast once a bid is saved. */
  placed: string;
}

const AUCTION: SaleKindText = {
  filter: 'Auctions',
  summary: 'Auction: the highest bid when it ends wins; Buy Now ends it at once.',
  price: 'Price',
  best: 'Highest Bid',
  none: 'No bids yet',
  endsIn: 'Auction ends in',
  ended: 'Auction ended',
  bidAction: 'Bid Now',
  buyAction: 'Buy Now',
  cardAction: 'bid',
  noun: 'bid',
  listTitle: 'Bids',
  dialogTitle: 'Place a Bid',
  amountLabel: 'Your bid (ETH)',
  minimumLabel: 'Minimum bid',
  submit: 'Place a bid',
  placed: 'Bid placed',
};

const OFFER_WORDS = {
  best: 'Best offer',
  none: 'No offers yet',
  endsIn: 'Listing ends in',
  ended: 'Listing ended',
  bidAction: 'Make an offer',
  noun: 'offer',
  listTitle: 'Offers',
  dialogTitle: 'Make an offer',
  amountLabel: 'Your offer (ETH)',
  minimumLabel: 'Minimum offer',
  submit: 'Make the offer',
  placed: 'Offer made',
} as const;

export const SALE_KIND_TEXT: Readonly<Record<SaleKind, SaleKindText>> = {
  auctions: AUCTION,
  offers: {
    ...OFFER_WORDS,
    filter: 'Offers',
    summary: 'Open to offers: the owner chooses which one to accept.',
    price: null,
    buyAction: null,
    cardAction: 'bid',
  },
  now: {
    ...OFFER_WORDS,
    filter: 'Buy Now',
    summary: 'Fixed price: buy it now, or make an offer the owner may accept.',
    price: 'Price',
    buyAction: 'Buy Now',
    cardAction: 'buy',
  },
};

export function saleKindText(item: Pick<Item, 'saleKind'>): SaleKindText {
  return SALE_KIND_TEXT[item.saleKind];
}

/** The item's highest bid or best offer, or null when nobody has bid (a zero figure). */
export function bestBidEth(item: Pick<Item, 'highestBidEth'>): string | null {
  const wei = parseEthToWei(item.highestBidEth);
  return wei === null || wei === 0n ? null : item.highestBidEth;
}

/** The text of the figure: "3.55 ETH", or "No offers yet" / "No bids yet". */
export function bestBidText(item: Pick<Item, 'highestBidEth' | 'saleKind'>): string {
  const best = bestBidEth(item);
  return best === null ? saleKindText(item).none : `${best} ETH`;
}

/**
 * True when `amountEth` is an offer below the item's best offer (allowed on an item that takes
 * offers: the owner chooses). Never on an auction, where such a bid is refused instead.
 */
export function isBelowBestOffer(
  item: Pick<Item, 'highestBidEth' | 'saleKind'>,
  amountEth: string,
): boolean {
  if (item.saleKind === 'auctions') return false;
  const best = bestBidEth(item);
  if (best === null || parseEthToWei(amountEth) === null) return false;
  return compareEth(amountEth.trim(), best) < 0;
}

/** The end of an item's sale in ms, or null when it has none (an item with no end date). */
export function saleEnd(item: Pick<Item, 'liveDate' | 'date'>): number | null {
  const raw = item.date || item.liveDate;
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}
