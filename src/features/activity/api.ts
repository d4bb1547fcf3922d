// The Activities feed (spec section 2): sample entries plus the bids, purchases, likes, follows
// and listings made on this device, newest first, through the data-access interface.
import { getDataAccess } from '@/data/data-access';
import type { ActivityEntry } from '@/data/types';

export const ACTIVITY_PAGE_SIZE = 8;

export function loadActivity(): Promise<ActivityEntry[]> {
  return getDataAccess().listActivity();
}
