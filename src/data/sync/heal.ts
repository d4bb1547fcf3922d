// After a start-over (docs/sync.md "Snapshot"): the items the device keeps outside the snapshot
// (the collector's favourites, bids, purchases and waiting changes are about them) are brought
// current from the server, HEAL_PAGE at a time (GET /api/snapshot?page=items:<id>,...), and
// one the server no longer has goes, unless a waiting change is about it. The snapshot's end
// leaves the mark (HEAL_BELOW_KEY: its cursor); every item stamped below it is asked, so a heal
// cut short goes on at the next cycle.
import { type DbHandle, runWrite } from '../device/db';
import { isObject } from '../schemas';
import type { Change } from '@shared/protocol';
import { applyServerWord } from './apply';
import { snapshot, type Failure, type Fetch } from './http';
import { seqOf } from './store-tx';

/** syncMeta: the cursor of the snapshot whose kept items are not all current yet. */
export const HEAL_BELOW_KEY = 'healBelow';
/** Items asked at once (the server answers up to SNAPSHOT_IDS_MAX, shared/list-query.ts). */
export const HEAL_PAGE = 50;

/** The items stamped below `below`, and those a waiting change is about. */
async function readStale(
  handle: DbHandle,
  below: number,
): Promise<{ stale: number[]; waiting: Set<number> }> {
  const db = await handle.get();
  const stale = (await db.getAll('remoteItems')).filter((item) => seqOf(item) < below);
  const waiting = new Set<number>();
  for (const m of await db.getAll('mutations')) {
    if (!isObject(m) || m.state !== 'waiting' || typeof m.key !== 'string') continue;
    const match = /^(?:item|favourite):(\d+)$/.exec(m.key);
    if (match) waiting.add(Number(match[1]));
    const args: unknown = m.args;
    if (isObject(args) && typeof args.itemId === 'number') waiting.add(args.itemId);
  }
  return { stale: stale.map((item) => item.id), waiting };
}

/**
 * Brings current the items a start-over kept (see the top); `onLanded` after each page that
 * landed. Ok when none is left (the mark goes), else the failure of the ask that stopped it.
 */
export async function healKept(
  ctx: { db: DbHandle; fetch: Fetch; now: () => Date },
  onLanded: () => void,
): Promise<{ kind: 'ok' } | Failure> {
  const mark = await (await ctx.db.get()).get('syncMeta', HEAL_BELOW_KEY);
  if (typeof mark !== 'number') return { kind: 'ok' };
  const { stale, waiting } = await readStale(ctx.db, mark);
  for (let start = 0; start < stale.length; start += HEAL_PAGE) {
    const ids = stale.slice(start, start + HEAL_PAGE);
    const page = await snapshot(ctx.fetch, `items:${ids.join(',')}`);
    if (page.kind !== 'ok') return page;
    const { records, cursor } = page.value;
    const answered = new Set(records.flatMap((r) => (r.topic === 'item' ? [Number(r.key)] : [])));
    // One the server no longer has goes, unless a waiting change is about it (the push says).
    const gone: Change[] = ids
      .filter((id) => !answered.has(id) && !waiting.has(id))
      .map((id) => ({ seq: cursor, topic: 'item', key: String(id), data: null }));
    await applyServerWord(ctx.db, {
      changes: [...records, ...gone],
      readAt: cursor,
      at: ctx.now().toISOString(),
    });
    onLanded();
  }
  await runWrite(ctx.db, (db) => db.delete('syncMeta', HEAL_BELOW_KEY));
  return { kind: 'ok' };
}
