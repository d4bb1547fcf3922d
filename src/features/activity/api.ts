// The Activities feed (docs/product.md "Activities"): sample entries plus the bids, purchases,
// likes, follows and listings made on this device, newest first, through the data-access interface.
import { getDataAccess } from '@/data/data-access';
import { HISTORY_PAGE_MAX } from '@shared/history';
import type { ActivityEntry, Item } from '@shared/types';

/** The items of a feed's entries, by id (an entry about no item has none); a plain object, so
 * the loader's data stays JSON. */
export type EntryItems = Readonly<Record<number, Item>>;

export const ACTIVITY_PAGE_SIZE = 8;

export function loadActivity(): Promise<ActivityEntry[]> {
  return getDataAccess().listActivity();
}

export async function loadEntryItems(entries: readonly ActivityEntry[]): Promise<EntryItems> {
  const ids = [...new Set(entries.map((entry) => entry.itemId).filter((id) => id > 0))];
  const items = await getDataAccess().listItemsByIds(ids);
  return Object.fromEntries(items.map((item) => [item.id, item]));
}

/** The server's page of activity older than `before`'s (null: from the newest). The device
 * keeps the latest entries: "Load more" passes over those a page at a time, so pages are full. */
export function loadOlderActivity(before: string | null) {
  return getDataAccess().olderActivity(before, HISTORY_PAGE_MAX);
}
