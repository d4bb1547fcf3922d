// A watched search in words, as the collector reads it wherever it is named (the notifications
// page's list, the sync panel's change): its words in quotes, then its filters by the names the
// explore filters show ("neon", Music, Auctions), never their values in the URL.
import { categoryOptions, itemOptions } from './sample/select-options';
import type { WatchedSearch } from '@shared/watch';

export function searchWords(search: WatchedSearch): string {
  const market = categoryOptions.find((option) => option.value === search.market)?.label;
  const sale = itemOptions.find((option) => option.value === search.sale)?.label;
  const parts = [search.q ? `“${search.q}”` : null, search.category, market, sale];
  return parts.filter(Boolean).join(', ');
}
