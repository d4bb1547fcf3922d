import { configDefaults, defineConfig } from 'vitest/config';

// Server tests (server/**/*.test.ts) in Node, on the real database: PGlite by default, the
// PostgreSQL server in DATABASE_URL when set (scripts/with-postgres.sh). What app and server
// share is in shared/, imported by relative paths. The fault scenarios that need PostgreSQL itself
// (*.pg.test.ts) are vitest.faults.config.ts's.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'server/**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WebAssembly: files in parallel only compete for the 2 cores.
    fileParallelism: false,
  },
});
