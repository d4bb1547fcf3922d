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
