// Best Collections' data (docs/product.md "Best Collections"): one page of the collection grid (8
// cards a page) and the Top Collections carousel's slides, the server's when it answers
// (docs/database.md "Lists and search").
import { GRID_COLLECTIONS } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { Collection, Page } from '@shared/types';

export const COLLECTION_PAGE_SIZE = GRID_COLLECTIONS;

export function loadCollections(page: number): Promise<Page<Collection>> {
  return getDataAccess().listCollections(page, COLLECTION_PAGE_SIZE);
}

/** Every collection, for the Top Collections carousel (there are few; one page holds them). */
export async function loadTopCollections(): Promise<Collection[]> {
  return (await getDataAccess().listCollections(1, TOP_COLLECTIONS_MAX)).items;
}

/** The most slides the Top Collections carousel gets. */
export const TOP_COLLECTIONS_MAX = 12;
