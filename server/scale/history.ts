// A marketplace's history at scale, made with SQL (issue 32, docs/performance.md): bids on the
// sample auctions from many accounts, one collector among them with thousands of bids, each bid
// leaving what the real write path leaves (artmint_place_bid, server/migrations/
// functions/artmint_place_bid.sql): the bid, the earlier active bid marked outbid, the item's new
// highest bid, the activity entry, and in the change log the outbid bid, the new bid, the item's
// snapshot and the entry, in that order. `npm run seed` (history-cli.ts) and `npm run
// bench:scale` use it; a server test checks it at small scale. Never part of the app.
//
// Bids go round the auctions in turn (bid j on auction (j - 1) mod K), each rising by
// AUCTION_BID_STEP_ETH over the one before it on its item, so every bid of a run is a function
// of j alone, and the bid it outbids is bid j - K: a batch is one INSERT ... SELECT over
// generate_series, whatever its size. A later run continues from the items' highest bids.
import { AUCTION_BID_STEP_ETH } from '../../shared/market.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database, Sql } from '../db/database.ts';
import { bidEntryJson } from '../market/activity.ts';
import { bidJson } from '../market/bid-records.ts';
import { CHANGES_CHANNEL, recordChanges } from '../core/change-log.ts';
import { ITEM_JSON } from '../core/snapshots.ts';

/** The collector with thousands of bids, whom a benchmark can sign in as. */
export const SCALE_COLLECTOR = {
  email: 'scale.collector@example.com',
  password: 'scale collector 1',
  name: 'Sam Scale',
} as const;

/** The other bidders: seed-<n>@example.com, with the collector's password. */
const ACCOUNT_EMAIL = (n: string) => `'seed-' || ${n} || '@example.com'`;
const ACCOUNT_EMAIL_LIKE = 'seed-%@example.com';

const FIRST_NAMES = `Ava Ben Chloe Dev Elif Farah Gus Hana Ivo Jade Kofi Lena Mateo Nia Omar
  Priya Quinn Rosa Sven Tara Umar Vera Wen Ximena Yusuf Zoe Aiko Bruno Carmen Dmitri Esme`.split(
  /\s+/,
);
const LAST_NAMES =
  `Moreno Okafor Lindqvist Tanaka Haddad Kowalski Ndiaye Rossi Nguyen Schmidt Silva Kaur Dubois Novak
  Mensah Ortiz Park Yilmaz Costa Jensen Abebe Larsen Sato Fischer Reyes Ivanova Byrne Chen Mwangi`.split(
    /\s+/,
  );
const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;

export interface HistoryOptions {
  /** Bids to add. */
  bids: number;
  /** Bidders made on a database that has none yet (default 1,000). */
  accounts?: number;
  /** Of the bids, the collector's (default the lesser of 10,000 and half the bids). */
  collectorBids?: number;
  /** Bids per transaction (default 20,000): PGlite holds a batch's work in its memory. */
  batch?: number;
  /** The bids' times run evenly from `from` to `to` (default: the 30 days up to now). */
  from?: Date;
  to?: Date;
  /** Called after each batch with the bids added so far. */
  onProgress?: (done: number) => void;
}

export interface HistoryRun {
  bids: number;
  collectorBids: number;
  accountsMade: number;
  /** The auctions bid on, in turn order. */
  items: number[];
}

interface RunItem {
  slot: number;
  id: number;
  start: string;
  title: string;
  image: string;
  /** The item's snapshot (ITEM_JSON) at the start of the run. */
  data: unknown;
  /** Its active bid before the run, and that bid's entry once outbid. */
  prev: string | null;
  prev_json: unknown;
}

/** Makes the bidders and the collector, once per database; returns how many it made. */
async function ensureAccounts(db: Database, count: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [
    SCALE_COLLECTOR.email,
  ]);
  if (rows[0]) return 0;
  // One hash for all (scrypt at today's cost, about half a second): every seeded account signs
  // in with the collector's password.
  const hash = await hashPassword(SCALE_COLLECTOR.password);
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO accounts (email, name, password_hash) VALUES ($1, $2, $3)', [
      SCALE_COLLECTOR.email,
      SCALE_COLLECTOR.name,
      hash,
    ]);
    await tx.query(
      `INSERT INTO accounts (email, name, password_hash)
       SELECT ${ACCOUNT_EMAIL('n')},
         (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' '
           || (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
         $2
       FROM generate_series(1, $1::int) AS n ORDER BY n`,
      [count, hash],
    );
    // The auctions run a month from now, so that a history cached for days still has them
    // open (the settler would otherwise settle them under the benchmark); logged as any change
    // of an item is.
    const { rows: ended } = await tx.query<{ id: number; data: unknown }>(
      `UPDATE items i SET ends_at = now() + interval '30 days'
       WHERE i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.unlisted_at IS NULL
       RETURNING i.id, ${ITEM_JSON} AS data`,
    );
    await recordChanges(
      tx,
      ended.sort((a, b) => a.id - b.id).map(({ id, data }) => ({ topic: 'item', key: id, data })),
    );
  });
  return count + 1;
}

