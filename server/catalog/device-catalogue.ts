// For the tests that hold GET /api/items to the device's lists (docs/database.md "Lists and
// search"): every item the server has, in the order a device that holds them all lists them
// (query.ts over mergeRemote's order: items only the server has, newest first, then the sample
// in its order).
import type { Item } from '../../shared/types.ts';
import type { ItemListPage } from './lists.ts';

export async function deviceCatalogue(
  list: (query: string) => Promise<ItemListPage>,
): Promise<Item[]> {
  const everything: Item[] = [];
  let page = await list('pageSize=60');
  everything.push(...page.items);
  while (page.next) {
    page = await list(`pageSize=60&after=${page.next}`);
    everything.push(...page.items);
  }
  const fresh = everything.filter((i) => i.id >= 100000).sort((a, b) => b.id - a.id);
  const sample = everything.filter((i) => i.id < 100000).sort((a, b) => a.id - b.id);
  return [...fresh, ...sample];
}
