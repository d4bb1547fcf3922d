// Whether the device store may ask the server now (the app says so once it starts:
// server-lists.ts); while not, the device answers alone.
import type { HeldItems } from '@shared/types';
import type { ApiResult } from '../contract/data-access';
import { getSyncStatus } from '../core/status';
import type { DeviceContext } from './context';
import { readMetaNumber } from './meta';

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

/**
 * What a list answered from the device says it ran over (Page.held) when the server could not
 * answer (`asked`, its result's kind): the records held, and the catalogue's size the server last
 * gave (meta `catalogueKey`) when a server is there to connect to.
 */
export async function heldOver(
  ctx: DeviceContext,
  asked: ApiResult<unknown>['kind'],
  count: number,
  catalogueKey: string,
): Promise<HeldItems> {
  const connectable = asked === 'offline' && getSyncStatus().mode !== 'device-only';
  return {
    count,
    catalogue: connectable ? await readMetaNumber(ctx, catalogueKey) : null,
    connectable,
  };
}

/** A list the server answered, kept for its re-reads: when, the answer, and its landing. */
interface KeptList {
  at: number;
  value: unknown;
  landed: Promise<void>;
}

/** The lists kept, by context: at most LISTS_KEPT, the least recently answered going first. */
const LISTS_KEPT = 32;
const keptLists = new WeakMap<DeviceContext, Map<string, KeptList>>();

/**
 * The server's answer to the list `key`, asked by `ask` and landed by `land`; or, when the server
 * answered the same list less than `ctx.listsFreshMs` ago, that answer again (`again`), after its
 * landing, whose records the device holds and sync keeps current. A screen reads its lists again
 * after every change sync lands (a bid anywhere in the market): each re-read asked the server
 * for each list, so a home page sent four requests a bid. It now asks at most once per list in
 * that time, whatever the market's pace; `ctx.listsStale` says when the answer goes stale, and
 * the screens read again then, so a list is never older than that (docs/database.md "Lists and
 * search").
 */
export async function askListOnce<T>(
  ctx: DeviceContext,
  key: string,
  ask: () => Promise<ApiResult<T>>,
  land: (value: T) => Promise<void>,
): Promise<{ asked: ApiResult<T>; again: boolean }> {
  const freshMs = ctx.listsFreshMs ?? 0;
  if (freshMs <= 0) {
    const asked = await ask();
    if (asked.kind === 'ok') await land(asked.value);
    return { asked, again: false };
  }
  let lists = keptLists.get(ctx);
  if (!lists) keptLists.set(ctx, (lists = new Map()));
  const kept = lists.get(key);
  const age = kept ? performance.now() - kept.at : Infinity;
  if (kept && age < freshMs) {
    await kept.landed;
    ctx.listsStale?.(freshMs - age);
    return { asked: { kind: 'ok', value: kept.value as T }, again: true };
  }
  const at = performance.now();
  const asked = await ask();
  if (asked.kind !== 'ok') return { asked, again: false };
  const landed = land(asked.value);
  lists.delete(key);
  lists.set(key, { at, value: asked.value, landed: landed.catch(() => undefined) });
  if (lists.size > LISTS_KEPT) lists.delete(lists.keys().next().value as string);
  try {
    await landed;
  } catch (error) {
    lists.delete(key); // not on the device: the next read asks again
    throw error;
  }
  return { asked, again: false };
}
