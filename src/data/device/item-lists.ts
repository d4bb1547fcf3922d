// Lists of items answered by the server when there is one (docs/database.md "Lists and search"),
// and by what this device holds when there is not: the screens ask once and show either, the
// second with what it ran over (Page.held). The server's items land in the device store through
// the one path of the server's word (sync/apply.ts), stamped with the log's cursor the server
// read before them, so a list never takes a record back in time; they are then read merged with
// this device's own writes, as every item is, in the server's order.
import { PAGE_SIZE_ITEMS } from '@/config/constants';
import { filterItems } from '@shared/query';
import type { HistoryResult } from '../remote/history-api';
import type { ServerItemList } from '../remote/catalog-api';
import { getSyncStatus } from '../sync/status';
import type { Item, ItemQuery, Page } from '@shared/types';
import { nowIso, type DeviceContext } from './context';
import { listItems as listHeldItems, loadMergedItems, pageOfItems } from './items';

/** syncMeta: how many items the catalogue had when the server last listed all of them. */
const CATALOGUE_SIZE_KEY = 'catalogueSize';
/** What the server pages by number, at most (server/catalog/lists.ts). */
const SERVER_PAGE_MAX = 50;
const SERVER_PAGE_SIZE_MAX = 60;

const unfiltered = (query: ItemQuery) =>
  !query.q?.trim() &&
  !query.category &&
  !query.marketCategory &&
  !query.saleKind &&
  query.creatorId === undefined;

async function catalogueSize(ctx: DeviceContext): Promise<number | null> {
  try {
    const value = await (await ctx.db.get()).get('syncMeta', CATALOGUE_SIZE_KEY);
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The device's own answer, saying what it ran over. */
async function heldAnswer(
  ctx: DeviceContext,
  query: ItemQuery,
  asked: HistoryResult<ServerItemList>['kind'],
): Promise<Page<Item>> {
  const held = await loadMergedItems(ctx);
  const connectable = asked === 'offline' && getSyncStatus().mode !== 'device-only';
  return {
    ...pageOfItems(held, query),
    held: {
      count: held.length,
      catalogue: connectable ? await catalogueSize(ctx) : null,
      connectable,
    },
  };
}

export async function listItems(ctx: DeviceContext, query: ItemQuery = {}): Promise<Page<Item>> {
  const ask = ctx.lists;
  const pageSize = query.pageSize ?? PAGE_SIZE_ITEMS;
  const page = query.page ?? 1;
  if (!ask || pageSize > SERVER_PAGE_SIZE_MAX || page > SERVER_PAGE_MAX) {
    return listHeldItems(ctx, query);
  }
  const asked = await ask({ ...query, pageSize, page });
  if (asked.kind !== 'ok') return heldAnswer(ctx, query, asked.kind);
  const { items: records, cursor, total, capped } = asked.value;
  // The store's one path for the server's word, loaded with the answer: the app's first code
  // does not carry it (nor the sync protocol it needs).
  const { applyServerWord } = await import('../sync/apply');
  await applyServerWord(ctx.db, {
    changes: records.map((data) => ({
      seq: cursor,
      topic: 'item' as const,
      key: String((data as { id?: unknown }).id),
      data,
    })),
    at: nowIso(ctx),
  });
  if (unfiltered(query)) {
    await (await ctx.db.get()).put('syncMeta', total, CATALOGUE_SIZE_KEY).catch(() => undefined);
  }
  const merged = await loadMergedItems(ctx);
  const byId = new Map(merged.map((item) => [item.id, item]));
  const served = records.flatMap((data) => {
    const item = byId.get((data as { id?: unknown }).id as number);
    return item ? [item] : [];
  });
  // Items made on this device that the server does not have yet come first, as on the device.
  // One the server already answered with, under its server id, is not shown twice.
  const servedIds = new Set(served.map((item) => item.id));
  const own =
    page === 1
      ? filterItems(
          merged.filter((item) => item.userCreated && !servedIds.has(item.id)),
          query,
        )
      : [];
  const counted = total + own.length;
  const pageCount = Math.max(1, Math.min(SERVER_PAGE_MAX, Math.ceil(counted / pageSize)));
  return {
    items: [...own, ...served],
    total: counted,
    // A page past the end says which is the last, as the device's lists do (query.ts paginate).
    page: Math.min(page, pageCount),
    pageSize,
    pageCount,
    ...(capped ? { capped } : {}),
  };
}
