// Best Creators and Sellers ranking (docs/product.md "Home pages": best creators 9 with a
// Week/Month/Year selector). The sample data has one sales volume per creator (volumeEth, all
// time); the period figures are a fixed, deterministic share of it per creator, so each period
// ranks differently and the same period always shows the same list.
import { GRID_BEST_CREATORS } from '@/config/constants';
import type { Creator } from '@shared/types';

export type RankingPeriod = 'week' | 'month' | 'year';
export const RANKING_PERIODS: readonly { value: RankingPeriod; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

export interface RankedCreator {
  creator: Creator;
  rank: number;
  /** Sales in the period, ETH. */
  volume: number;
}

/** The share of a creator's all-time volume sold in the period (0..1). */
export function periodShare(creatorId: number, period: RankingPeriod): number {
  const id = Math.abs(Math.trunc(creatorId));
  if (period === 'week') return (((id * 5 + 1) % 13) + 2) / 150;
  if (period === 'month') return (((id * 7 + 3) % 11) + 4) / 40;
  return (((id * 3 + 2) % 7) + 14) / 20 / 1.05;
}

/**
 * Names in a fixed order, case-insensitive first, by code point (not localeCompare: a page's
 * first collator loads ICU data, a long task of its own; see lib/format-number.ts).
 */
function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The best `limit` creators of the period, highest sales first (ties: by name). */
export function rankCreators(
  creators: readonly Creator[],
  period: RankingPeriod,
  limit = GRID_BEST_CREATORS,
): RankedCreator[] {
  return creators
    .map((creator) => {
      const total = Number.parseFloat(creator.volumeEth);
      const volume = Number.isFinite(total) ? total * periodShare(creator.id, period) : 0;
      return { creator, volume: Math.round(volume * 100) / 100 };
    })
    .sort((a, b) => b.volume - a.volume || byName(a.creator.name, b.creator.name))
    .slice(0, limit)
    .map((entry, i) => ({ ...entry, rank: i + 1 }));
}

/** "12.34 ETH". */
export function formatVolume(volume: number): string {
  return `${volume.toFixed(2)} ETH`;
}
