import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fault scenarios on PostgreSQL (server/faults/*.pg.test.ts): the server killed mid-push,
// PostgreSQL restarted under load, an unreachable database at start-up; and a device back after
// days offline (tests/integration/*.pg.test.ts: the app's device code against the real server,
// so outside both src/ and server/, which import nothing of each other). They need the PostgreSQL cluster of scripts/with-postgres.sh (DATABASE_URL,
// PG_BIN, PG_DATA) and fail without it; npm test runs them inside with-postgres.sh.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['server/faults/**/*.pg.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Some restart the one PostgreSQL cluster: never two files at once.
    fileParallelism: false,
  },
});
