// The push bench's "ending soon" line (scripts/bench-push.mjs; docs/product.md "Notifications"):
// an auction with `watchers` watchers entering its last hour. The server's own code runs in this
// process (tsx, as the server does; as scripts/bench-watch.mjs does) on a database of its own:
// an in-memory PGlite, or DATABASE_URL's PostgreSQL; migrated and seeded as a new server is. The
// watchers are accounts that favourited the auction, inserted with SQL. Then the auction's end is
// moved to 30 minutes from now and the settler's job (fanOutEndingSoon,
// server/notifications/ending-soon.ts) is run as the settler runs it, run after run, until the
// auction's `ending-soon` rows number its watchers. Timed: from the start of the job's first run
// after the auction entered its last hour (the run that picks it up) to the end of the run after
// which every row is written, counted with SQL. Not timed: the settler's sleep before that run
// (at most its maxSleepMs, server/market/settlement.ts).
import { performance } from 'node:perf_hooks';
import { openSeeded, serverModules } from '../bench-in-process.mjs';
import { count, ms, verdict } from '../bench-format.mjs';

/** The budget of issue 45: every watcher's row within 5 s of the job picking the auction up. */
const ENDING_SOON_BUDGET_MS = 5000;
/** Runs of the job allowed before the line gives up (each does up to 50 batches of 1,000). */
const MOST_RUNS = 100;

const one = async (db, sql, params = []) => (await db.query(sql, params)).rows[0];

/** Prints the line's figures and its PASS or FAIL; throws only when the run broke. */
export async function endingSoonLine({ watchers }) {
  const server = await serverModules(['server/notifications/ending-soon.ts']);
  const db = await openSeeded(server);
  try {
    const auction = await one(
      db,
      `SELECT id FROM items WHERE sale_kind = 'auctions' AND settled_at IS NULL
         AND unlisted_at IS NULL AND ends_at > now() + interval '2 hours' ORDER BY id LIMIT 1`,
    );
    if (!auction) throw new Error('no running auction to end soon');
    const seeding = performance.now();
    // Ids from the accounts' own sequence: a sample creator's id is below it, and an item's owner
    // is never told (artmint_notify), so a watcher given a sample creator's id would be left out.
    const { first } = await one(
      db,
      `WITH added AS (
         INSERT INTO accounts (email, name, password_hash)
         SELECT 'soon' || n || '.' || $2::text || '@bench.test', 'Watcher ' || n, 'x'
         FROM generate_series(1, $1::int) n RETURNING id),
       watching AS (INSERT INTO favourites (account_id, item_id) SELECT id, $3 FROM added)
       SELECT min(id)::int AS first FROM added`,
      [watchers, String(Date.now()), auction.id],
    );
    // Any other auction already in its last hour is told first, so the timed runs are this one's.
    while ((await server.fanOutEndingSoon(db)) > 0);
    console.log(
      `  ending soon: ${count(watchers)} watchers of auction ${auction.id} (favourites, with SQL) ` +
        `seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    await db.query(`UPDATE items SET ends_at = now() + interval '30 minutes' WHERE id = $1`, [
      auction.id,
    ]);
    const rowsOf = async () =>
      (
        await one(
          db,
          `SELECT count(*)::int AS n FROM notifications
           WHERE kind = 'ending-soon' AND item_id = $1 AND account_id >= $2`,
          [auction.id, first],
        )
      ).n;
    const start = performance.now();
    let runs = 0;
    let batches = 0;
    let written = 0;
    while (written < watchers && runs < MOST_RUNS) {
      batches += await server.fanOutEndingSoon(db);
      runs += 1;
      written = await rowsOf();
    }
    const took = performance.now() - start;
    const ok = written === watchers && took <= ENDING_SOON_BUDGET_MS;
    console.log(
      `  ending soon: ${count(written)} of ${count(watchers)} rows written in ${ms(took)} ` +
        `(${runs} run(s) of the job, ${batches} batches) ${verdict(ok)} ` +
        `(every row <= ${ENDING_SOON_BUDGET_MS / 1000} s after the job picks the auction up)`,
    );
  } finally {
    await db.close();
  }
}
