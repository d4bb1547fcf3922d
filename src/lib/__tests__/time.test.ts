// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, pad2, relativeTime, secondsLeft, timeLeft, toIsoDate } from '../time';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const NOW = Date.UTC(2026, 2, 12, 12, 0, 0);

describe('timeLeft', () => {
  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const target = NOW + 2 * D + 3 * H + 4 * M + 5 * S;
    expect(timeLeft(target, NOW)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalMs: 2 * D + 3 * H + 4 * M + 5 * S,
      done: false,
    });
  });

  it('carries over at the unit boundaries', () => {
    expect(timeLeft(NOW + D, NOW)).toMatchObject({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(NOW + D - S, NOW)).toMatchObject({
      days: 0,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
    expect(timeLeft(NOW + 400 * D, NOW).days).toBe(400);
  });

  it('rounds a part second up so it only shows zero when over', () => {
    expect(timeLeft(NOW + 1, NOW)).toMatchObject({ seconds: 1, totalMs: 1, done: false });
    expect(timeLeft(NOW + 1500, NOW)).toMatchObject({ seconds: 2, done: false });
  });

  it('is done at the target and clamps a passed target to zeros, never negative', () => {
    expect(timeLeft(NOW, NOW)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      totalMs: 0,
      done: true,
    });
    const passed = timeLeft(NOW - 3 * D - 5 * S, NOW);
    expect(passed).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 });
    expect(passed.done).toBe(true);
  });

  it('treats an invalid target as done', () => {
    expect(timeLeft(Number.NaN, NOW)).toMatchObject({ totalMs: 0, done: true });
  });
});

describe('secondsLeft', () => {
  it('counts the maintenance 3599 seconds down one per second', () => {
    expect(secondsLeft(NOW, 3599, NOW)).toBe(3599);
    expect(secondsLeft(NOW, 3599, NOW + S)).toBe(3598);
    expect(secondsLeft(NOW, 3599, NOW + 60 * S)).toBe(3539);
    expect(secondsLeft(NOW, 3599, NOW + 3598 * S)).toBe(1);
  });

  it('stops at 0 and never goes negative', () => {
    expect(secondsLeft(NOW, 3599, NOW + 3599 * S)).toBe(0);
    expect(secondsLeft(NOW, 3599, NOW + 2 * D)).toBe(0);
  });

  it('rounds elapsed time to the nearest second and ignores a clock behind the start', () => {
    expect(secondsLeft(NOW, 10, NOW + 400)).toBe(10);
    expect(secondsLeft(NOW, 10, NOW + 600)).toBe(9);
    expect(secondsLeft(NOW, 10, NOW - 5 * S)).toBe(10);
  });
});

describe('pad2', () => {
  it('pads to two digits and keeps longer numbers', () => {
    expect(pad2(0)).toBe('00');
    expect(pad2(7)).toBe('07');
    expect(pad2(42)).toBe('42');
    expect(pad2(123)).toBe('123');
  });

  it('floors fractions and clamps negatives and NaN to 00', () => {
    expect(pad2(5.9)).toBe('05');
    expect(pad2(-3)).toBe('00');
    expect(pad2(Number.NaN)).toBe('00');
  });
});

describe('relativeTime', () => {
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const ahead = (ms: number) => new Date(NOW + ms).toISOString();

  it('says "just now" within 45 seconds either way', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(44 * S), NOW)).toBe('just now');
    expect(relativeTime(ahead(30 * S), NOW)).toBe('just now');
  });

  it('counts minutes, hours and days in the past', () => {
    expect(relativeTime(ago(50 * S), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * M), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * H), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(90 * M), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(2 * D), NOW)).toBe('2 days ago');
    expect(relativeTime(ago(1 * D), NOW)).toBe('1 day ago');
  });

  it('moves on to months and years for older dates', () => {
    expect(relativeTime(ago(65 * D), NOW)).toBe('2 months ago');
    expect(relativeTime(ago(800 * D), NOW)).toBe('2 years ago');
  });

  it('speaks of the future with "in"', () => {
    expect(relativeTime(ahead(3 * H), NOW)).toBe('in 3 hours');
    expect(relativeTime(ahead(10 * M), NOW)).toBe('in 10 minutes');
    expect(relativeTime(ahead(4 * D), NOW)).toBe('in 4 days');
  });

  it('accepts Date and epoch values and returns "" for unreadable input', () => {
    expect(relativeTime(new Date(NOW - 5 * M), NOW)).toBe('5 minutes ago');
    expect(relativeTime(NOW - 3 * H, NOW)).toBe('3 hours ago');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('relativeTime against Intl', () => {
  it('reads as Intl.RelativeTimeFormat en for every unit, count and direction', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const units = [
      ['minute', M],
      ['hour', H],
      ['day', D],
      ['month', 30 * D],
      ['year', 365 * D],
    ] as const;
    for (const [unit, size] of units) {
      for (const count of [1, 2, 5, 11, 23, 29, 59, 1234]) {
        if (unit !== 'year' && count * size >= 365 * D) continue;
        if (unit === 'minute' && count >= 60) continue;
        if (unit === 'hour' && count >= 24) continue;
        if (unit === 'day' && count >= 30) continue;
        expect(relativeTime(NOW - count * size, NOW)).toBe(intl.format(-count, unit));
        expect(relativeTime(NOW + count * size, NOW)).toBe(intl.format(count, unit));
      }
    }
  });
});

describe('formatDate', () => {
  it('formats as day, short month and year', () => {
    expect(formatDate(new Date(2026, 2, 12, 12).toISOString())).toBe('12 Mar 2026');
    expect(formatDate(new Date(2025, 11, 1, 9).getTime())).toBe('1 Dec 2025');
  });

  it('uses "Sep" for September, as in the coming-soon date', () => {
    expect(formatDate(new Date(2026, 8, 13, 6, 0, 0))).toBe('13 Sep 2026');
  });

  it('reads as Intl en-US day, short month and year for every month and far dates', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const dayMonthYear = (ms: number) => {
      const parts = intl.formatToParts(ms);
      const get = (type: string) => parts.find((part) => part.type === type)?.value;
      return `${get('day')} ${get('month')} ${get('year')}`;
    };
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 15, 28]) {
        const ms = new Date(2026, month, day, 23, 59).getTime();
        expect(formatDate(ms)).toBe(dayMonthYear(ms));
      }
    }
    expect(formatDate(new Date(1999, 11, 31, 0, 0))).toBe('31 Dec 1999');
    expect(formatDate(new Date(9999, 0, 1))).toBe(dayMonthYear(new Date(9999, 0, 1).getTime()));
  });

  it('returns "" for an unreadable date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDate(1e20)).toBe('');
    expect(toIsoDate('soon')).toBe('');
    expect(toIsoDate(NOW)).toBe('2026-03-12T12:00:00.000Z');
  });
});
