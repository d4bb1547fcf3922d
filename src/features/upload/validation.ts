// Validation of the Upload Your Work form (spec section 3 "Upload item", section 5: Art Title
// required, Rate a number, Starting and Expiration dates from a date selector; PRODUCT.md: the
// expiration comes after the start). Pure; the file itself is checked by src/lib/file-check.ts.
// Field names match the data layer's (CreateItemInput), so its messages land on the same fields.

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

/** Upload Type options (spec section 3): values are what the data layer accepts. */
export const UPLOAD_TYPE_OPTIONS = [
  { value: 'gifs', label: 'GIFs' },
  { value: 'music', label: 'Music' },
  { value: 'video', label: 'Video' },
  { value: 'tech', label: 'Tech' },
] as const;

export interface UploadValues {
  title: string;
  description: string;
  type: string;
  rateEth: string;
  startDate: string;
  endDate: string;
}

const RATE = /^(?:\d+(?:\.\d{1,18})?|\.\d{1,18})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd date (local), at the start or the end of that day; null when invalid. */
export function parseDay(value: string, endOfDay: boolean): Date | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = endOfDay
    ? new Date(year, month - 1, day, 23, 59, 59)
    : new Date(year, month - 1, day, 0, 0, 0);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function validateUpload(
  v: UploadValues,
  hasFile: boolean,
  now: Date,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasFile) errors.image = 'Choose an image or MP4 file to upload.';
  const title = v.title.trim();
  if (!title) errors.title = 'Art Title is required.';
  else if (title.length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters.`;
  if (v.description.length > DESCRIPTION_MAX) {
    errors.description = `Use at most ${DESCRIPTION_MAX} characters.`;
  }
  if (!UPLOAD_TYPE_OPTIONS.some((o) => o.value === v.type)) errors.type = 'Choose a type.';
  const rate = v.rateEth.trim();
  if (rate && !RATE.test(rate)) errors.rateEth = 'Enter a price in ETH, like 0.004.';
  const start = v.startDate ? parseDay(v.startDate, false) : undefined;
  const end = v.endDate ? parseDay(v.endDate, true) : undefined;
  if (start === null) errors.startDate = 'Enter a valid starting date.';
  if (end === null) errors.endDate = 'Enter a valid expiration date.';
  else if (end && end.getTime() <= now.getTime()) {
    errors.endDate = 'The expiration date must be in the future.';
  } else if (end && start && end.getTime() <= start.getTime()) {
    errors.endDate = 'The expiration date must be after the starting date.';
  }
  return errors;
}
