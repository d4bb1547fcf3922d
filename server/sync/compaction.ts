// The change log's compaction (docs/sync.md "Compaction"): the log grows with the marketplace,
// not with its history. Behind a horizon of LOG_KEEP entries from the newest, an entry that a
// newer entry of the same record supersedes is dropped, and so are bid and activity entries
// outside what a device keeps (each item's newest KEPT_BIDS_PER_ITEM bids, the newest
// KEPT_ACTIVITY entries); what is left is at most one entry per live record. A device whose
// cursor is behind the horizon, or more than SNAPSHOT_BEHIND entries behind the newest, starts
// from the snapshot (snapshot.ts) instead of the log.
//
// The horizon is a number of entries, not a time: a device further behind than that is sent the
// snapshot anyway, so older entries serve nobody who follows the log, and the log's size stays
// bounded by the catalogue plus LOG_KEEP, however busy the marketplace is.
//
// It runs in the server, under load: batches of at most COMPACT_BATCH entries, each its own short
// transaction that holds no lock a write waits on (the log's append lock is not taken), a pause
// between batches. Two server processes on one PostgreSQL: each batch takes a transaction-level
// advisory lock, tried, not waited on, so one process compacts at a time and the other skips.
// PGlite has no autovacuum: the table is vacuumed after a run that dropped entries.
import { serialRunner } from '../../shared/serial-runner.ts';
import { KEPT_ACTIVITY, KEPT_BIDS_PER_ITEM, SNAPSHOT_BEHIND } from '../../shared/protocol.ts';
import type { Database, Sql } from '../db/database.ts';

/** Entries behind the newest that are never compacted (LOG_KEEP). */
export const LOG_KEEP = SNAPSHOT_BEHIND;
/** How often the server compacts (COMPACT_EVERY_MS). */
export const COMPACT_EVERY_MS = 60_000;
/** Entries examined per batch, at most (and so deleted). */
export const COMPACT_BATCH = 1000;
/** The pause between two batches, so requests run between them. */
const BATCH_PAUSE_MS = 20;
/** The advisory lock a compaction batch tries (the log's append lock is 7263002). */
const COMPACTION_LOCK = 7263003;

export interface LogWindow {
  /** Entries up to here are compacted. */
  horizon: number;
  /** A device whose cursor is older starts from the snapshot: the horizon, or later when a
   * migration changed records without log entries (log_horizon.start_over_below). */
  startOver: number;
  /** The newest entry's sequence (0: none), or the horizon when compaction dropped it. */
  newest: number;
  /** The log's identity (migration 024): another one is another log, and a device that followed
   * the old one starts from the snapshot. */
  logId: string;
}

const LOG_WINDOW = {
  name: 'artmint_log_window',
  text: `SELECT h.seq AS horizon, greatest(h.seq, h.start_over_below) AS "startOver",
     greatest(h.seq, (SELECT max(seq) FROM changes)) AS newest, h.log_id::text AS "logId"
     FROM log_horizon h`,
};

export async function logWindow(db: Sql): Promise<LogWindow> {
  const { rows } = await db.query<Record<keyof LogWindow, string | number>>(LOG_WINDOW);
  const row = rows[0];
  return {
    horizon: Number(row?.horizon ?? 0),
    startOver: Number(row?.startOver ?? 0),
    newest: Number(row?.newest ?? 0),
    logId: String(row?.logId ?? ''),
  };
}

/** The log's identity (LogWindow.logId). */
export async function logIdentity(db: Sql): Promise<string> {
  const { rows } = await db.query<{ logId: string }>({
    name: 'artmint_log_id',
    text: 'SELECT log_id::text AS "logId" FROM log_horizon',
  });
  return rows[0]?.logId ?? '';
}

/** Gives the log a new identity (after a restore: docs/operations.md "Backups"); returns it. */
export async function rotateLogId(db: Sql): Promise<string> {
  const { rows } = await db.query<{ logId: string }>(
    'UPDATE log_horizon SET log_id = gen_random_uuid() RETURNING log_id::text AS "logId"',
  );
  return rows[0]?.logId ?? '';
}

/** True when a device at `cursor` must start from the snapshot rather than the log: behind
 * the horizon (or a migration's start_over_below), more than `behind` entries behind the
 * newest (SNAPSHOT_BEHIND), or ahead of the newest: it followed a log this database no longer
 * has (restored from an older backup). A cursor is always a sequence some read of the log saw
 * committed, so a window read after the device got it is at least that new. */
