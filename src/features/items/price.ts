// Bid and price arithmetic for the item detail (docs/product.md "Fixed values": minimum bid 1.22
// ETH, service fee 0.05 ETH, total 1.27 ETH, at most 5; price 3.5 ETH = $4,659.75). Exact: amounts
// are decimal strings computed in wei (shared/decimal.ts), never floats.
import {
  BID_MAX_QUANTITY,
  BID_MIN_ETH,
  BID_SERVICE_FEE_ETH,
  PRICE_FORMAT_MESSAGE,
  QUANTITY_MESSAGE,
  minimumMessage,
} from '@shared/market';
import { SAMPLE_USD_FOR_3_5_ETH } from '@/config/constants';
import { formatWei, parseEthToWei, WEI_DECIMALS } from '@shared/decimal';
import { formatUsdCents } from '@/lib/format-number';

// The words the market's checks share with this form are written once, in shared/market.ts.
export const BID_PRICE_FORMAT_MESSAGE = PRICE_FORMAT_MESSAGE;
export const BID_PRICE_REQUIRED_MESSAGE = 'Enter your bid in ETH.';
export const BID_MIN_MESSAGE = minimumMessage(BID_MIN_ETH);
export const BID_QUANTITY_MAX_MESSAGE = `You can bid on at most ${BID_MAX_QUANTITY} editions.`;
export const BID_QUANTITY_MESSAGE = QUANTITY_MESSAGE;

export interface BidFormValues {
  price: string;
  quantity: string;
}

export type BidErrors = Partial<Record<keyof BidFormValues, string>>;

const QUANTITY_RE = /^\d+$/;

/** The quantity typed, when it is a whole number (any size), else null. */
function wholeNumber(text: string): number | null {
  const value = text.trim();
  return QUANTITY_RE.test(value) ? Number(value) : null;
}

/** Inline messages for the bid form (a bid, or an offer: `noun`, of at least `minimumEth`);
 * empty when it can be placed. */
export function validateBidForm(
  values: BidFormValues,
  minimumEth = BID_MIN_ETH,
  noun = 'bid',
): BidErrors {
  const errors: BidErrors = {};
  const price = values.price.trim();
  const wei = parseEthToWei(price);
  const minWei = parseEthToWei(minimumEth) ?? 0n;
  if (price === '')
    errors.price = noun === 'bid' ? BID_PRICE_REQUIRED_MESSAGE : `Enter your ${noun} in ETH.`;
  else if (wei === null) errors.price = BID_PRICE_FORMAT_MESSAGE;
  else if (wei < minWei) errors.price = minimumMessage(minimumEth, noun);
  const quantity = wholeNumber(values.quantity);
  if (quantity !== null && quantity > BID_MAX_QUANTITY) errors.quantity = BID_QUANTITY_MAX_MESSAGE;
  else if (quantity === null || quantity < 1) errors.quantity = BID_QUANTITY_MESSAGE;
  return errors;
}

/**
 * The total of a bid: price x quantity + service fee, exact, as an ETH string; null while the
 * price or the quantity is not a valid amount (the form then shows no total).
 */
export function bidTotal(price: string, quantity: string, fee: string = BID_SERVICE_FEE_ETH) {
  const priceWei = parseEthToWei(price);
  const count = wholeNumber(quantity);
  const feeWei = parseEthToWei(fee) ?? 0n;
  if (priceWei === null || count === null || count < 1) return null;
  return formatWei(priceWei * BigInt(count) + feeWei, WEI_DECIMALS);
}

// One fixed sample rate: 3.5 ETH = $4,659.75 (docs/product.md), kept as a ratio of integers.
const USD_CENTS_FOR_RATE = BigInt(Math.round(SAMPLE_USD_FOR_3_5_ETH * 100));
const WEI_FOR_RATE = parseEthToWei('3.5') ?? 1n;

/** "$4,659.75" for "3.5"; null for an invalid amount. Rounded half up to the cent. */
export function ethToUsd(eth: string): string | null {
  const wei = parseEthToWei(eth);
  if (wei === null) return null;
  const scaled = wei * USD_CENTS_FOR_RATE * 2n;
  return formatUsdCents((scaled / WEI_FOR_RATE + 1n) / 2n);
}
