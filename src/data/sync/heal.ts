// After a start-over (docs/sync.md "Snapshot"): the items and creators the device keeps outside
// the snapshot (the collector's favourites, bids, purchases and waiting changes are about those
// items; the creators it follows, its accounts' own, and those a waiting change is about) are
// brought current from the server, HEAL_PAGE at a time (GET /api/snapshot?page=items:<id>,...,
// then creators:<id>,...), and one the server no longer has goes, unless a waiting change is
// about it. The snapshot's end leaves the mark (HEAL_BELOW_KEY: its cursor); every item and
// creator stamped below it is asked, so a heal cut short goes on at the next cycle.
import { type DbHandle, runWrite } from '../device/db';
import { isObject } from '../schemas';
import type { Change } from '@shared/protocol';
import { applyServerWord } from './apply';
import { snapshot, type Failure, type Fetch } from './http';
import { seqOf } from './store-tx';

/** syncMeta: the cursor of the snapshot whose kept records are not all current yet. */
export const HEAL_BELOW_KEY = 'healBelow';
/** Records asked at once (the server answers up to SNAPSHOT_IDS_MAX, shared/list-query.ts). */
export const HEAL_PAGE = 50;

/** What is asked of each kind: the stamped records below the mark, those a change waits on. */
interface Stale {
  page: 'items' | 'creators';
  topic: 'item' | 'creator';
  ids: number[];
  waiting: Set<number>;
}

/** The items and creators stamped below `below`, and those a waiting change is about. */
async function readStale(handle: DbHandle, below: number): Promise<Stale[]> {
  const db = await handle.get();
  const [items, creators, mutations, accounts] = await Promise.all([
    db.getAll('remoteItems'),
    db.getAll('remoteCreators'),
    db.getAll('mutations'),
    db.getAll('account'),
  ]);
  const waitingItems = new Set<number>();
  const waitingCreators = new Set<number>();
  for (const m of mutations) {
    if (!isObject(m) || m.state !== 'waiting' || typeof m.key !== 'string') continue;
    const item = /^(?:item|favourite):(\d+)$/.exec(m.key);
    if (item) waitingItems.add(Number(item[1]));
    const follow = /^follow:(\d+)$/.exec(m.key);
    if (follow) waitingCreators.add(Number(follow[1]));
    // The account's own creator profile, on its way.
    if (m.key === 'creator:me') {
      for (const account of accounts) {
        if (isObject(account) && typeof account.serverId === 'number') {
          waitingCreators.add(account.serverId);
        }
      }
    }
    const args: unknown = m.args;
    if (isObject(args) && typeof args.itemId === 'number') waitingItems.add(args.itemId);
    if (isObject(args) && typeof args.creatorId === 'number') waitingCreators.add(args.creatorId);
  }
  const staleIds = (records: { id: number }[]) =>
    records.filter((record) => seqOf(record) < below).map((record) => record.id);
  return [
    { page: 'items', topic: 'item', ids: staleIds(items), waiting: waitingItems },
    { page: 'creators', topic: 'creator', ids: staleIds(creators), waiting: waitingCreators },
  ];
}

/**
 * Brings current the items and creators a start-over kept (see the top); `onLanded` after each
 * page that landed. Ok when none is left (the mark goes), else the failure of the ask that
 * stopped it.
 */
export async function healKept(
  ctx: { db: DbHandle; fetch: Fetch; now: () => Date },
  onLanded: () => void,
): Promise<{ kind: 'ok' } | Failure> {
  const mark = await (await ctx.db.get()).get('syncMeta', HEAL_BELOW_KEY);
  if (typeof mark !== 'number') return { kind: 'ok' };
  for (const { page: kind, topic, ids: stale, waiting } of await readStale(ctx.db, mark)) {
    for (let start = 0; start < stale.length; start += HEAL_PAGE) {
      const ids = stale.slice(start, start + HEAL_PAGE);
      const page = await snapshot(ctx.fetch, `${kind}:${ids.join(',')}`);
      if (page.kind !== 'ok') return page;
      const { records, cursor } = page.value;
      const answered = new Set(records.flatMap((r) => (r.topic === topic ? [Number(r.key)] : [])));
      // One the server no longer has goes, unless a waiting change is about it (the push says).
      const gone: Change[] = ids
        .filter((id) => !answered.has(id) && !waiting.has(id))
        .map((id) => ({ seq: cursor, topic, key: String(id), data: null }));
      await applyServerWord(ctx.db, {
        changes: [...records, ...gone],
        readAt: cursor,
        at: ctx.now().toISOString(),
      });
      onLanded();
    }
  }
  await runWrite(ctx.db, (db) => db.delete('syncMeta', HEAL_BELOW_KEY));
  return { kind: 'ok' };
}
