// What every part of the device store shares: the database handle, the sample content it
// merges with, the clock and the id source (both injectable for tests).
import type { SampleData } from '../data-access';
import type { Owner } from '../owner';
import type {
  CollectionListAsk,
  CreatorAsk,
  CreatorListAsk,
  ItemListAsk,
} from '../remote/catalog-api';
import type { DbHandle } from './db';
import type { Change } from '@shared/protocol';

/** The server's page of one item (its record and newest bids), or why there is none. */
export type ItemPageAsk = (
  id: number,
) => Promise<{ kind: 'ok'; records: Change[] } | { kind: 'offline' } | { kind: 'failed' }>;

export interface DeviceContext {
  db: DbHandle;
  sample: SampleData;
  /** Whose records are read and written now (the signed-in account, or 'signed-out'). */
  owner: () => Owner;
  now: () => Date;
  newId: () => string;
  /** Ids of outbox mutations (and of the bids and purchases they carry): UUID v7. */
  newMutationId: () => string;
  /** Object URLs handed out for stored images, by image key (revoked on delete). */
  imageUrls: Map<string, string>;
  /** Asks the server for a list of items (item-lists.ts); none: the device answers alone. */
  lists?: ItemListAsk;
  /** Asks the server for an item the device does not hold (item-open.ts); none: it is unknown. */
  itemPage?: ItemPageAsk;
  /** Asks the server for the creators list (creator-lists.ts); none: the device answers alone. */
  creatorLists?: CreatorListAsk;
  /** Asks the server for a creator the device does not hold (creator-lists.ts openCreator). */
  creator?: CreatorAsk;
  /** Asks the server for the collections list (collection-lists.ts). */
  collectionLists?: CollectionListAsk;
  /** Whether `lists`, `itemPage`, `creatorLists` and `creator` may be asked now (default: yes); while not, the device
   * answers alone, as with neither, and `notAsked` is told. */
  serverOn?: () => boolean;
  notAsked?: () => void;
}

export function nowIso(ctx: DeviceContext): string {
  return ctx.now().toISOString();
}

/** A random unique id (crypto.randomUUID where available). */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const random = Math.random().toString(36).slice(2, 12);
  return `${Date.now().toString(36)}-${random}`;
}

/** What the server pages by number and a page's size, at most (shared/list-query.ts): a list
 * asked beyond either is this device's. */
export {
  PAGE_MAX as SERVER_PAGE_MAX,
  PAGE_SIZE_MAX as SERVER_PAGE_SIZE_MAX,
} from '@shared/list-query';

/** A number kept in syncMeta (a list's count as the server last said), or null. */
export async function readMetaNumber(ctx: DeviceContext, key: string): Promise<number | null> {
  try {
    const value = await (await ctx.db.get()).get('syncMeta', key);
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a number in syncMeta; a failed write is no loss (the count is said again). */
export async function writeMetaNumber(ctx: DeviceContext, key: string, value: number) {
  await (await ctx.db.get()).put('syncMeta', value, key).catch(() => undefined);
}

/**
 * Lands the server's records of `topic` in the device store through the one path of the
 * server's word (sync/apply.ts), stamped with the log's `cursor` read before them. The path is
 * loaded with the answer: the app's first code does not carry it (nor the sync protocol).
 */
export async function landServerRecords(
  ctx: DeviceContext,
  topic: 'item' | 'creator',
  records: readonly unknown[],
  cursor: number,
): Promise<void> {
  const { applyServerWord } = await import('../sync/apply');
  await applyServerWord(ctx.db, {
    changes: records.map((data) => ({
      seq: cursor,
      topic,
      key: String((data as { id?: unknown }).id),
      data,
    })),
    at: nowIso(ctx),
  });
}

/** `ask` when the server may be asked now; else undefined, after telling `notAsked`. */
export function whenServerOn<T>(ctx: DeviceContext, ask: T | undefined): T | undefined {
  if (!ask) return undefined;
  if (ctx.serverOn?.() === false) {
    ctx.notAsked?.();
    return undefined;
  }
  return ask;
}

/** `ctx.lists` when the server may be asked now; else undefined, after telling `notAsked`. */
export function listsNow(ctx: DeviceContext): DeviceContext['lists'] {
  return whenServerOn(ctx, ctx.lists);
}
