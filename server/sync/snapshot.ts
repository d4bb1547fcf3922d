// GET /api/snapshot: the current public state the screens need, in pages, for a device that
// starts without a cursor or too far behind the log (docs/sync.md "Snapshot"): the creators the
// home and creators pages show and those its items name (not every creator: the creators list
// asks the server), the items the home page shows (the sample catalogue, the newest items and the running auctions
// ending soonest; not every item: the lists ask the server, docs/database.md "Lists and search")
// with their newest KEPT_BIDS_PER_ITEM bids, and the newest KEPT_ACTIVITY activity entries. Each page carries the log's newest sequence read before its records, so its records
// are at least that current; they come as log entries stamped with it, and the device applies
// them through the same path as the log (src/data/sync/apply.ts), never going backwards. A page
// asked with `focus` (the screen the device opened: an item, the activity) comes first with
// what that screen shows, so it is current before the rest. A page `items:<id>,...` brings
// current, after a start-over, the items a device kept outside the snapshot; `creators:<id>,...`
// the creators it kept.
import { Hono } from 'hono';
import {
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  KEPT_ACTIVITY,
  KEPT_BIDS_PER_ITEM,
  SNAPSHOT_CREATORS,
  SNAPSHOT_MOST_FOLLOWED,
  SNAPSHOT_NEWEST_ITEMS,
  SNAPSHOT_RUNNING_AUCTIONS,
  type Change,
  type SnapshotPage,
} from '../../shared/protocol.ts';
import { parseQuery, SnapshotQuerySchema, type SnapshotToken } from '../../shared/list-query.ts';
import { latestSeq } from '../core/change-log.ts';
import { logIdentity } from './compaction.ts';
import { CREATOR_JSON, ITEM_JSON } from '../core/snapshots.ts';
import { CREATOR_FOLLOWERS, CREATOR_LIST_KEY, CREATOR_LISTED } from '../catalog/creator-lists.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { bidJson } from '../market/bid-records.ts';

/** Records per page, at most, by section (an item page also carries its items' bids). */
export const CREATORS_PER_PAGE = 500;
export const ITEMS_PER_PAGE = 25;

/** A page of the snapshot, as its token names it (shared/list-query.ts). */
type Section = SnapshotToken;

const FIRST: Section = { kind: 'creator', after: 0 };

/** SQL of the newest bids of the items `i` (a LATERAL over each). */
const ITEMS_WITH_BIDS = `SELECT i.id, ${ITEM_JSON} AS item, coalesce(
    (SELECT jsonb_agg(${bidJson('b')} ORDER BY b.created_at DESC, b.id DESC) FROM (
       SELECT * FROM bids k WHERE k.item_id = i.id
       ORDER BY k.created_at DESC, k.id DESC LIMIT ${KEPT_BIDS_PER_ITEM}) b), '[]') AS bids
  FROM items i`;

/**
 * SQL of the ids of the items a snapshot holds: the sample catalogue, the newest items (the
 * catalogue's order, list_order) and the running auctions ending soonest, as the home page lists
 * them (shared/query.ts runningAuctions). Each part reads at most its few rows by an index.
 */
const SNAPSHOT_ITEM_IDS = `SELECT id FROM items WHERE id < ${FIRST_SERVER_ITEM_ID}
  UNION SELECT id FROM (SELECT id FROM items ORDER BY list_order
    LIMIT ${SNAPSHOT_NEWEST_ITEMS}) newest
  UNION SELECT id FROM (SELECT i.id FROM items i
    WHERE i.sale_kind = 'auctions' AND i.ends_at > now() AND i.settled_at IS NULL
      AND i.unlisted_at IS NULL AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id)
    ORDER BY i.ends_at, i.list_order LIMIT ${SNAPSHOT_RUNNING_AUCTIONS}) running`;

/**
 * SQL of the ids of the creators a snapshot holds: the sample's, the creators list's first page
 * and its most followed (server/catalog/creator-lists.ts's orders, by migration 018's indexes),
 * and the creators and owners of the snapshot's items. Each part reads at most its few rows.
 */
const SNAPSHOT_CREATOR_IDS = `SELECT id FROM creators WHERE id < ${FIRST_ACCOUNT_ID}
  UNION SELECT id FROM (SELECT c.id FROM creators c WHERE ${CREATOR_LISTED}
    ORDER BY ${CREATOR_LIST_KEY} LIMIT ${SNAPSHOT_CREATORS}) first_page
  UNION SELECT id FROM (SELECT c.id FROM creators c WHERE ${CREATOR_LISTED}
    ORDER BY ${CREATOR_FOLLOWERS} DESC, c.id LIMIT ${SNAPSHOT_MOST_FOLLOWED}) most_followed
  UNION SELECT creator_id FROM items WHERE id IN (${SNAPSHOT_ITEM_IDS})
  UNION SELECT owner_id FROM items WHERE id IN (${SNAPSHOT_ITEM_IDS})`;

