// The collections list answered by the server when there is one (docs/database.md "Lists and
// search"), and by the collections that ship with the app when not: offline it says so when the
// server last listed more than the app has. Each record the server sends is checked (a record
// that is not a collection is left out).
import { GRID_COLLECTIONS } from '@/config/constants';
import { CollectionSchema } from '@shared/collection-schema';
import { paginate } from '@shared/query';
import type { Collection, Page } from '@shared/types';
import * as v from 'valibot';
import { getSyncStatus } from '../core/status';
import type { DeviceContext } from './context';
import { SERVER_PAGE_MAX, SERVER_PAGE_SIZE_MAX } from '../core/page-limits';
import { readMetaNumber, writeMetaNumber } from './meta';
import { askListOnce, whenServerOn } from './server-asks';

/** syncMeta: how many collections the server listed when it last said. */
const COLLECTION_COUNT_KEY = 'collectionCount';

const isCollection = (value: unknown): value is Collection => v.is(CollectionSchema, value);

export async function listCollectionsPage(
  ctx: DeviceContext,
  page = 1,
  pageSize = GRID_COLLECTIONS,
): Promise<Page<Collection>> {
  const shipped = ctx.sample.collections;
  const own = () => paginate(shipped, page, pageSize, GRID_COLLECTIONS);
  const ask = whenServerOn(ctx, ctx.collectionLists);
  if (!ask || pageSize > SERVER_PAGE_SIZE_MAX || page > SERVER_PAGE_MAX) return own();
  const { asked } = await askListOnce(
    ctx,
    `collections ${page} ${pageSize}`,
    () => ask(page, pageSize),
    (answer) => writeMetaNumber(ctx, COLLECTION_COUNT_KEY, answer.total),
  );
  if (asked.kind !== 'ok') {
    const listed = await readMetaNumber(ctx, COLLECTION_COUNT_KEY);
    const connectable = asked.kind === 'offline' && getSyncStatus().mode !== 'device-only';
    // The app holds every collection it ships; only more on the server is worth a line.
    if (listed === null || listed <= shipped.length) return own();
    return {
      ...own(),
      held: { count: shipped.length, catalogue: connectable ? listed : null, connectable },
    };
  }
  const { collections, total, capped } = asked.value;
  const pageCount = Math.max(1, Math.min(SERVER_PAGE_MAX, Math.ceil(total / pageSize)));
  return {
    items: collections.filter(isCollection),
    total,
    page: Math.min(page, pageCount),
    pageSize,
    pageCount,
    ...(capped ? { capped } : {}),
  };
}