export function mustStartOver(
  cursor: number,
  window: LogWindow,
  behind = SNAPSHOT_BEHIND,
): boolean {
  return cursor < window.startOver || window.newest - cursor > behind || cursor > window.newest;
}

/**
 * One batch: the entries after the horizon up to `upto` (at most COMPACT_BATCH of them) that a
 * newer entry of the same record supersedes, or that are bids and activity outside what devices
 * keep, are deleted, and the horizon moves to `upto`; in one transaction. Null when another
 * process holds the compaction's lock.
 */
async function compactBatch(
  db: Database,
  keep: number,
): Promise<{ deleted: number; done: boolean } | null> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_xact_lock(${COMPACTION_LOCK}) AS ok`,
    );
    if (!locked[0]?.ok) return null;
    const window = await logWindow(tx);
    const target = window.newest - keep;
    if (target <= window.horizon) return { deleted: 0, done: true };
    // The batch ends COMPACT_BATCH entries after the horizon (the seqs between may be gone).
    const { rows: ends } = await tx.query<{ upto: string | null }>(
      `SELECT max(seq) AS upto FROM (
         SELECT seq FROM changes WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3) batch`,
      [window.horizon, target, COMPACT_BATCH],
    );
    const upto =
      ends[0]?.upto === null || ends[0]?.upto === undefined ? target : Number(ends[0].upto);
    const { rowCount } = await tx.query(
      `WITH kept_activity AS (
         SELECT id FROM activity ORDER BY created_at DESC, id DESC LIMIT ${KEPT_ACTIVITY})
       DELETE FROM changes c
       WHERE c.seq > $1 AND c.seq <= $2
         AND (EXISTS (SELECT 1 FROM changes n
                      WHERE n.topic = c.topic AND n.key = c.key AND n.seq > c.seq)
           OR (c.topic = 'bid' AND c.key NOT IN (
                 SELECT k.id FROM bids k WHERE k.item_id = (c.data->>'itemId')::int
                 ORDER BY k.created_at DESC, k.id DESC LIMIT ${KEPT_BIDS_PER_ITEM}))
           OR (c.topic = 'activity' AND c.key NOT IN (SELECT id FROM kept_activity)))`,
      [window.horizon, upto],
    );
    await tx.query('UPDATE log_horizon SET seq = greatest(seq, $1)', [upto]);
    return { deleted: rowCount, done: upto >= target };
  });
}

export interface CompactionRun {
  deleted: number;
  horizon: number;
}

/** Compacts the log up to `keep` entries behind the newest, batch after batch. */
export async function compactLog(
  db: Database,
  { keep = LOG_KEEP, pauseMs = BATCH_PAUSE_MS }: { keep?: number; pauseMs?: number } = {},
): Promise<CompactionRun> {
  let deleted = 0;
  for (;;) {
    const batch = await compactBatch(db, keep);
    if (batch === null) break; // Another process compacts now.
    deleted += batch.deleted;
    if (batch.done) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  // PGlite has no autovacuum: the space of the dropped entries is made reusable here.
  if (deleted > 0 && db.kind === 'pglite') await db.exec('VACUUM changes');
  return { deleted, horizon: (await logWindow(db)).horizon };
}

export interface Compactor {
  /** Runs a compaction now (after the one running, if any); null when it failed or stopped. */
  run(): Promise<CompactionRun | null>;
  stop(): Promise<void>;
}

/**
 * Compacts at once and then every `everyMs`, one run at a time: a run asked for during one
 * (the timer's, or run()'s) is one more run after it (shared/serial-runner.ts).
 */
export function startCompaction(
  db: Database,
  options: { keep?: number; everyMs?: number; log: (line: string) => void },
): Compactor {
  let stopped = false;
  let last: CompactionRun | null = null;
  const compactor = serialRunner(
    async () => {
      last = null;
      if (stopped) return;
      const result = await compactLog(db, { keep: options.keep ?? LOG_KEEP });
      if (result.deleted > 0) {
        options.log(`change log: compacted ${result.deleted} entries (horizon ${result.horizon})`);
      }
      last = result;
    },
    {
      mayRepeat: () => !stopped,
      onError: (error) =>
        options.log(
          `change log: compaction stopped (${(error as Error).name}); trying again later`,
        ),
    },
  );
  const run = async () => {
    await compactor.run();
    return last;
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs ?? COMPACT_EVERY_MS);
  timer.unref?.();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await compactor.running;
    },
  };
}
