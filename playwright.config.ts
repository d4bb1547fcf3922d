import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run against the production build (`npm run build` first) served by the
// real Artmint server (server/main.ts), in Debian's Chromium. Each spec file gets a server of
// its own on a fresh embedded database (tests/support/spec-server.ts, started by the fixtures in
// tests/support/fixtures.ts, which also set `baseURL`; the global setup seeds the database they
// copy). Playwright never downloads a browser here.
// `scripts/test-all.sh` builds, then runs these and counts the JSON report.
// PW_PORT (4173) and ARTMINT_DIST (dist) let parallel runs use their own ports and build: worker
// n serves on PW_PORT + n.

const isCI = Boolean(process.env.CI);
const jsonReport = process.env.PW_JSON_OUTPUT ?? '.tmp/logs/playwright.json';

export default defineConfig({
  testDir: 'tests',
  // tests/integration holds vitest files (vitest.faults.config.ts), not browser tests.
  testIgnore: 'integration/**',
  globalSetup: './tests/support/global-setup.ts',
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
    // Most tests are about screens, not the service worker: installing it precaches the whole
    // build (about 330 files) in every fresh context and doubled the run time. The PWA, offline,
    // update and offline-search/wallet tests opt in with `test.use({ serviceWorkers: 'allow' })`
    // or their own contexts.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace records a screenshot and a DOM snapshot at every action: on every first run it
    // cost about 9 % of the suite's CPU (browse and explore, 3 runs each way: 149 s against
    // 136 s). A failure's retry records one, as Playwright recommends for CI.
    trace: 'on-first-retry',
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
});