/** The open auctions, in turn order, as the run starts from them. */
async function runItems(db: Sql): Promise<RunItem[]> {
  const { rows } = await db.query<Omit<RunItem, 'slot'>>(
    `SELECT i.id, i.highest_bid_eth::text AS start, i.data->>'title' AS title,
       i.data->>'image' AS image, ${ITEM_JSON} AS data, a.id AS prev,
       ${bidJson('a')} || '{"status": "outbid"}'::jsonb AS prev_json
     FROM items i
     LEFT JOIN LATERAL (SELECT * FROM bids b WHERE b.item_id = i.id AND b.status = 'active'
       ORDER BY b.price_eth DESC LIMIT 1) a ON true
     WHERE i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.unlisted_at IS NULL
       AND i.ends_at > now()
     ORDER BY i.id`,
  );
  return rows.map((row, slot) => ({ ...row, slot }));
}

/**
 * The statement that adds bids j0 to j1 of a run, with their activity and log entries. `b` is
 * every bid from j0 - K (the ones the first K outbid) to j1.
 */
function batchStatement(k: number): string {
  const bids = `
    it AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(slot int, id int, start numeric,
      title text, image text, data jsonb, prev text, prev_json jsonb)),
    ac AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(n int, id int, name text)),
    g AS (
      SELECT j, (j - 1) % ${k} AS slot, (j - 1) / ${k} + 1 AS k,
        CASE WHEN $8::int > 0 AND j % $9::int = 0 AND j / $9::int <= $8::int THEN 0
          ELSE 1 + (j::bigint * 7919 % $10::int)::int END AS who
      FROM generate_series(greatest(1, $5::int - ${k}), $6::int) AS j
    ),
    b AS MATERIALIZED (
      SELECT g.j, g.k, md5($3 || g.j)::uuid::text AS id, it.id AS item_id, it.slot,
        (it.start + $11::numeric * g.k)::numeric(38, 18) AS price_eth, 1 AS quantity,
        coalesce(ac.id, $12::int) AS account_id, coalesce(ac.name, $13::text) AS bidder,
        CASE WHEN g.j + ${k} <= $7::int THEN 'outbid' ELSE 'active' END AS status,
        $4::timestamptz + ($14::timestamptz - $4::timestamptz) * (g.j::float8 / $7::int)
          AS created_at
      FROM g JOIN it ON it.slot = g.slot LEFT JOIN ac ON ac.n = g.who
    ),
    e AS MATERIALIZED (
      SELECT b.*, ${bidEntryJson('b', { id: 'b.item_id', title: 'it.title', image: 'it.image', saleKind: "'auctions'" }, 'b.account_id')} AS entry
      FROM b JOIN it ON it.id = b.item_id WHERE b.j >= $5::int
    )`;
  return `WITH ${bids},
    added_bids AS (
      INSERT INTO bids (id, item_id, account_id, bidder, price_eth, quantity, status, created_at)
      SELECT id, item_id, account_id, bidder, price_eth, quantity, status, created_at FROM e
    ),
    added_activity AS (
      INSERT INTO activity (id, item_id, data, created_at)
      SELECT entry->>'id', item_id, entry, created_at FROM e
    )
    INSERT INTO changes (topic, key, data)
    SELECT c.topic, c.key, c.data
    FROM e JOIN it ON it.id = e.item_id
    LEFT JOIN b p ON p.j = e.j - ${k}
    CROSS JOIN LATERAL (VALUES
      (1, 'bid', CASE WHEN p.j IS NULL THEN it.prev ELSE p.id END,
        CASE WHEN p.j IS NULL THEN it.prev_json
          ELSE ${bidJson('p')} || '{"status": "outbid"}'::jsonb END),
      (2, 'bid', e.id, ${bidJson('e')} || '{"status": "active"}'::jsonb),
      (3, 'item', e.item_id::text,
        it.data || jsonb_build_object('highestBidEth', trim_scale(e.price_eth)::text,
          'bidCount', coalesce((it.data->>'bidCount')::int, 0) + e.k)),
      (4, 'activity', e.entry->>'id', e.entry)
    ) AS c(n, topic, key, data)
    WHERE c.key IS NOT NULL
    ORDER BY e.j, c.n`;
}

/**
 * Adds `options.bids` bids to the database (migrated and seeded with the sample catalogue),
 * making the bidders first when it has none. A batch is one transaction; the items' highest
 * bids follow each batch.
 */
