// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCompact, formatUsdCents, groupThousands } from '../format-number';

// Intl is the oracle here: Node carries full ICU, and these formats were Intl's until they were
// written out to spare the page ICU's start-up (see format-number.ts).
const SAMPLES = [
  0, 1, 7, 12, 99, 100, 999, 1000, 1001, 1049, 1050, 1051, 1149, 1150, 1151, 1234, 9999, 10_000,
  18_240, 99_949, 99_950, 123_456, 999_949, 999_950, 999_999, 1_000_000, 1_049_999, 1_050_000,
  1_250_000, 12_345_678, 999_949_999, 999_950_000, 1_000_000_000, 2_500_000_000, 999_999_999_999,
  1_000_000_000_000, 12_345_678_901_234, 0.5, 1.25, 12.34, 999.94, 999.95, 999.96, 1e15,
];

describe('formatCompact', () => {
  const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

  it('reads as Intl compact English with one decimal, for every sample and its negative', () => {
    for (const n of SAMPLES) {
      expect(formatCompact(n), String(n)).toBe(intl.format(n));
      if (n > 0) expect(formatCompact(-n), String(-n)).toBe(intl.format(-n));
    }
  });

  it('matches Intl on a sweep of follower counts', () => {
    for (let n = 0; n < 3_000_000; n += 997)
      expect(formatCompact(n), String(n)).toBe(intl.format(n));
  });

  it('gives the examples the cards show', () => {
    expect(formatCompact(18_240)).toBe('18.2K');
    expect(formatCompact(999_960)).toBe('1M');
    expect(formatCompact(Number.NaN)).toBe('NaN');
  });
});

describe('groupThousands', () => {
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

  it('groups like Intl en-US for numbers and bigints', () => {
    for (const n of [...SAMPLES, -1, -1234, -1_000_000, 0.4, 0.6, 2.5]) {
      expect(groupThousands(n), String(n)).toBe(intl.format(n));
    }
    expect(groupThousands(1_234_567_890_123_456_789n)).toBe('1,234,567,890,123,456,789');
    expect(groupThousands(-1234n)).toBe('-1,234');
    expect(groupThousands(-0)).toBe('0');
  });
});

describe('formatUsdCents', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('reads as Intl en-US dollars', () => {
    for (const cents of [0n, 5n, 99n, 100n, 465_975n, 123_456_789n, -1n, -465_975n]) {
      expect(formatUsdCents(cents), String(cents)).toBe(intl.format(Number(cents) / 100));
    }
  });
});
