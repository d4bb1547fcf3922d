// What the device keeps in syncMeta beside the sync cursor: a list's count as the server last
// said it, and each signed-in account's cursor in its own log (docs/sync.md "The account's own
// records on every device").
import type { Owner } from '../owner';
import type { DeviceContext } from './context';
import type { DbHandle } from './db';

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

/** syncMeta: where the device is in `owner`'s own log; written in the transaction of the
 * records it covers (sync/account-apply.ts). */
/** How every account cursor's key in syncMeta begins. */
export const ACCOUNT_CURSOR_PREFIX = 'accountCursor:';

export function accountCursorKey(owner: Owner): string {
  return `${ACCOUNT_CURSOR_PREFIX}${owner}`;
}

/** The account cursor of `owner`; null when the device has none (or cannot say): it reads the
 * account's records as a whole first. */
export async function readAccountCursor(handle: DbHandle, owner: Owner): Promise<number | null> {
  try {
    const value = await (await handle.get()).get('syncMeta', accountCursorKey(owner));
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the account cursor of `owner` (signing out): the next sign-in reads the account's
 * records as a whole again. */
export async function forgetAccountCursor(handle: DbHandle, owner: Owner): Promise<void> {
  await (await handle.get()).delete('syncMeta', accountCursorKey(owner));
}
