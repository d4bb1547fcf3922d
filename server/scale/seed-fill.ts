// What `npm run seed` (server/scale/history-cli.ts) does to a database it does not restore from
// a copy: migrates it, seeds the sample catalogue when it has none, adds the bids
// (server/scale/history.ts), the items (items.ts) and the creators (creators.ts), saying how
// long each took; and the history's figures as JSON (--summary).
import { writeFileSync } from 'node:fs';
import { seedIfEmpty } from '../catalog/seed.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedCreators } from './creators.ts';
import { historySummary, SCALE_COLLECTOR, seedHistory, type HistoryOptions } from './history.ts';
import { seedItems } from './items.ts';
import { addsSomething, type SeedOptions } from './seed-options.ts';

/** A line of the seed's log (the standard error: the standard output may carry the summary). */
export const say = (line: string) => console.error(`seed: ${line}`);
/** The seconds since `since` (performance.now()), as "12.3 s". */
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Migrates, seeds the catalogue, adds the bids and the items, and tidies up (VACUUM ANALYZE). */
export async function fill(db: Database, options: SeedOptions): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db);
  if (!addsSomething(options)) return;
  if (options.bids > 0) await addBids(db, options);
  if (options.items > 0) await addItems(db, options);
  if (options.creators > 0) await addCreators(db, options);
  const vacuum = performance.now();
  // PGlite has no autovacuum; on PostgreSQL the planner needs the new figures at once.
  await db.exec('VACUUM ANALYZE');
  say(`VACUUM ANALYZE in ${seconds(vacuum)}`);
}

async function addCreators(db: Database, options: SeedOptions): Promise<void> {
  const start = performance.now();
  const run = await seedCreators(db, options.creators, options.batch);
  say(
    `${run.creators.toLocaleString('en')} creators (ids ${run.firstId} to ${run.lastId}) in ${seconds(start)}`,
  );
}

async function addItems(db: Database, options: SeedOptions): Promise<void> {
  const start = performance.now();
  let last = start;
  const run = await seedItems(db, {
    items: options.items,
    batch: options.batch,
    onProgress: (done) => {
      if (performance.now() - last < 10_000 && done < options.items) return;
      last = performance.now();
      say(
        `${done.toLocaleString('en')} of ${options.items.toLocaleString('en')} items (${seconds(start)})`,
      );
    },
  });
  say(
    `${run.items.toLocaleString('en')} items (ids ${run.firstId} to ${run.lastId}) in ${seconds(start)}`,
  );
}

async function addBids(db: Database, options: SeedOptions): Promise<void> {
  const start = performance.now();
  let last = start;
  const history: HistoryOptions = {
    bids: options.bids,
    accounts: options.accounts,
    collectorBids: options.collectorBids,
    batch: options.batch ?? (db.kind === 'pglite' ? 20_000 : 50_000),
    onProgress: (done) => {
      if (performance.now() - last < 10_000 && done < options.bids) return;
      last = performance.now();
      say(
        `${done.toLocaleString('en')} of ${options.bids.toLocaleString('en')} bids (${seconds(start)})`,
      );
    },
  };
  const run = await seedHistory(db, history);
  say(
    `${run.bids.toLocaleString('en')} bids on auctions ${run.items.join(', ')} in ${seconds(start)}` +
      (run.accountsMade ? `, ${run.accountsMade} accounts made` : '') +
      `; ${run.collectorBids.toLocaleString('en')} by ${SCALE_COLLECTOR.email} (password "${SCALE_COLLECTOR.password}")`,
  );
}

/** Writes the history's figures (historySummary) where --summary says, if it does. */
export async function report(db: Database, options: SeedOptions): Promise<void> {
  if (!options.summary) return;
  const text = JSON.stringify(await historySummary(db), null, 2);
  if (options.summary === '-') process.stdout.write(`${text}\n`);
  else writeFileSync(options.summary, `${text}\n`);
}
