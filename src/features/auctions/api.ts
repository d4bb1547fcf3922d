// Live Auction's data (docs/product.md "Live Auction"): the running auctions only (saleKind
// `auctions`, not yet ended), ending soonest first; one page at a time, asked of the server when
// there is one and answered by the device offline (docs/database.md "Lists and search"). Offers
// and fixed prices are not auctions.
import { PAGE_SIZE_ITEMS } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { Item, Page } from '@shared/types';

export const AUCTION_PAGE_SIZE = PAGE_SIZE_ITEMS;

export function loadAuctions(page: number): Promise<Page<Item>> {
  return getDataAccess().listAuctions(page, AUCTION_PAGE_SIZE);
}
