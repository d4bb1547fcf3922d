// Whether an item's sale is open, and why not (docs/product.md "The server decides", "Auctions
// settle"): the one model the market's checks read, on the device and on the server
// (shared/market.ts, shared/sale-checks.ts), and the item page's words (src/data/sale-state.ts).
import { saleEnd } from './sale-kinds';
import type { Bid, Item, SaleKind } from './types';

export type SaleState =
  | { kind: 'open' }
  /** Its owner took it off sale (checked first, as the server's checks do). */
  | { kind: 'unlisted' }
  /** An item that is not an auction, sold outright. */
  | { kind: 'sold'; buyer: string }
  /** An auction past its end or settled. `winner` is who bought it (by bid or Buy Now), once
   * settled; `byBid` when a bid won it. */
  | { kind: 'ended'; settled: boolean; winner: string | null; byBid: boolean }
  /** An item that is not an auction, past the end its owner gave it (sale-kinds.ts). */
  | { kind: 'expired' };

/** What decides whether a sale is open: what the server said of it, and the clock. */
export interface SaleFacts {
  saleKind: SaleKind;
  unlisted: boolean;
  /** Who bought it (an auction's winner, an accepted offer's bidder, a Buy Now buyer), or null. */
  buyer: string | null;
  /** The server settled this auction. */
  settled: boolean;
  /** Its end has passed by the clock that decides (false when it has no end). */
  endPassed: boolean;
  /** A bid won it (an auction's winner by bid, not Buy Now). */
  byBid?: boolean;
}

/**
 * The one model: unlisted, then sold (an item that is not an auction; an auction sold is an
 * auction ended), then past its end, in the order the server's checks decide them.
 */
export function saleStateOf(facts: SaleFacts): SaleState {
  if (facts.unlisted) return { kind: 'unlisted' };
  if (facts.saleKind === 'auctions') {
    if (facts.settled || facts.endPassed) {
      return {
        kind: 'ended',
        settled: facts.settled,
        winner: facts.buyer,
        byBid: facts.byBid === true,
      };
    }
    return { kind: 'open' };
  }
  if (facts.buyer !== null) return { kind: 'sold', buyer: facts.buyer };
  if (facts.endPassed) return { kind: 'expired' };
  return { kind: 'open' };
}

export type SaleItem = Pick<
  Item,
  'saleKind' | 'liveDate' | 'date' | 'settledAt' | 'soldTo' | 'unlisted'
>;

/**
 * The state of `item` as a device has it (settledAt, soldTo, unlisted: the server's word), by
 * the clock `now`; `now` null leaves the end to the server's word alone (a device's write: the
 * server's clock decides, and a late bid may have moved an auction's end since the last pull).
 * An item with no end stays on sale until it sells or is unlisted. `bids`: the item's bids, to
 * tell an auction won by a bid from one bought with Buy Now.
 */
export function saleState(
  item: SaleItem,
  now: number | null,
  bids: readonly Pick<Bid, 'status'>[] = [],
): SaleState {
  const end = saleEnd(item);
  return saleStateOf({
    saleKind: item.saleKind,
    unlisted: item.unlisted === true,
    buyer: item.soldTo ?? null,
    settled: Boolean(item.settledAt),
    endPassed: now !== null && end !== null && end <= now,
    byBid: bids.some((bid) => bid.status === 'won'),
  });
}

/** Why a closed sale takes no bid and no purchase, as the server's refusal codes name it; null
 * while it is open. */
export function closedCode(state: SaleState): 'unlisted' | 'sold' | 'ended' | null {
  switch (state.kind) {
    case 'open':
      return null;
    case 'unlisted':
    case 'sold':
      return state.kind;
    case 'ended':
    case 'expired':
      return 'ended';
  }
}