interface ItemRow {
  id: number;
  item: unknown;
  bids: { id: string }[];
}

function itemRecords(rows: ItemRow[]): Omit<Change, 'seq'>[] {
  return rows.flatMap((row) => [
    { topic: 'item' as const, key: String(row.id), data: row.item },
    ...row.bids.map((bid) => ({ topic: 'bid' as const, key: bid.id, data: bid })),
  ]);
}

async function activityRecords(db: Sql): Promise<Omit<Change, 'seq'>[]> {
  const { rows } = await db.query<{ id: string; data: unknown }>(
    `SELECT id, data FROM activity ORDER BY created_at DESC, id DESC LIMIT ${KEPT_ACTIVITY}`,
  );
  return rows.map((row) => ({ topic: 'activity' as const, key: row.id, data: row.data }));
}

async function creatorRecords(db: Sql, where: string, params: unknown[], limit: number) {
  const { rows } = await db.query<{ id: number; data: unknown }>(
    `SELECT c.id, ${CREATOR_JSON} AS data FROM creators c WHERE ${where} ORDER BY c.id LIMIT ${limit}`,
    params,
  );
  return rows;
}

function creatorChanges(rows: { id: number; data: unknown }[]): Omit<Change, 'seq'>[] {
  return rows.map((row) => ({ topic: 'creator' as const, key: String(row.id), data: row.data }));
}

/** Reads one page of the snapshot. */
export async function snapshotPage(db: Database, section: Section = FIRST): Promise<SnapshotPage> {
  // The cursor first: whatever the records read after it, they are at least this current.
  const logId = await logIdentity(db.logReader);
  const cursor = await latestSeq(db);
  let records: Omit<Change, 'seq'>[];
  let next: string | null;
  switch (section.kind) {
    case 'focus-item': {
      const { rows } = await db.query<ItemRow>(`${ITEMS_WITH_BIDS} WHERE i.id = $1`, [section.id]);
      // With its creator and owner, so the page names them as their profiles do.
      const people = await creatorRecords(
        db,
        'c.id IN (SELECT creator_id FROM items WHERE id = $1 UNION SELECT owner_id FROM items WHERE id = $1)',
        [section.id],
        2,
      );
      records = [...creatorChanges(people), ...itemRecords(rows)];
      next = 'creator:0';
      break;
    }
    case 'items': {
      // Items a device keeps outside the snapshot, brought current (docs/sync.md "Snapshot");
      // one the server no longer has is not in the answer.
      const { rows } = await db.query<ItemRow>(
        `${ITEMS_WITH_BIDS} WHERE i.id = ANY($1::int[]) ORDER BY i.id`,
        [section.ids],
      );
      records = itemRecords(rows);
      next = null;
      break;
    }
    case 'creators':
      // Creators a device keeps outside the snapshot (those its collector follows), brought
      // current the same way; one the server no longer has is not in the answer.
      records = creatorChanges(
        await creatorRecords(db, 'c.id = ANY($1::int[])', [section.ids], section.ids.length),
      );
      next = null;
      break;
    case 'focus-activity':
      records = await activityRecords(db);
      next = 'creator:0';
      break;
    case 'creator': {
      const rows = await creatorRecords(
        db,
        `c.id > $1 AND c.id IN (${SNAPSHOT_CREATOR_IDS})`,
        [section.after],
        CREATORS_PER_PAGE,
      );
      records = creatorChanges(rows);
      next =
        rows.length < CREATORS_PER_PAGE
          ? 'item:0'
          : `creator:${(rows.at(-1) as { id: number }).id}`;
      break;
    }
    case 'item': {
      const { rows } = await db.query<ItemRow>(
        `${ITEMS_WITH_BIDS} WHERE i.id > $1 AND i.id IN (${SNAPSHOT_ITEM_IDS})
         ORDER BY i.id LIMIT ${ITEMS_PER_PAGE}`,
        [section.after],
      );
      records = itemRecords(rows);
      next = rows.length < ITEMS_PER_PAGE ? 'activity' : `item:${(rows.at(-1) as ItemRow).id}`;
      break;
    }
    case 'activity':
      records = await activityRecords(db);
      next = null;
      break;
  }
  return { records: records.map((record) => ({ ...record, seq: cursor })), cursor, next, logId };
}

export function snapshotRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const parsed = parseQuery(SnapshotQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const section = parsed.query.page ?? FIRST;
    c.header('Cache-Control', 'no-store');
    return c.json(await snapshotPage(db, section));
  });
  return app;
}
