import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Each file still gets a fresh worker and a fresh happy-dom (isolate stays on: files would
    // share fake-indexeddb's databases and vi.mock's modules otherwise). Vitest's default is
    // forks and one worker fewer than the cores: ONE worker on the 2-core CI, so the suite ran
    // file after file (246 s wall for 48 s of tests). Two worker threads instead; 34 of the
    // files, interleaved on the shared machine (load 13 to 17): forks x1 239 s and 251 s,
    // threads x2 140 s, 180 s and 123 s, forks x2 220 s.
    pool: 'threads',
    maxWorkers: 2,
    // The whole suite so, load 11 to 15 from other work: 525 s and 420 s wall against 980 s
    // (forks x1), with 3 tests over the default 5 s each time (already up to 4.8 s on one
    // worker at that load): generate-assets, become-creator, login-form, profile-lists. At
    // load 6 to 7, green: 256 s and 248 s.
    testTimeout: 15_000,
  },
});
