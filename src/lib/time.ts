// Pure time math for countdowns and dates (docs/architecture.md 9): every function takes "now" as an
// argument, so it can be tested with fixed clocks and never reads the system clock itself.

import { groupThousands } from './format-number';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, never negative. */
  totalMs: number;
  /** True once the target has been reached (or passed). */
  done: boolean;
}

/**
 * The time left until `targetMs`, split into days, hours, minutes and seconds. Clamped at zero:
 * a passed target gives all zeros and `done`, never negative numbers. Part seconds round up, so a
 * countdown shows 00:00:00 only when it is actually over.
 */
export function timeLeft(targetMs: number, nowMs: number): TimeLeft {
  const raw = targetMs - nowMs;
  const totalMs = Number.isFinite(raw) && raw > 0 ? raw : 0;
  const totalSeconds = Math.ceil(totalMs / SECOND);
  return {
    days: Math.floor(totalSeconds / (DAY / SECOND)),
    hours: Math.floor(totalSeconds / (HOUR / SECOND)) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
    totalMs,
    done: totalMs === 0,
  };
}

/**
 * Whole seconds left of a `durationSeconds` countdown that started at `startedAtMs` (the
 * maintenance page's 3599 seconds). Elapsed time rounds to the nearest second, so a ticker on
 * whole seconds counts down one step per tick; the result stays within 0..durationSeconds.
 */
export function secondsLeft(startedAtMs: number, durationSeconds: number, nowMs: number): number {
  const duration = Math.max(0, Math.floor(durationSeconds));
  const elapsed = Math.round((nowMs - startedAtMs) / SECOND);
  if (!Number.isFinite(elapsed) || elapsed <= 0) return duration;
  return Math.max(0, duration - elapsed);
}

/** Two digits at least: 7 -> "07", 12 -> "12", 123 -> "123"; negatives and fractions floor to 0+. */
export function pad2(value: number): string {
  const n = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  return String(n).padStart(2, '0');
}

// Written out rather than Intl.RelativeTimeFormat and Intl.DateTimeFormat: a page's first Intl
// formatter loads ICU's locale data, a long task of its own (see format-number.ts).
const UNITS: Array<[string, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

function toMs(date: string | number | Date): number {
  if (date instanceof Date) return date.getTime();
  if (typeof date === 'number') return date;
  return Date.parse(date);
}

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago", "4 months ago", or in the future
 * "in 3 hours". Under 45 seconds either way is "just now". Units count whole steps (90 minutes
 * ago is "1 hour ago"). An unreadable date gives an empty string.
 */
export function relativeTime(iso: string | number | Date, nowMs: number): string {
  const ms = toMs(iso);
  if (!Number.isFinite(ms) || !Number.isFinite(nowMs)) return '';
  const diff = ms - nowMs;
  const abs = Math.abs(diff);
  if (abs < 45 * SECOND) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relativePhrase(Math.floor(abs / size), unit, diff < 0);
  }
  return relativePhrase(1, 'minute', diff < 0);
}

/** English, as Intl.RelativeTimeFormat('en', { numeric: 'always' }): "1 hour ago", "in 3 days". */
function relativePhrase(count: number, unit: string, past: boolean): string {
  const amount = `${groupThousands(count)} ${unit}${count === 1 ? '' : 's'}`;
  return past ? `${amount} ago` : `in ${amount}`;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * A date as "12 Mar 2026" (day, short English month, year) in the viewer's time zone; it reads
 * the same everywhere ("Sep", never "Sept"). An unreadable or out-of-range date gives ''.
 */
export function formatDate(iso: string | number | Date): string {
  const date = new Date(toMs(iso));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The ISO form of a date for `<time dateTime>`; '' when unreadable. */
export function toIsoDate(iso: string | number | Date): string {
  const ms = toMs(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}
