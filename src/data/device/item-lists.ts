// Lists of items answered by the server when there is one (docs/database.md "Lists and search"),
// and by what this device holds when there is not: the screens ask once and show either, the
// second with what it ran over (Page.held). The server's items land in the device store through
// the one path of the server's word (sync/apply.ts), stamped with the log's cursor the server
// read before them, so a list never takes a record back in time; they are then read merged with
// this device's own writes, as every item is, in the server's order. The items list (explore's),
// Live Auction and a creator's profile lists go this way; the header's search asks it for its item
// hits. A list asked `from: 'device'` is the device's alone, never asking.
import { PAGE_SIZE_ITEMS } from '@/config/constants';
import { filterItems, paginate, runningAuctions, sortItems } from '@shared/query';
import type { ApiResult, ListOptions } from '../contract/data-access';
import type { ServerItemList, ServerListQuery } from '../remote/catalog-api';
import type { Item, ItemQuery, Page } from '@shared/types';
import type { DeviceContext } from './context';
import { SERVER_PAGE_MAX, SERVER_PAGE_SIZE_MAX, serverPage } from '../core/page-limits';
import { landServerRecords } from './land';
import { writeMetaNumber } from './meta';
import { askListOnce, heldOver, listsNow } from './server-asks';
import { loadMergedItems } from './items';

/** syncMeta: how many items the catalogue had when the server last listed all of them. */
const CATALOGUE_SIZE_KEY = 'catalogueSize';
/** What the server pages by number, at most (server/catalog/lists.ts). */

const unfiltered = (query: ServerListQuery) =>
  !query.q?.trim() &&
  !query.category &&
  !query.marketCategory &&
  !query.saleKind &&
  query.creatorId === undefined &&
  query.ownerId === undefined &&
  !query.running;

/** A list asked of the server, and the same list as this device makes it over what it holds. */
interface ListAsk {
  query: ServerListQuery;
  /** The device's list over `items`: its filter and its order. */
  local: (items: readonly Item[]) => Item[];
  /** Items made on this device and not on the server yet take their place in the list's order
   * (Live Auction's ends) rather than coming first (explore's newest first). */
  ordered?: boolean;
}

/** The device's own answer; with `asked`, saying what it ran over (the server could not). */
async function heldAnswer(
  ctx: DeviceContext,
  list: ListAsk,
  asked?: ApiResult<ServerItemList>['kind'],
): Promise<Page<Item>> {
  const held = await loadMergedItems(ctx);
  const { page, pageSize } = list.query;
  const answer = paginate(list.local(held), page, pageSize, PAGE_SIZE_ITEMS);
  if (asked === undefined) return answer;
  return { ...answer, held: await heldOver(ctx, asked, held.length, CATALOGUE_SIZE_KEY) };
}

/**
 * Lands the server's items in the device store (sync/apply.ts, stamped with the log's `cursor`)
 * and reads them back merged with this device's writes, in the server's order.
 */
export async function landServerItems(
  ctx: DeviceContext,
  records: readonly unknown[],
  cursor: number,
): Promise<{ served: Item[]; merged: readonly Item[] }> {
  await landServerRecords(ctx, 'item', records, cursor);
  return readServedItems(ctx, records);
}

/** The server's items as the device holds them (merged with its writes), in the server's order. */
async function readServedItems(
  ctx: DeviceContext,
  records: readonly unknown[],
): Promise<{ served: Item[]; merged: readonly Item[] }> {
  const merged = await loadMergedItems(ctx);
  const byId = new Map(merged.map((item) => [item.id, item]));
  const served = records.flatMap((data) => {
    const item = byId.get((data as { id?: unknown }).id as number);
    return item ? [item] : [];
  });
  return { served, merged };
}

async function askList(ctx: DeviceContext, list: ListAsk): Promise<Page<Item>> {
  const ask = listsNow(ctx);
  const pageSize = list.query.pageSize ?? PAGE_SIZE_ITEMS;
  const page = list.query.page ?? 1;
  const query = { ...list.query, pageSize, page };
  // After a cursor, a page at any depth; by number, up to the server's last numbered page.
  const deep = query.after !== undefined;
  if (!ask || pageSize > SERVER_PAGE_SIZE_MAX || (!deep && page > SERVER_PAGE_MAX)) {
    return heldAnswer(ctx, list);
  }
  const { asked } = await askListOnce(
    ctx,
    `items ${JSON.stringify(query)}`,
    () => ask(query),
    async (answer) => {
      await landServerRecords(ctx, 'item', answer.items, answer.cursor);
      if (unfiltered(query)) await writeMetaNumber(ctx, CATALOGUE_SIZE_KEY, answer.total);
    },
  );
  if (asked.kind !== 'ok') return heldAnswer(ctx, { ...list, query }, asked.kind);
  const { items: records, total, capped, next } = asked.value;
  const { served, merged } = await readServedItems(ctx, records);
  // Items made on this device that the server does not have yet come first, as on the device.
  // One the server already answered with, under its server id, is not shown twice.
  const servedIds = new Set(served.map((item) => item.id));
  const own =
    page === 1 && !deep
      ? list.local(merged.filter((item) => item.userCreated && !servedIds.has(item.id)))
      : [];
  const items =
    list.ordered && own.length > 0 ? list.local([...own, ...served]) : [...own, ...served];
  return serverPage(items, { counted: total + own.length, page, pageSize, deep }, { capped, next });
}

/** The items list, explore's: its filters, sort and page; `from: 'device'`, over what this
 * device holds without asking the server (an item's neighbours). */
export function listItems(
  ctx: DeviceContext,
  query: ItemQuery = {},
  options: ListOptions = {},
): Promise<Page<Item>> {
  const list = {
    query,
    local: (items: readonly Item[]) => sortItems(filterItems(items, query), query.sort),
  };
  return options.from === 'device' ? heldAnswer(ctx, list) : askList(ctx, list);
}

/** Live Auction's list: the running auctions, ending soonest first (query.ts runningAuctions). */
export function listAuctions(
  ctx: DeviceContext,
  page?: number,
  pageSize?: number,
): Promise<Page<Item>> {
  return askList(ctx, {
    query: { running: true, page, pageSize },
    local: (items) => runningAuctions(items, ctx.now()),
    ordered: true,
  });
}

/**
 * A profile's list: the items a creator made, or those an account owns, in the catalogue's
 * order; `after` (the page before's `next`) asks the page after it, at any depth.
 */
export function listProfileItems(
  ctx: DeviceContext,
  whose: { creatorId: number } | { ownerId: number },
  page?: number,
  pageSize?: number,
  after?: string,
): Promise<Page<Item>> {
  const mine =
    'creatorId' in whose
      ? (item: Item) => item.creatorId === whose.creatorId
      : (item: Item) => item.ownerId === whose.ownerId;
  return askList(ctx, {
    query: { ...whose, page, pageSize, ...(after ? { after } : {}) },
    local: (items) => items.filter(mine),
  });
}
