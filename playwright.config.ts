// Browser journeys against the built app (run `npm run test:e2e`, which builds first).
// Uses the system Chromium: these machines cannot download Playwright's own browsers.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5174);
const demoPort = port + 1;
// Built by `npm run build` into BUILD_DIR/dist (default ./dist): a second run on another port can
// build into its own folder (BUILD_DIR=.tmp/build-5274) while the first one is serving.
const serverEntry = `${process.env.BUILD_DIR ?? '.'}/dist/server/main.js`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const serverEnv = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Journeys sign in often from one IP; the throttle itself is proven by the API suite.
  LOGIN_MAX_FAILURES_PER_IP: '10000',
  // …and register many users from it; the registration throttle is proven by the API suite too.
  REGISTRATION_MAX_PER_IP_PER_HOUR: '100000',
};

// Each port gets its own data and results folders, so two runs on one machine never share them.
const dataDir = `.tmp/e2e-data-${port}`;
const demoDataDir = `.tmp/e2e-demo-data-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: port === 5174 ? 'test-results' : `test-results-${port}`,
  // Generous waits, not timed assertions: on a loaded two-core CI machine a page can take several
  // seconds to settle, and a wait that ends early only makes a passing test fail.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
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
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /demo\.spec\.ts$/ },
    // The first-start experience: a second server seeded with the demo, as `npm start` does.
    { name: 'demo', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${demoPort}` }, testMatch: /demo\.spec\.ts$/ },
  ],
  webServer: [
    {
      // A fresh embedded database each run; no demo seed so tests create exactly what they need.
      command: `rm -rf ${dataDir} && node ${serverEntry}`,
      url: `http://localhost:${port}/auth`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' },
    },
    {
      command: `rm -rf ${demoDataDir} && node ${serverEntry}`,
      url: `http://localhost:${demoPort}/auth`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(demoPort), DATA_DIR: demoDataDir, SEED_DEMO: 'true' },
    },
  ],
});
