// The server's own code in a bench's process (tsx, as the server runs it), for the lines that
// time a function rather than a request (scripts/bench-watch.mjs, scripts/bench-push/): its
// modules, and a database of its own, DATABASE_URL's PostgreSQL or an in-memory PGlite, migrated
// and seeded as a new server's is.
import { resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const ROOT = resolve(import.meta.dirname, '..');

/** The exports of the database, migration and seed modules and of each of `paths` (from the
 * repository's root), in one object. */
export async function serverModules(paths) {
  register({ tsconfig: resolve(ROOT, 'tsconfig.server.json') });
  const load = (path) => import(resolve(ROOT, path));
  const modules = await Promise.all(
    ['server/db/database.ts', 'server/db/migrate.ts', 'server/catalog/seed.ts', ...paths].map(load),
  );
  return Object.assign({}, ...modules);
}

/** Opens the bench's database, migrated and seeded; the caller closes it. */
export async function openSeeded(server) {
  const db = process.env.DATABASE_URL
    ? await server.openPostgres(process.env.DATABASE_URL)
    : await server.openPglite(null);
  await server.migrate(db);
  await server.seedIfEmpty(db);
  return db;
}
