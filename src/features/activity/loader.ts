import type { ActivityEntry } from '@/data/types';
import { loadActivity } from './api';

export interface ActivityData {
  entries: ActivityEntry[];
}

/** The whole feed; the chips and the page (in the URL) are applied while rendering. */
export async function activityLoader(): Promise<ActivityData> {
  return { entries: await loadActivity() };
}
