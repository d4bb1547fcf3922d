// Wei to ETH for the wallet's balance, with the one exact formatter (shared/decimal.ts):
// bigint arithmetic only, so no rounding error (1 ETH = 10^18 wei).
import { formatWei, WEI_DECIMALS } from '@shared/decimal';
import { groupThousands } from '@/lib/format-number';

/** Every digit kept, trailing zeros trimmed: 1234500000000000000n -> "1.2345". */
export function formatEther(wei: bigint): string {
  return formatWei(wei, WEI_DECIMALS);
}

/**
 * For display: thousands grouped, at most `decimals` decimals, rounded down so a balance is
 * never shown larger than it is. A positive amount too small to show reads "< 0.0001".
 */
export function formatEthAmount(wei: bigint, decimals = 4): string {
  if (wei < 0n) return `-${formatEthAmount(-wei, decimals)}`;
  const places = Math.max(0, Math.min(WEI_DECIMALS, Math.trunc(decimals)));
  const [whole = '0', fraction] = formatWei(wei, places, 'down').split('.');
  if (wei > 0n && whole === '0' && fraction === undefined) {
    return places === 0 ? '< 1' : `< 0.${'0'.repeat(places - 1)}1`;
  }
  return `${groupThousands(BigInt(whole))}${fraction ? `.${fraction}` : ''}`;
}

/** A JSON-RPC quantity ("0x1bc16d674ec80000") as a bigint; null when it is not one. */
export function parseQuantity(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,64}$/i.test(value)) return null;
  return BigInt(value);
}
