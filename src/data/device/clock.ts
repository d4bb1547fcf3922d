// The device store's clock reading (the context's `now`, injectable for tests), as stored.
import type { DeviceContext } from './context';

export function nowIso(ctx: DeviceContext): string {
  return ctx.now().toISOString();
}
