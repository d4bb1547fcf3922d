// The About Us counters (docs/product.md "About us and contact": under "Trusted by more than 20K
// users": Trading volume $40M, NFTs created 200+, Total users 235K) and the pure math of their
// count-up.

export interface Stat {
  label: string;
  /** The final text, always in the page for screen readers ("$40M"). */
  value: string;
}

export const TRUST_HEADING = 'Trusted by more than 20K users';

export const ABOUT_STATS: readonly Stat[] = [
  { label: 'Trading volume', value: '$40M' },
  { label: 'NFTs created', value: '200+' },
  { label: 'Total users', value: '235K' },
];

export interface StatParts {
  prefix: string;
  number: number;
  suffix: string;
}

/** "$40M" -> { prefix: "$", number: 40, suffix: "M" }; text without a number counts nothing. */
export function parseStat(value: string): StatParts {
  const match = /^(\D*)(\d+)(.*)$/.exec(value);
  if (!match) return { prefix: value, number: 0, suffix: '' };
  return { prefix: match[1] ?? '', number: Number(match[2]), suffix: match[3] ?? '' };
}

/** The text shown at `progress` (0..1) of the count-up, easing out; 1 gives the final value. */
export function statAt(value: string, progress: number): string {
  const { prefix, number, suffix } = parseStat(value);
  const p = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 1));
  if (p >= 1) return value;
  const eased = 1 - (1 - p) ** 3;
  return `${prefix}${Math.round(number * eased)}${suffix}`;
}
