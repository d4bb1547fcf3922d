// Whether the device store may ask the server now (the app says so once it starts:
// server-lists.ts); while not, the device answers alone.
import type { DeviceContext } from './context';

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
