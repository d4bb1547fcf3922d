// The server's page of one item (GET /api/snapshot?page=focus:item:<id>: the item and its newest
// bids), for an item this device does not hold (device/item-open.ts). Never throws: offline
// (no network, no answer, or a server that cannot answer now) or failed (anything else), as
// the device's one API client answers (core/api.ts).
import type { ItemPageAsk } from '../contract/item-page';
import { bootedFetch } from './boot-asks';

/** Asks through `fetcher` (the page's fetch; a test's client). */
export function itemPageOf(fetcher: typeof fetch): ItemPageAsk {
  return async (id) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
    // The sync protocol's reader, loaded when an item is asked for: the app's first code does
    // not carry it.
    const { snapshot } = await import('./http');
    const page = await snapshot(fetcher, `focus:item:${id}`);
    if (page.kind === 'ok') return { kind: 'ok', records: page.value.records };
    return page.kind === 'offline' ? { kind: 'offline' } : { kind: 'failed' };
  };
}

/** Through the page's fetch, looked up at each call; the page's own ask from its <head>, when it
 * asked for this item (boot-asks.ts), answers first. */
export const fetchItemPage: ItemPageAsk = itemPageOf(
  bootedFetch((input, init) => fetch(input, init)),
);