export async function seedHistory(db: Database, options: HistoryOptions): Promise<HistoryRun> {
  const total = options.bids;
  if (!Number.isSafeInteger(total) || total < 1) throw new Error('bids must be 1 or more');
  const accountsMade = await ensureAccounts(db, options.accounts ?? 1000);
  const items = await runItems(db);
  if (items.length === 0) throw new Error('no open auction to bid on');
  const K = items.length;
  const collectorBids = Math.min(
    options.collectorBids ?? Math.min(10_000, Math.floor(total / 2)),
    total,
  );
  const stride = collectorBids > 0 ? Math.max(1, Math.floor(total / collectorBids)) : 1;
  const { rows: collector } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM accounts WHERE email = $1',
    [SCALE_COLLECTOR.email],
  );
  const { rows: bidders } = await db.query<{ n: number; id: number; name: string }>(
    `SELECT (row_number() OVER (ORDER BY id))::int AS n, id, name FROM accounts
     WHERE email LIKE '${ACCOUNT_EMAIL_LIKE}' ORDER BY id`,
  );
  if (!collector[0] || bidders.length === 0) throw new Error('the seeded accounts are missing');
  const to = options.to ?? new Date();
  const from = options.from ?? new Date(to.getTime() - 30 * 24 * 3600_000);
  // A run's own bid ids: md5 of this salt and j, as UUIDs.
  const salt = `seed-${to.getTime()}-${Math.random().toString(36).slice(2)}-`;
  const statement = batchStatement(K);
  const batch = options.batch ?? 20_000;
  // The items' active bids from before the run are outbid by its first bid on each.
  const outbidBefore = items.filter((item) => item.prev !== null && item.slot < total);
  for (let j0 = 1; j0 <= total; j0 += batch) {
    const j1 = Math.min(total, j0 + batch - 1);
    await db.transaction(async (tx) => {
      // The log's lock (server/migrations/functions/artmint_flush_changes.sql), as every append:
      // a server writing meanwhile never commits a later entry before these.
      await tx.query('SELECT pg_advisory_xact_lock(7263002)');
      if (j0 === 1 && outbidBefore.length > 0) {
        await tx.query(
          "UPDATE bids SET status = 'outbid' WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))",
          [JSON.stringify(outbidBefore.map((item) => item.prev))],
        );
      }
      await tx.query(statement, [
        JSON.stringify(items),
        JSON.stringify(bidders),
        salt,
        from.toISOString(),
        j0,
        j1,
        total,
        collectorBids,
        stride,
        bidders.length,
        AUCTION_BID_STEP_ETH,
        collector[0]?.id,
        collector[0]?.name,
        to.toISOString(),
      ]);
      // Each item's highest bid is its newest: bid j1 and the K - 1 before it.
      await tx.query(
        `UPDATE items i SET highest_bid_eth = x.start + $3::numeric * (($2::int - 1 - x.slot) / $4::int + 1)
         FROM jsonb_to_recordset($1::jsonb) AS x(slot int, id int, start numeric)
         WHERE i.id = x.id AND x.slot < $2::int`,
        [JSON.stringify(items), j1, AUCTION_BID_STEP_ETH, K],
      );
    });
    options.onProgress?.(j1);
  }
  // Servers on this database hear of the new entries, as of any commit that grew the log.
  await db.query(`SELECT pg_notify('${CHANGES_CHANNEL}', '')`);
  return { bids: total, collectorBids, accountsMade, items: items.map((item) => item.id) };
}

/** What a benchmark compares a device with: the log's size, the newest state. */
export interface HistorySummary {
  bids: number;
  collectorBids: number;
  activity: number;
  changes: number;
  /** pg_total_relation_size of the change log (table, indexes, TOAST), in bytes. */
  changesBytes: number;
  newestSeq: number;
  /** The open auctions with their highest bid as item pages show it (trimmed, in ETH). */
  auctions: { id: number; highestBidEth: string; bids: number }[];
  /** The newest activity entry. */
  newestActivity: { id: string; description: string; itemId: number } | null;
}

export async function historySummary(db: Sql): Promise<HistorySummary> {
  const one = async <T>(text: string, params: unknown[] = []) =>
    (await db.query<T>(text, params)).rows[0] as T;
  const counts = await one<{ bids: number; activity: number; mine: number }>(
    `SELECT (SELECT count(*) FROM bids)::int AS bids, (SELECT count(*) FROM activity)::int AS activity,
       (SELECT count(*) FROM bids b JOIN accounts a ON a.id = b.account_id WHERE a.email = $1)::int AS mine`,
    [SCALE_COLLECTOR.email],
  );
  const log = await one<{ changes: number; bytes: number; newest: number }>(
    `SELECT count(*)::int AS changes, pg_total_relation_size('changes')::float8 AS bytes,
       coalesce(max(seq), 0)::float8 AS newest FROM changes`,
  );
  const { rows: auctions } = await db.query<{ id: number; highestBidEth: string; bids: number }>(
    `SELECT i.id, trim_scale(i.highest_bid_eth)::text AS "highestBidEth",
       (SELECT count(*) FROM bids b WHERE b.item_id = i.id)::int AS bids
     FROM items i
     WHERE i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.unlisted_at IS NULL
       AND i.ends_at > now()
     ORDER BY i.id`,
  );
  const { rows: newest } = await db.query<{ id: string; description: string; itemId: number }>(
    `SELECT id, data->>'description' AS description, item_id AS "itemId" FROM activity
     ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return {
    bids: counts.bids,
    collectorBids: counts.mine,
    activity: counts.activity,
    changes: log.changes,
    changesBytes: log.bytes,
    newestSeq: log.newest,
    auctions,
    newestActivity: newest[0] ?? null,
  };
}
