// The Activities "Filter by" chips (docs/product.md "Activities"; docs/product.md: they filter the
// feed, several combine, "Clear" resets) and their place in the URL. Pure.
import { ACTIVITY_TAGS, type ActivityEntry, type ActivityTag } from '@shared/types';

/** Every chip, in the template's order: one per activity tag. */
export const ACTIVITY_CHIPS: readonly ActivityTag[] = ACTIVITY_TAGS;
/** What kind of art: these narrow the events (Sales of Music), and widen each other. */
export const MEDIUM_CHIPS: readonly ActivityTag[] = ['Music', 'Video', 'Illustration'];
/** What happened (every other chip): several of these widen the feed (Sales or Bids). */
export const EVENT_CHIPS: readonly ActivityTag[] = ACTIVITY_TAGS.filter(
  (tag) => !MEDIUM_CHIPS.includes(tag),
);

/** The URL parameter: `?filter=sales,music` (lower case, comma separated). */
export const FILTER_PARAM = 'filter';

/** The chips a URL asks for, in the template's order; unknown names are ignored. */
export function parseChips(params: URLSearchParams): ActivityTag[] {
  const wanted = new Set(
    params
      .getAll(FILTER_PARAM)
      .flatMap((value) => value.split(','))
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return ACTIVITY_CHIPS.filter((chip) => wanted.has(chip.toLowerCase()));
}

/** The query string (no "?") for chips and page; none chosen and page 1 give "". */
export function chipsSearch(chips: readonly ActivityTag[], page = 1): string {
  const params = new URLSearchParams();
  const names = ACTIVITY_CHIPS.filter((chip) => chips.includes(chip)).map((c) => c.toLowerCase());
  if (names.length > 0) params.set(FILTER_PARAM, names.join(','));
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The chips with `chip` switched on or off. */
export function toggleChip(chips: readonly ActivityTag[], chip: ActivityTag): ActivityTag[] {
  return chips.includes(chip) ? chips.filter((c) => c !== chip) : [...chips, chip];
}

/**
 * The entries the chips let through: chips of the same group add up (OR), the two groups narrow
 * each other (AND). Sales + Bids shows both; Sales + Music shows music sales. No chips: all.
 * Order is kept.
 */
export function filterFeed(
  entries: readonly ActivityEntry[],
  chips: readonly ActivityTag[],
): ActivityEntry[] {
  const events = chips.filter((chip) => EVENT_CHIPS.includes(chip));
  const media = chips.filter((chip) => MEDIUM_CHIPS.includes(chip));
  const matches = (entry: ActivityEntry, group: readonly ActivityTag[]) =>
    group.length === 0 || entry.tags.some((tag) => group.includes(tag));
  return entries.filter((entry) => matches(entry, events) && matches(entry, media));
}
