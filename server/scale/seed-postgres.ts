// `npm run seed` (server/scale/history-cli.ts) on PostgreSQL: a new database is restored with
// pg_restore from the cache's pg_dump of a database seeded alike (server/scale/seed-cache.ts)
// when there is one, else seeded and then dumped into the cache (SEED_DUMP_COMPRESSION, gzip
// level 1 unless set: PostgreSQL 15 has no lz4 for dumps).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { redactUrl } from '../config.ts';
import { openPostgres } from '../db/database.ts';
import { cachePath, freshCache } from './seed-cache.ts';
import { fill, report, say, seconds } from './seed-fill.ts';
import { addsSomething, whatIsAdded, type SeedOptions } from './seed-options.ts';

/** pg_dump's gzip level: SEED_DUMP_COMPRESSION, default 1. */
const DUMP_COMPRESSION = process.env.SEED_DUMP_COMPRESSION || '1';

/** PostgreSQL's client programs: those of scripts/with-postgres.sh's cluster, else Debian's. */
function pgProgram(name: string): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  return version ? join(base, version, 'bin', name) : name;
}

/** Seeds the PostgreSQL database at `url` as `options` say, from or into `cacheDir`. */
export async function seedPostgres(
  url: string,
  options: SeedOptions,
  cacheDir: string,
): Promise<void> {
  const db = await openPostgres(url);
  try {
    const { rows } = await db.query<{ migrated: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS migrated",
    );
    const fresh = !rows[0]?.migrated;
    const cached = cachePath(cacheDir, 'postgres', options);
    if (fresh && options.cache && addsSomething(options) && freshCache(cached)) {
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
      say(`restored ${whatIsAdded(options)} from ${cached} in ${seconds(start)}`);
    } else {
      const start = performance.now();
      await fill(db, options);
      say(`done in ${seconds(start)} (${redactUrl(url)})`);
      if (fresh && options.cache && addsSomething(options)) {
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
