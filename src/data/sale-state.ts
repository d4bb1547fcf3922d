// Whether an item can still be bid on or bought, and why not (docs/product.md "The server decides",
// "Auctions settle"), from what the server last said about it (settledAt, soldTo, unlisted),
// the item's bids and the device's clock. Shared by the device's writes and the item page.
import type { Bid, Item } from '@shared/types';

export type SaleState =
  | { kind: 'open' }
  /** An auction past its end. `winner` is who bought it (by bid or Buy Now), once settled. */
  | { kind: 'ended'; settled: boolean; winner: string | null; byBid: boolean }
  | { kind: 'sold'; buyer: string }
  | { kind: 'unlisted' }
  /** An item that is not an auction, past the end its owner gave it (sale-kinds.ts). */
  | { kind: 'expired' };

/** `now` null: the server's word only (a device write leaves the end to the server, whose
 * clock decides, and a late bid may have moved the end since the last pull). */
export function saleState(
  item: Pick<Item, 'saleKind' | 'liveDate' | 'settledAt' | 'soldTo' | 'unlisted'>,
  now: number | null,
  bids: readonly Pick<Bid, 'status'>[] = [],
): SaleState {
  if (item.saleKind === 'auctions') {
    const end = Date.parse(item.liveDate);
    if (item.settledAt || (now !== null && Number.isFinite(end) && end <= now)) {
      return {
        kind: 'ended',
        settled: Boolean(item.settledAt),
        winner: item.soldTo ?? null,
        byBid: bids.some((bid) => bid.status === 'won'),
      };
    }
    return { kind: 'open' };
  }
  if (item.soldTo !== undefined) return { kind: 'sold', buyer: item.soldTo };
  if (item.unlisted) return { kind: 'unlisted' };
  // An item with no end (an empty liveDate) stays on sale until it sells or is unlisted.
  const end = item.liveDate ? Date.parse(item.liveDate) : Number.NaN;
  if (now !== null && Number.isFinite(end) && end <= now) return { kind: 'expired' };
  return { kind: 'open' };
}

/** What the item page says instead of the countdown or the buttons; null while open. */
export function saleClosedText(state: SaleState): string | null {
  switch (state.kind) {
    case 'open':
      return null;
    case 'ended':
      if (state.winner !== null) {
        return state.byBid
          ? `Auction ended · won by ${state.winner}`
          : `Auction ended · bought with Buy Now by ${state.winner}`;
      }
      return state.settled ? 'Auction ended · no bids' : 'Auction ended · the result is on its way';
    case 'sold':
      return `Sold to ${state.buyer}`;
    case 'unlisted':
      return 'Not for sale · its owner unlisted it';
    case 'expired':
      return 'Listing ended · no longer for sale';
  }
}

/**
 * What a card says instead of Buy Now / Bid Now; null while open. A card has no bids to tell an
 * auction's winning bid from a Buy Now, so it names the buyer without saying how.
 */
export function saleCardText(state: SaleState): string | null {
  if (state.kind === 'ended' && state.winner !== null) {
    return `Auction ended · sold to ${state.winner}`;
  }
  return saleClosedText(state);
}
