// Numbers the device keeps in syncMeta beside the sync cursor: a list's count as the server
// last said it.
import type { DeviceContext } from './context';

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
