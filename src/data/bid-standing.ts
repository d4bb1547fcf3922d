// Where the collector's own bids stand in an auction (docs/product.md "Item detail"): read from
// the bids the device holds with the server's status (the account channel brings it, docs/sync.md
// "Account channel"), so it shows offline too; and its words, written once here.
import type { Bid, Item } from '@shared/types';

export type BidStanding =
  /** The newest bid is on this device only: the server has not answered it yet. */
  | { kind: 'waiting'; priceEth: string }
  | { kind: 'leading' }
  | { kind: 'outbid'; highestEth: string }
  | { kind: 'won' }
  | { kind: 'lost' };

export type StandingItem = Pick<Item, 'saleKind' | 'settledAt' | 'highestBidEth'>;

/**
 * The standing of `mine` (the collector's bids on the item) in the auction; null for an item
 * that is not an auction, no bid, or a settled auction whose word on the bids has not come yet.
 * Pure.
 */
export function bidStandingOf(item: StandingItem, mine: readonly Bid[]): BidStanding | null {
  if (item.saleKind !== 'auctions' || mine.length === 0) return null;
  if (mine.some((bid) => bid.status === 'won')) return { kind: 'won' };
  const open = mine.some((bid) => bid.status === undefined || bid.status === 'active');
  if (item.settledAt !== undefined) return open ? null : { kind: 'lost' };
  const newest = mine.reduce((a, b) => (Date.parse(b.at) > Date.parse(a.at) ? b : a));
  if (newest.status === undefined) return { kind: 'waiting', priceEth: newest.priceEth };
  if (open) return { kind: 'leading' };
  return { kind: 'outbid', highestEth: item.highestBidEth };
}

/** What the item page says of it. */
export function bidStandingText(standing: BidStanding): string {
  switch (standing.kind) {
    case 'waiting':
      return `Your bid of ${standing.priceEth} ETH is saved on this device and syncs to the marketplace.`;
    case 'leading':
      return 'You are the highest bidder.';
    case 'outbid':
      return `You were outbid: the highest bid is now ${standing.highestEth} ETH.`;
    case 'won':
      return 'You won this auction.';
    case 'lost':
      return 'Your bid did not win.';
  }
}
