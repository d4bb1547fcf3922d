// `npm run seed` (server/scale/history-cli.ts) on a PGlite data folder: a new folder is restored
// from the cache's copy of a folder seeded alike (server/scale/seed-cache.ts) when there is one,
// else seeded and then copied into the cache (cp --reflink: a copy on write where the file
// system can). The folder is locked meanwhile: the server must not be running on it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../db/database.ts';
import { lockDataDir } from '../db/lock.ts';
import { cachePath, freshCache } from './seed-cache.ts';
import { fill, report, say, seconds } from './seed-fill.ts';
import { addsSomething, whatIsAdded, type SeedOptions } from './seed-options.ts';

/** Seeds the PGlite data folder `dataDir` as `options` say, from or into `cacheDir`. */
export async function seedPglite(
  dataDir: string,
  options: SeedOptions,
  cacheDir: string,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const dbDir = join(dataDir, 'db');
    const fresh = !existsSync(join(dbDir, 'PG_VERSION'));
    const cached = cachePath(cacheDir, 'pglite', options);
    if (fresh && options.cache && addsSomething(options) && freshCache(cached)) {
      const start = performance.now();
      rmSync(dbDir, { recursive: true, force: true });
      execFileSync('cp', ['-a', '--reflink=auto', join(cached, 'db'), dbDir]);
      say(`restored ${whatIsAdded(options)} from ${cached} in ${seconds(start)}`);
    } else {
      const start = performance.now();
      const db = await openPglite(dbDir);
      try {
        await fill(db, options);
      } finally {
        await db.close();
      }
      say(`done in ${seconds(start)} (${dbDir})`);
      if (fresh && options.cache && addsSomething(options)) {
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
