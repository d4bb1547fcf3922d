// The one path by which the server's word reaches the device store (docs/architecture.md 14): the
// changes of a pull and the results of a push land here, in one transaction with the cursor.
// A refused write is rolled back to the server's truth and kept, with its reason, for the panel.
import { type DbHandle, runWrite } from '../device/db';
import { CURSOR_KEY } from '../device/schema';
import type { Change, PushResult } from '@shared/protocol';
import { rememberBootCursor } from './boot-asks';
import { landChanges } from './land-changes';
import { settle } from './settle';
import { openTx } from './store-tx';
import { syncSpan } from './timing';

export interface ServerWord {
  changes?: readonly Change[];
  /**
   * The changes come from the change log (a pull, the live stream): an item this device does not
   * hold is stored only when it is new (working-set.ts), a bid only for an item it holds, and no
   * item counts as seen. Without it (a snapshot page, a list, an opened item) every record is
   * stored and its items count as seen now.
   */
  fromLog?: boolean;
  /**
   * The changes are an answer (a list, a search, an opened item or creator) whose records were
   * read after the log's newest entry was `readAt`, each stamped with it: a record the device
   * does not hold lands only when no entry of it that the device did not keep since is newer
   * (not-kept.ts), so an answer overtaken by the log never brings back an older state.
   */
  readAt?: number;
  results?: readonly PushResult[];
  /** The newest sequence the device now has. */
  cursor?: number;
  /** ISO time recorded on mutations the answer settles. */
  at: string;
}

/** Applies what the server said (pulled changes, push results, the cursor) in one transaction. */
export function applyServerWord(handle: DbHandle, word: ServerWord): Promise<void> {
  return syncSpan('apply', () => applyWord(handle, word));
}

function applyWord(handle: DbHandle, word: ServerWord): Promise<void> {
  return runWrite(handle, async (db) => {
    const tx = openTx(db);
    const done = tx.done;
    if (word.results?.length) await settle(tx, word.results, word.at);
    if (word.changes?.length) {
      const { readAt, at } = word;
      await landChanges(tx, word.changes, { fromLog: word.fromLog === true, readAt, at });
    }
    let cursor: number | undefined;
    if (word.cursor !== undefined) {
      const meta = tx.objectStore('syncMeta');
      const current = await meta.get(CURSOR_KEY);
      const previous = typeof current === 'number' ? current : 0;
      cursor = Math.max(previous, word.cursor);
      await meta.put(cursor, CURSOR_KEY);
    }
    await done;
    if (cursor !== undefined) rememberBootCursor(cursor);
  });
}

/** The device's cursor; null when it has none (it never pulled: it starts from the snapshot). */
export async function readStoredCursor(handle: DbHandle): Promise<number | null> {
  const value = await (await handle.get()).get('syncMeta', CURSOR_KEY);
  return typeof value === 'number' ? value : null;
}

export async function readCursor(handle: DbHandle): Promise<number> {
  try {
    const value = await (await handle.get()).get('syncMeta', CURSOR_KEY);
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}
