// `npm run seed -- --bids N --items M --creators C`: a history of N bids (server/scale/history.ts),
// a catalogue of M more items (server/scale/items.ts, added after the bids, so the history stays
// on the sample auctions) and C more creators (server/scale/creators.ts, after the items, which
// stay the sample creators') in the server's database: the data folder's embedded PGlite (DATA_DIR, default .data) or the PostgreSQL
// database in DATABASE_URL; the server must not be running on a data folder. A database
// without the sample catalogue is migrated and seeded first. On a new database the result is
// cached (SEED_CACHE_DIR, default .tmp/scale-cache, keyed by the options, the migrations and the
// seeding code): a copy of the PGlite folder, or a pg_dump file for PostgreSQL, restored the next
// time instead of seeding again. On a database that has a history the bids are added to it.
//
//   npm run seed -- [--bids 1000000] [--items 100000] [--creators 10000] [--accounts 1000]
//                   [--collector-bids 10000] [--batch 20000] [--no-cache] [--summary FILE|-]
//
// At least one of --bids, --items and --creators; 0 (the default) adds none. --batch is the rows of one
// transaction, for bids and items alike. --summary writes the history's figures as JSON
// (historySummary); --help prints the usage.
//
// The flags: server/scale/seed-options.ts; the cache's keys and copies: seed-cache.ts; seeding a
// database: seed-fill.ts; a PGlite folder and its copy: seed-pglite.ts; PostgreSQL and its dump
// and restore: seed-postgres.ts.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../config.ts';
import { say } from './seed-fill.ts';
import { parseSeedOptions, SEED_USAGE, SeedUsageError } from './seed-options.ts';
import { seedPglite } from './seed-pglite.ts';
import { seedPostgres } from './seed-postgres.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function main(): Promise<void> {
  const options = parseSeedOptions(process.argv.slice(2));
  if (options.help) {
    console.log(SEED_USAGE);
    return;
  }
  const config = readConfig();
  const cacheDir = resolve(ROOT, process.env.SEED_CACHE_DIR || '.tmp/scale-cache');
  if (config.databaseUrl) await seedPostgres(config.databaseUrl, options, cacheDir);
  else await seedPglite(config.dataDir, options, cacheDir);
}

main().catch((error: unknown) => {
  if (error instanceof SeedUsageError) {
    say(error.message);
    say(SEED_USAGE);
    process.exit(2);
  }
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
