// Browser journeys against the built app (run `npm run test:e2e`, which builds first).
// Uses the system Chromium: these machines cannot download Playwright's own browsers.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5174);
const demoPort = port + 1;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const serverEnv = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Journeys sign in often from one IP; the throttle itself is proven by the API suite.
  LOGIN_MAX_FAILURES_PER_IP: '10000',
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/reports/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // The app honours reduced motion (styles.css), so nothing is caught mid-fade: an axe scan of a
    // closing menu or dialog would otherwise see half-transparent text, depending on machine load.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Without the background-networking flags Chromium tries to reach the internet at start.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /demo\.spec\.ts$/ },
    // The first-start experience: a second server seeded with the demo, as `npm start` does.
    { name: 'demo', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${demoPort}` }, testMatch: /demo\.spec\.ts$/ },
  ],
  webServer: [
    {
      // A fresh embedded database each run; no demo seed so tests create exactly what they need.
      command: 'rm -rf .tmp/e2e-data && node dist/server/main.js',
      url: `http://localhost:${port}/auth`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: '.tmp/e2e-data', SEED_DEMO: 'false' },
    },
    {
      command: 'rm -rf .tmp/e2e-demo-data && node dist/server/main.js',
      url: `http://localhost:${demoPort}/auth`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(demoPort), DATA_DIR: '.tmp/e2e-demo-data', SEED_DEMO: 'true' },
    },
  ],
});
