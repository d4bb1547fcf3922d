// Wei to ETH with bigint arithmetic only: no floating point, so no rounding error
// (1 ETH = 10^18 wei). Used by the header summary and the wallet page.

import { groupThousands } from '@/lib/format-number';

const WEI_DECIMALS = 18;
const WEI_PER_ETH = 10n ** BigInt(WEI_DECIMALS);

/** Every digit kept, trailing zeros trimmed: 1234500000000000000n -> "1.2345". */
export function formatEther(wei: bigint): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / WEI_PER_ETH;
  const fraction = (abs % WEI_PER_ETH).toString().padStart(WEI_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole.toString()}${fraction ? `.${fraction}` : ''}`;
}

/**
 * For display: thousands grouped, at most `decimals` decimals, rounded down so a balance is
 * never shown larger than it is. A positive amount too small to show reads "< 0.0001".
 */
export function formatEthAmount(wei: bigint, decimals = 4): string {
  if (wei < 0n) return `-${formatEthAmount(-wei, decimals)}`;
  const places = Math.max(0, Math.min(WEI_DECIMALS, Math.trunc(decimals)));
  const whole = wei / WEI_PER_ETH;
  const fraction = (wei % WEI_PER_ETH)
    .toString()
    .padStart(WEI_DECIMALS, '0')
    .slice(0, places)
    .replace(/0+$/, '');
  if (whole === 0n && fraction === '' && wei > 0n) {
    return places === 0 ? '< 1' : `< 0.${'0'.repeat(places - 1)}1`;
  }
  return `${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A JSON-RPC quantity ("0x1bc16d674ec80000") as a bigint; null when it is not one. */
export function parseQuantity(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,64}$/i.test(value)) return null;
  return BigInt(value);
}
