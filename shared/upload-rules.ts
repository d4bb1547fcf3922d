// The rules of an uploaded work, written once (docs/product.md "Records and fields", "Validation":
// Art Title required, Rate a number, dates from a date selector; docs/product.md: the expiration
// comes after the start). The upload form checks them before it saves, the device store and the
// server check them again before they write, with the same messages on the same field names
// (those of ItemFields). The file itself is checked by src/lib/file-check.ts.
import { normalizeEth } from './decimal';

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

/** The text and date fields of a new item (those of the device's CreateItemInput and of the
 * `item` mutation). */
export interface ItemFields {
  title: string;
  description: string;
  /** Price in ETH as a decimal string; empty or absent means not priced (0). */
  rateEth?: string;
  /** ISO date or yyyy-mm-dd. */
  startDate?: string;
  /** ISO date or yyyy-mm-dd; present means the item is an auction ending then. */
  endDate?: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date from a date input ("2026-09-13", local time, at the start or the end of that day) or
 * an ISO timestamp; null when it is no date, or a day the month does not have (2026-02-31).
 */
export function parseDateInput(value: string, endOfDay: boolean): Date | null {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  let date: Date;
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const [h, m, s] = endOfDay ? [23, 59, 59] : [0, 0, 0];
    date = new Date(year, month - 1, day, h, m, s);
    if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  } else {
    date = new Date(text);
  }
  // Years 1 to 9999 only: the ISO text of any other (+275760-09-13...) is not a date the
  // server's database reads.
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

/** A message per invalid text or date field of a new item. */
export function validateItemInput(input: ItemFields, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = input.title.trim();
  if (!title) errors.title = 'Art Title is required.';
  else if (title.length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters.`;
  if (input.description.length > DESCRIPTION_MAX) {
    errors.description = `Use at most ${DESCRIPTION_MAX} characters.`;
  }
  const rate = input.rateEth?.trim() ?? '';
  if (rate && normalizeEth(rate) === null) {
    errors.rateEth = 'Enter a price in ETH, like 0.004.';
  }
  const start = input.startDate?.trim() ? parseDateInput(input.startDate, false) : undefined;
  const end = input.endDate?.trim() ? parseDateInput(input.endDate, true) : undefined;
  if (start === null) errors.startDate = 'Enter a valid starting date.';
  if (end === null) errors.endDate = 'Enter a valid expiration date.';
  else if (end && end.getTime() <= now.getTime()) {
    errors.endDate = 'The expiration date must be in the future.';
  } else if (end && start && end.getTime() <= start.getTime()) {
    errors.endDate = 'The expiration date must be after the starting date.';
  }
  return errors;
}
