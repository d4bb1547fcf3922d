// Pure list operations behind the data-access interface: text matching, filters, stable
// sorts, pagination and search ranking. No storage, no clock: everything is an argument.
import type {
  ActivityFilter,
  ActivityEntry,
  Item,
  ItemQuery,
  Page,
  SearchHit,
  SortKey,
} from './types';
import { searchKey } from './fold';

/** Search's folding (shared/fold.ts), where list operations have always found it. */
export { foldText, searchKey } from './fold';

/** True when every word of `q` occurs in one of `fields` (case- and accent-insensitive). */
export function matchesText(fields: readonly string[], q: string): boolean {
  const words = searchKey(q).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.map(searchKey);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

export function itemSearchFields(item: Item): string[] {
  return [item.title, item.name, item.subtext, item.category, item.description];
}

/** Applies every filter of the query that is set; they combine (AND). */
export function filterItems(items: readonly Item[], query: ItemQuery): Item[] {
  const q = query.q?.trim() ?? '';
  return items.filter(
    (item) =>
      (!query.category || item.category === query.category) &&
      (!query.marketCategory || item.marketCategory === query.marketCategory) &&
      (!query.saleKind || item.saleKind === query.saleKind) &&
      (query.creatorId === undefined || item.creatorId === query.creatorId) &&
      (!q || matchesText(itemSearchFields(item), q)),
  );
}

/** 'top' = rating high to low, 'low' = low to high; ties keep their order (stable). */
export function sortItems(items: readonly Item[], sort: SortKey | null | undefined): Item[] {
  const copy = [...items];
  if (sort === 'top') copy.sort((a, b) => b.rating - a.rating);
  else if (sort === 'low') copy.sort((a, b) => a.rating - b.rating);
  return copy;
}

function toPositiveInt(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  const n = Math.trunc(value);
  return n >= 1 ? n : fallback;
}

/**
 * One page of `list`. Pages are 1-based; a page below 1 or past the end is clamped to the
 * first or last page; an invalid page size falls back to `defaultPageSize`.
 */
export function paginate<T>(
  list: readonly T[],
  page: number | undefined,
  pageSize: number | undefined,
  defaultPageSize: number,
): Page<T> {
  const size = toPositiveInt(pageSize, toPositiveInt(defaultPageSize, 1));
  const total = list.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const requested = page !== undefined && Number.isFinite(page) ? Math.trunc(page) : 1;
  const current = Math.min(Math.max(requested, 1), pageCount);
  const start = (current - 1) * size;
  return {
    items: list.slice(start, start + size),
    total,
    page: current,
    pageCount,
    pageSize: size,
  };
}

function timeOf(iso: string | undefined): number {
  if (!iso) return Number.NaN;
  return Date.parse(iso);
}

/**
 * Items with a valid liveDate: running auctions first, soonest ending first; then ended
 * ones, most recently ended first. Ties keep data order. (The Live Auction page keeps only the
 * running auctions: runningAuctions.)
 */
export function sortAuctions(items: readonly Item[], now: Date): Item[] {
  const nowMs = now.getTime();
  const withEnd = items.filter((item) => !Number.isNaN(timeOf(item.liveDate)));
  const live = withEnd.filter((item) => timeOf(item.liveDate) > nowMs);
  const ended = withEnd.filter((item) => timeOf(item.liveDate) <= nowMs);
  live.sort((a, b) => timeOf(a.liveDate) - timeOf(b.liveDate));
  ended.sort((a, b) => timeOf(b.liveDate) - timeOf(a.liveDate));
  return [...live, ...ended];
}

export type MatchRank = 0 | 1 | 2;

/** 0: the text starts with q; 1: a word of it starts with q; 2: it contains q; null: no match. */
export function rankMatch(text: string, q: string): MatchRank | null {
  const t = searchKey(text);
  const k = searchKey(q);
  if (!k) return null;
  if (t.startsWith(k)) return 0;
  if (` ${t}`.includes(` ${k}`)) return 1;
  if (t.includes(k)) return 2;
  return null;
}

export interface SearchCandidate {
  hit: SearchHit;
  /** The texts matched against: a title first, then aliases (a handle...). */
  texts: readonly string[];
}

/** The best `limit` hits, ranked starts-with > word starts-with > contains; ties keep order. */
export function rankSearch(
  candidates: readonly SearchCandidate[],
  q: string,
  limit: number,
): SearchHit[] {
  if (!searchKey(q) || limit <= 0) return [];
  const ranked: { hit: SearchHit; rank: MatchRank }[] = [];
  for (const candidate of candidates) {
    let best: MatchRank | null = null;
    for (const text of candidate.texts) {
      const rank = rankMatch(text, q);
      if (rank !== null && (best === null || rank < best)) best = rank;
    }
    if (best !== null) ranked.push({ hit: candidate.hit, rank: best });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, Math.trunc(limit)).map((r) => r.hit);
}

/** Entries with any of the filter's tags (OR; none = all), for its item if set; newest first. */
export function filterActivity(
  entries: readonly ActivityEntry[],
  filter: ActivityFilter = {},
): ActivityEntry[] {
  const tags = filter.tags ?? [];
  const result = entries.filter(
    (entry) =>
      (tags.length === 0 || entry.tags.some((tag) => tags.includes(tag))) &&
      (filter.itemId === undefined || entry.itemId === filter.itemId),
  );
  const at = (entry: ActivityEntry) => {
    const ms = Date.parse(entry.at);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return result.sort((a, b) => {
    const diff = at(b) - at(a);
    return Number.isNaN(diff) ? 0 : diff;
  });
}

/**
 * How many people favourited a sample item before this device did. The sample data has no
 * such field, so it is a fixed number derived from the id (3..99); items created on the
 * device start at 0.
 */
export function baseFavouriteCount(item: Item): number {
  if (item.userCreated) return 0;
  return ((Math.abs(item.id) * 37 + 11) % 97) + 3;
}

/**
 * The Live Auction page's list: the auctions (saleKind `auctions`) still running at `now` by
 * their end and the server's word (not settled, not sold), ending soonest first.
 */
export function runningAuctions(items: readonly Item[], now: Date): Item[] {
  const nowMs = now.getTime();
  return sortAuctions(
    items.filter(
      (item) =>
        item.saleKind === 'auctions' &&
        !item.settledAt &&
        item.soldTo === undefined &&
        !item.unlisted &&
        timeOf(item.liveDate) > nowMs,
    ),
    now,
  );
}
