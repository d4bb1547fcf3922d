// What the item page and the cards say of a sale that is not open (docs/product.md "The server
// decides", "Auctions settle"), from its state: shared/sale-state.ts saleState, the one model
// the market's checks read too, on the device and on the server.
import type { SaleState } from '@shared/sale-state';

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
