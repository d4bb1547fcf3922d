// Exact ETH arithmetic on decimal strings: values are converted to wei (10^-18 ETH) as
// bigint, so 1.22 + 0.05 is exactly 1.27 and comparisons never suffer float rounding.

export const WEI_DECIMALS = 18;
const WEI_PER_ETH = 10n ** BigInt(WEI_DECIMALS);
const ETH_RE = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses a non-negative ETH amount such as "3.5", "0.004", "12" or ".5" into wei.
 * Returns null for anything else: empty text, signs, exponents, commas or more than
 * 18 decimals.
 */
export function parseEthToWei(value: string): bigint | null {
  const text = value.trim();
  const match = ETH_RE.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > WEI_DECIMALS) return null;
  const wholeWei = BigInt(whole || '0') * WEI_PER_ETH;
  const fractionWei = BigInt(fraction.padEnd(WEI_DECIMALS, '0') || '0');
  return wholeWei + fractionWei;
}

/**
 * Formats wei as an ETH decimal string with at most `maxDecimals` decimals, dropping trailing
 * zeros: 1270000000000000000n -> "1.27". Rounds half away from zero, or with `round: 'down'`
 * towards zero (a balance is never shown larger than it is). The one wei formatter.
 */
export function formatWei(
  wei: bigint,
  maxDecimals = 4,
  round: 'nearest' | 'down' = 'nearest',
): string {
  const decimals = Math.max(0, Math.min(WEI_DECIMALS, Math.trunc(maxDecimals)));
  const negative = wei < 0n;
  let abs = negative ? -wei : wei;
  const step = 10n ** BigInt(WEI_DECIMALS - decimals);
  const remainder = abs % step;
  abs -= remainder;
  if (round === 'nearest' && remainder * 2n >= step) abs += step;
  const whole = abs / WEI_PER_ETH;
  const fraction = (abs % WEI_PER_ETH)
    .toString()
    .padStart(WEI_DECIMALS, '0')
    .slice(0, decimals)
    .replace(/0+$/, '');
  const sign = negative && abs !== 0n ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** The wei of an ETH string; throws RangeError on invalid input. */
export function toWei(value: string): bigint {
  const wei = parseEthToWei(value);
  if (wei === null) throw new RangeError(`Not an ETH amount: "${value}"`);
  return wei;
}

/** Compares two ETH strings exactly: -1, 0 or 1. Throws RangeError on invalid input. */
export function compareEth(a: string, b: string): -1 | 0 | 1 {
  const x = toWei(a);
  const y = toWei(b);
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

/** Adds two ETH strings exactly, keeping every decimal. Throws RangeError on invalid input. */
export function addEth(a: string, b: string): string {
  return formatWei(toWei(a) + toWei(b), WEI_DECIMALS);
}

/** Rewrites a valid ETH string in its shortest exact form ("01.50" -> "1.5"); null if invalid. */
export function normalizeEth(value: string): string | null {
  const wei = parseEthToWei(value);
  return wei === null ? null : formatWei(wei, WEI_DECIMALS);
}
