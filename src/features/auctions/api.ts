// Live Auction's data (spec section 2): every item with an auction end, running ones soonest
// ending first, then ended ones; one page at a time.
import { PAGE_SIZE_ITEMS } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { Item, Page } from '@/data/types';

export const AUCTION_PAGE_SIZE = PAGE_SIZE_ITEMS;

export function loadAuctions(page: number): Promise<Page<Item>> {
  return getDataAccess().listAuctions(page, AUCTION_PAGE_SIZE);
}
