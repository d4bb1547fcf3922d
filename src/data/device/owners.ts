// The records of one owner as a whole (owner.ts): adopting what was made signed out when an
// account signs in, counting and deleting an account's records. Every other module reads and
// writes the signed-in owner's records only.
import { DEVICE_ACCOUNT, isAccountOwner, SIGNED_OUT, type Owner } from '../owner';
import { isDraft } from '../schemas';
import { notifyLocalWrite } from '../core/signal';
import type { UserDataCounts } from '../contract/data-access';
import type { DeviceContext } from './context';
import { combineDrafts } from './forms';
import { forgetSearchMemory, searchMemoryKey } from './item-search';
import { runWrite } from './db';
import { accountCursorKey } from './meta';
import {
  OWNED_STORES,
  OWNER_KEYED,
  REMEMBERED_KEY,
  STORE_NAMES,
  type ArtmintDb,
  type OwnedStore,
} from './schema';

/** An owned store seen without its per-store types: these helpers treat every one alike. */
interface AnyStore {
  get(key: IDBValidKey): Promise<unknown>;
  put(value: unknown): Promise<IDBValidKey>;
  delete(key: IDBValidKey): Promise<void>;
  index(name: 'owner'): {
    getAll(query: IDBKeyRange): Promise<Record<string, unknown>[]>;
    getAllKeys(query: IDBKeyRange): Promise<IDBValidKey[]>;
    count(query: IDBKeyRange): Promise<number>;
  };
}

function ownedTx(db: ArtmintDb) {
  const tx = db.transaction([...OWNED_STORES, 'account', 'syncMeta'], 'readwrite');
  const store = (name: OwnedStore) => tx.objectStore(name) as unknown as AnyStore;
  return { tx, store };
}

/**
 * The signed-in account adopts what was made while nobody was signed in (favourites, follows,
 * their activity entries and waiting mutations, messages, drafts), and an account kept only on
 * this device that has just moved to the server adopts its own records. A record the account
 * already has under the same key stays as it is, except a draft: two drafts of one form are
 * combined (combineDrafts), as each holds typing. Returns how many records moved.
 */
export async function adoptSignedOutRecords(ctx: DeviceContext): Promise<number> {
  const to = ctx.owner();
  if (!isAccountOwner(to)) return 0;
  const from: Owner[] = to === DEVICE_ACCOUNT ? [SIGNED_OUT] : [SIGNED_OUT, DEVICE_ACCOUNT];
  const moved = await runWrite(ctx.db, async (db) => {
    const { tx, store } = ownedTx(db);
    let count = 0;
    for (const name of OWNED_STORES) {
      const target = store(name);
      const keyField = OWNER_KEYED[name];
      for (const owner of from) {
        const range = IDBKeyRange.only(owner);
        const [keys, records] = await Promise.all([
          target.index('owner').getAllKeys(range),
          target.index('owner').getAll(range),
        ]);
        for (const [i, record] of records.entries()) {
          const oldKey = keys[i];
          if (oldKey === undefined) continue;
          if (keyField) {
            const newKey = [to, record[keyField]] as IDBValidKey;
            const kept = await target.get(newKey);
            if (kept === undefined) await target.put({ ...record, owner: to });
            else if (name === 'drafts' && isDraft(kept) && isDraft(record)) {
              await target.put({ ...combineDrafts(kept, record), owner: to });
            }
            await target.delete(oldKey);
          } else {
            await target.put({ ...record, owner: to });
          }
          count += 1;
        }
      }
    }
    // A device-only account that moved to the server is now this account: its old record goes.
    if (to !== DEVICE_ACCOUNT && (await tx.objectStore('account').get(to)) !== undefined) {
      await tx.objectStore('account').delete(DEVICE_ACCOUNT);
    }
    await tx.done;
    return count;
  });
  // Adopted mutations can be pushed now, under the account's session.
  if (moved > 0) notifyLocalWrite();
  return moved;
}

/** How many records each store holds for the signed-in owner (shared stores: all of them). */
export async function countOwnerData(ctx: DeviceContext): Promise<UserDataCounts> {
  const counts = Object.fromEntries(STORE_NAMES.map((name) => [name, 0])) as UserDataCounts;
  const owner = ctx.owner();
  try {
    const db = await ctx.db.get();
    const tx = db.transaction([...STORE_NAMES], 'readonly');
    const owned = new Set<string>(OWNED_STORES);
    const values = await Promise.all(
      STORE_NAMES.map((name) => {
        if (owned.has(name)) {
          const store = tx.objectStore(name) as unknown as AnyStore;
          return store.index('owner').count(IDBKeyRange.only(owner));
        }
        if (name === 'account') return tx.objectStore('account').count(owner);
        return tx.objectStore(name).count();
      }),
    );
    STORE_NAMES.forEach((name, index) => {
      counts[name] = values[index] ?? 0;
    });
  } catch (error) {
    console.warn('Artmint: could not count what this device stores.', error);
  }
  return counts;
}

/** Deletes every record of the signed-in owner (its account record and its account cursor too);
 * other accounts' records and the public catalogue stay. */
export async function deleteOwnerData(ctx: DeviceContext): Promise<void> {
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const { tx, store } = ownedTx(db);
    for (const name of OWNED_STORES) {
      const target = store(name);
      const keys = await target.index('owner').getAllKeys(IDBKeyRange.only(owner));
      for (const key of keys) await target.delete(key);
    }
    await tx.objectStore('account').delete(owner);
    const meta = tx.objectStore('syncMeta');
    if ((await meta.get(REMEMBERED_KEY)) === owner) await meta.delete(REMEMBERED_KEY);
    await meta.delete(searchMemoryKey(owner));
    await meta.delete(accountCursorKey(owner));
    await tx.done;
  });
  forgetSearchMemory(ctx, owner);
}
