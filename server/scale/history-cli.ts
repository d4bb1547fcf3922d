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
// (historySummary).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, redactUrl } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/database.ts';
import { lockDataDir } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { seedIfEmpty } from '../catalog/seed.ts';
import { seedCreators } from './creators.ts';
import { seedItems } from './items.ts';
import { historySummary, SCALE_COLLECTOR, seedHistory, type HistoryOptions } from './history.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A cached history older than this is made again (its auctions end 30 days after it). */
const CACHE_MAX_AGE_MS = 14 * 24 * 3600_000;
/** pg_dump's gzip level (PostgreSQL 15 has no lz4 for dumps): SEED_DUMP_COMPRESSION, default 1. */
const DUMP_COMPRESSION = process.env.SEED_DUMP_COMPRESSION || '1';

const say = (line: string) => console.error(`seed: ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function usage(problem: string): never {
  say(problem);
  say(
    'usage: npm run seed -- [--bids N] [--items N] [--creators N] [--accounts 1000] [--collector-bids 10000] [--batch 20000] [--no-cache] [--summary FILE|-]',
  );
  process.exit(2);
}

interface Options {
  bids: number;
  items: number;
  creators: number;
  accounts: number | undefined;
  collectorBids: number | undefined;
  batch: number | undefined;
  cache: boolean;
  summary: string | undefined;
}

function parse(args: string[]): Options {
  const options: Options = {
    bids: NaN,
    items: NaN,
    creators: 0,
    accounts: undefined,
    collectorBids: undefined,
    batch: undefined,
    cache: true,
    summary: undefined,
  };
  const count = (name: string, value: string | undefined, least: number) => {
    const n = Number(value?.replaceAll('_', ''));
    if (value === undefined || !Number.isSafeInteger(n) || n < least) {
      usage(`--${name} needs a whole number of ${least} or more (got ${value ?? 'nothing'})`);
    }
    return n;
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === '--bids') options.bids = count('bids', value, 0);
    else if (arg === '--items') options.items = count('items', value, 0);
    else if (arg === '--creators') options.creators = count('creators', value, 0);
    else if (arg === '--accounts') options.accounts = count('accounts', value, 1);
    else if (arg === '--collector-bids') options.collectorBids = count('collector-bids', value, 0);
    else if (arg === '--batch') options.batch = count('batch', value, 1);
    else if (arg === '--summary') {
      if (!value) usage('--summary needs a file, or - for the standard output');
      options.summary = value;
    } else if (arg === '--no-cache') {
      options.cache = false;
      continue;
    } else usage(`unknown option ${arg}`);
    i += 1;
  }
  if (Number.isNaN(options.bids) && Number.isNaN(options.items) && options.creators === 0) {
    usage('--bids, --items or --creators is required');
  }
  if (Number.isNaN(options.bids)) options.bids = 0;
  if (Number.isNaN(options.items)) options.items = 0;
  return options;
}

/** What a cached history depends on: the options, the migrations, the seeding code, the sample. */
function cacheKey(kind: string, options: Options): string {
  const hash = createHash('sha256');
  // Without items, the key is the one a history alone had before items could be seeded.
  const key: unknown[] = [
    kind,
    options.bids,
    options.accounts ?? null,
    options.collectorBids ?? null,
  ];
  if (options.items > 0) key.push(options.items);
  if (options.creators > 0) key.push({ creators: options.creators });
  hash.update(JSON.stringify(key));
  const files = [
    ...['server/migrations', 'src/data/sample'].flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((file) => /\.(ts|sql)$/.test(file))
        .sort()
        .map((file) => `${dir}/${file}`),
    ),
    ...HISTORY_CODE,
    ...(options.items > 0 ? ['server/scale/items.ts'] : []),
    ...(options.creators > 0 ? ['server/scale/creators.ts'] : []),
  ];
  for (const file of files) hash.update(file).update(readFileSync(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The code whose output a cached history is. */
const HISTORY_CODE = [
  'server/scale/history.ts',
  'server/catalog/seed.ts',
  'server/core/change-log.ts',
  'server/core/snapshots.ts',
  'server/market/activity.ts',
  'server/market/bid-records.ts',
];

/** A cache's name: the bids, and the items and creators when there are. */
const cacheName = (options: Options) =>
  [
    String(options.bids),
    options.items > 0 ? `items-${options.items}` : '',
    options.creators > 0 ? `creators-${options.creators}` : '',
  ]
    .filter(Boolean)
    .join('-');

const what = (options: Options) =>
  [
    options.bids > 0 ? `${options.bids.toLocaleString('en')} bids` : '',
    options.items > 0 ? `${options.items.toLocaleString('en')} items` : '',
    options.creators > 0 ? `${options.creators.toLocaleString('en')} creators` : '',
  ]
    .filter(Boolean)
    .join(' and ');

function freshCache(path: string): boolean {
  return existsSync(path) && Date.now() - statSync(path).mtimeMs < CACHE_MAX_AGE_MS;
}

/** Migrates, seeds the catalogue, adds the bids and the items, and tidies up (VACUUM ANALYZE). */
async function fill(db: Database, options: Options): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db);
  if (!something(options)) return;
  if (options.bids > 0) await addBids(db, options);
  if (options.items > 0) await addItems(db, options);
  if (options.creators > 0) await addCreators(db, options);
  const vacuum = performance.now();
  // PGlite has no autovacuum; on PostgreSQL the planner needs the new figures at once.
  await db.exec('VACUUM ANALYZE');
  say(`VACUUM ANALYZE in ${seconds(vacuum)}`);
}

const something = (options: Options) =>
  options.bids > 0 || options.items > 0 || options.creators > 0;

async function addCreators(db: Database, options: Options): Promise<void> {
  const start = performance.now();
  const run = await seedCreators(db, options.creators, options.batch);
  say(
    `${run.creators.toLocaleString('en')} creators (ids ${run.firstId} to ${run.lastId}) in ${seconds(start)}`,
  );
}

async function addItems(db: Database, options: Options): Promise<void> {
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

async function addBids(db: Database, options: Options): Promise<void> {
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

async function report(db: Database, options: Options): Promise<void> {
  if (!options.summary) return;
  const text = JSON.stringify(await historySummary(db), null, 2);
  if (options.summary === '-') process.stdout.write(`${text}\n`);
  else writeFileSync(options.summary, `${text}\n`);
}

async function onPglite(dataDir: string, options: Options, cacheDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const dbDir = join(dataDir, 'db');
    const fresh = !existsSync(join(dbDir, 'PG_VERSION'));
    const cached = join(cacheDir, `pglite-${cacheName(options)}-${cacheKey('pglite', options)}`);
    if (fresh && options.cache && something(options) && freshCache(cached)) {
      const start = performance.now();
      rmSync(dbDir, { recursive: true, force: true });
      execFileSync('cp', ['-a', '--reflink=auto', join(cached, 'db'), dbDir]);
      say(`restored ${what(options)} from ${cached} in ${seconds(start)}`);
    } else {
      const start = performance.now();
      const db = await openPglite(dbDir);
      try {
        await fill(db, options);
      } finally {
        await db.close();
      }
      say(`done in ${seconds(start)} (${dbDir})`);
      if (fresh && options.cache && something(options)) {
        const copy = performance.now();
        const partial = `${cached}.${process.pid}`;
        mkdirSync(partial, { recursive: true });
        execFileSync('cp', ['-a', '--reflink=auto', dbDir, join(partial, 'db')]);
        rmSync(cached, { recursive: true, force: true });
        renameSync(partial, cached);
        say(`cached in ${cached} in ${seconds(copy)}`);
      }
    }
    if (options.summary) {
      const db = await openPglite(dbDir);
      try {
        await report(db, options);
      } finally {
        await db.close();
      }
    }
  } finally {
    release();
  }
}

/** PostgreSQL's client programs: those of scripts/with-postgres.sh's cluster, else Debian's. */
function pgProgram(name: string): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  return version ? join(base, version, 'bin', name) : name;
}

async function onPostgres(url: string, options: Options, cacheDir: string): Promise<void> {
  const db = await openPostgres(url);
  try {
    const { rows } = await db.query<{ migrated: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS migrated",
    );
    const fresh = !rows[0]?.migrated;
    const cached = join(
      cacheDir,
      `postgres-${cacheName(options)}-${cacheKey('postgres', options)}.dump`,
    );
    if (fresh && options.cache && something(options) && freshCache(cached)) {
      const start = performance.now();
      execFileSync(
        pgProgram('pg_restore'),
        ['--no-owner', '--jobs', '2', '--dbname', url, cached],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      // As a fresh seed ends: statistics for the planner, and the visibility map set, so an
      // index-only scan needs no heap and autovacuum has nothing left to do during a measure.
      await db.exec('VACUUM ANALYZE');
      say(`restored ${what(options)} from ${cached} in ${seconds(start)}`);
    } else {
      const start = performance.now();
      await fill(db, options);
      say(`done in ${seconds(start)} (${redactUrl(url)})`);
      if (fresh && options.cache && something(options)) {
        const dump = performance.now();
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${cached}.${process.pid}`;
        try {
          execFileSync(
            pgProgram('pg_dump'),
            ['--format', 'custom', '--compress', DUMP_COMPRESSION, '--file', partial, url],
            { stdio: ['ignore', 'inherit', 'inherit'] },
          );
          renameSync(partial, cached);
        } finally {
          rmSync(partial, { force: true });
        }
        say(`cached in ${cached} in ${seconds(dump)}`);
      }
    }
    await report(db, options);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const config = readConfig();
  const cacheDir = resolve(ROOT, process.env.SEED_CACHE_DIR || '.tmp/scale-cache');
  if (config.databaseUrl) await onPostgres(config.databaseUrl, options, cacheDir);
  else await onPglite(config.dataDir, options, cacheDir);
}

main().catch((error: unknown) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
