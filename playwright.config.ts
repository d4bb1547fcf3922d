import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run against the production build (`npm run build` first) served by
// `vite preview`, in Debian's Chromium. Playwright never downloads a browser here.
// `scripts/test-all.sh` builds, then runs these and counts the JSON report.

const isCI = Boolean(process.env.CI);
// PW_PORT and ARTMINT_DIST let parallel runs use their own server and build.
const port = Number(process.env.PW_PORT ?? 4173);
const outDir = process.env.ARTMINT_DIST ?? 'dist';
const baseURL = `http://127.0.0.1:${port}`;
const jsonReport = process.env.PW_JSON_OUTPUT ?? '.tmp/logs/playwright.json';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Files run in parallel on two workers (a 2-core machine); tests in a file run in order.
  fullyParallel: false,
  workers: 2,
  forbidOnly: isCI,
  // One retry in CI; a test that passes only on retry is reported as "flaky", never hidden.
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  reporter: [[isCI ? 'line' : 'list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL,
    serviceWorkers: 'allow',
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
    // Serves the existing dist/; it must not rebuild.
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: baseURL,
    // A server already on 4173 may be a stale build: reuse it only when asked to locally.
    reuseExistingServer: !isCI && process.env.PW_REUSE_SERVER === '1',
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
