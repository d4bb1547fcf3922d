import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Server tests (server/**/*.test.ts) in Node, on the real database: PGlite by default, the
// PostgreSQL server in DATABASE_URL when set (scripts/with-postgres.sh). The shared code under
// src/ imports with the app's `@/` alias.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['server/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WebAssembly: files in parallel only compete for the 2 cores.
    fileParallelism: false,
  },
});
