// The database of an operator's command (`npm run announce`, `npm run log:rotate`), found as the
// server finds it (server/config.ts): the PostgreSQL database in DATABASE_URL, else the data
// folder's embedded PGlite (DATA_DIR, default .data), locked against a running server for as long
// as the command holds it. Migrated first, as the server would.
import { join, resolve } from 'node:path';
import { openPglite, openPostgres, type Database } from './database.ts';
import { lockDataDir } from './lock.ts';
import { migrate } from './migrate.ts';

/** Runs `work` on the server's database, then closes it and lets the data folder go. */
export async function withCliDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  let release = () => {};
  let db: Database;
  if (databaseUrl) db = await openPostgres(databaseUrl);
  else {
    release = lockDataDir(dataDir);
    db = await openPglite(join(dataDir, 'db'));
  }
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
    release();
  }
}
