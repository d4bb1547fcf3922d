// English number formatting without Intl (issues 2, 4 and 5, total blocking time). The first Intl
// formatter or collator a page creates makes Chromium load ICU's locale data: 35 to 90 ms of main
// thread on this machine, measured in a fresh page (four times that under Lighthouse's mobile
// CPU), and every card, date and price formats on the first render. Artmint's text is English
// only (docs/product.md "On every page"), so these few fixed formats are written out; the unit
// tests compare them with Intl's output.

/** Digits grouped by thousands: 1234567 -> "1,234,567", -1234n -> "-1,234". Numbers round. */
export function groupThousands(value: number | bigint): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    value = Math.round(value);
    if (Object.is(value, -0)) value = 0;
  }
  const text = value.toString();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** The compact units, smallest first. */
const COMPACT_UNITS: Array<[number, string]> = [
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
];

/** Tenths of `value / unit`, rounded half away from zero, in integer arithmetic where exact. */
function tenths(value: number, unit: number): number {
  return Number.isInteger(value) && value * 10 < Number.MAX_SAFE_INTEGER
    ? Math.floor((value * 10 + unit / 2) / unit)
    : Math.round((value * 10) / unit);
}

function oneDecimal(count: number): string {
  return count % 10 === 0 ? String(count / 10) : `${Math.floor(count / 10)}.${count % 10}`;
}

/**
 * English compact notation with at most one decimal, as `Intl.NumberFormat('en', { notation:
 * 'compact', maximumFractionDigits: 1 })`: 999 -> "999", 18240 -> "18.2K", 1250000 -> "1.3M",
 * 999960 -> "1M".
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value < 0) return `-${formatCompact(-value)}`;
  const plain = Math.round(value * 10);
  if (value < 1e3 && plain < 10_000) return oneDecimal(plain);
  // The smallest unit the value rounds to less than 1000 of: 999,960 is "1M", not "1000K".
  let chosen: [number, string] = [1e3, 'K'];
  for (const unit of COMPACT_UNITS) {
    chosen = unit;
    if (tenths(value, unit[0]) < 10_000) break;
  }
  const [unit, suffix] = chosen;
  return `${oneDecimal(tenths(value, unit))}${suffix}`;
}

/** US dollars from whole cents: 465975n -> "$4,659.75". */
export function formatUsdCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${groupThousands(abs / 100n)}.${rest}`;
}
