import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run against the production build (`npm run build` first) served by the
// real Artmint server (server/main.ts) on a fresh embedded database, in Debian's Chromium.
// Playwright never downloads a browser here.
// `scripts/test-all.sh` builds, then runs these and counts the JSON report.

const isCI = Boolean(process.env.CI);
// PW_PORT and ARTMINT_DIST let parallel runs use their own server and build.
const port = Number(process.env.PW_PORT ?? 4173);
const outDir = process.env.ARTMINT_DIST ?? 'dist';
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `.tmp/e2e-data-${port}`;
const jsonReport = process.env.PW_JSON_OUTPUT ?? '.tmp/logs/playwright.json';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One worker: on the 2-core CI machine, two Chromium instances (each with its renderer,
  // compositor and the preview server) starve each other; measured, two workers ran a test in
  // about 10 s against 4 s alone, and slow pages crossed the 5 s expect timeout.
  fullyParallel: false,
  workers: Number(process.env.PW_WORKERS ?? 1),
  forbidOnly: isCI,
  // One retry in CI; a test that passes only on retry is reported as "flaky", never hidden.
  retries: isCI ? 1 : 0,
  // A loaded CI machine renders slower than a laptop: generous limits, so a test fails on what
  // the page shows, not on how busy the machine was.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [[isCI ? 'line' : 'list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL,
    // Most tests are about screens, not the service worker: installing it precaches the whole
    // build (about 290 files) in every fresh context and doubled the run time. The PWA, offline,
    // update and offline-search/wallet tests opt in with `test.use({ serviceWorkers: 'allow' })`
    // or their own contexts.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-first-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // Serves the existing dist/ (it must not rebuild) from a data folder made new for each run.
    // Sign-in attempts are not rate limited here: the suite signs in far more often than a
    // person would (the limit has its own server test).
    command: `rm -rf ${dataDir} && npx tsx --tsconfig tsconfig.server.json server/main.ts`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ARTMINT_DIST: outDir,
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_WRITES: '0',
    },
    url: baseURL,
    // A server already on 4173 may be a stale build: reuse it only when asked to locally.
    reuseExistingServer: !isCI && process.env.PW_REUSE_SERVER === '1',
    // A first start creates and seeds the embedded database (PGlite compiles its WebAssembly):
    // a few seconds on an idle machine, a minute or more on a busy one.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
