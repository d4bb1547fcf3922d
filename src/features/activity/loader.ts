import type { ActivityEntry } from '@shared/types';
import { loadActivity, loadEntryItems, type EntryItems } from './api';

export interface ActivityData {
  entries: ActivityEntry[];
  /** The items the entries are about, by id: each entry's action is its kind of sale's. */
  items: EntryItems;
}

/** The whole feed; the chips and the page (in the URL) are applied while rendering. */
export async function activityLoader(): Promise<ActivityData> {
  const entries = await loadActivity();
  return { entries, items: await loadEntryItems(entries) };
}
