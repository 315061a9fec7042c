// `npm run bench:web`: how fast the built app first loads in a phone-sized browser.
// Starts the built server (dist/, from `npm run build`) on a fresh embedded database with the demo
// data, then runs Lighthouse (mobile defaults: simulated slow 4G and a 4× slower CPU) in the
// system Chromium on /auth and on a founder's signed-in dashboard, a few times each, interleaved.
// Prints the median scores and Web Vitals, the JavaScript /auth downloads (gzipped: everything the
// browser fetches to show the page and answer a sign-in attempt, toast included), and how long
// the built server takes to answer its first request when it restarts on the existing database,
// next to a bare Fastify process started the same way in the same run.
// The machine is shared: the load average is printed with the figures, so they can be read in context.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, DEMO_STARTUPS } from '../src/server/demo/demo-data';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const RESTARTS = Number(process.env.BENCH_WEB_RESTARTS ?? 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DIST_DIR = path.resolve(process.env.BUILD_DIR ?? '.', 'dist');
const CLIENT_DIR = path.join(DIST_DIR, 'client');
const SERVER_ENTRY = path.join(DIST_DIR, 'server', 'main.js');
// Set BENCH_WEB_REPORT_DIR to keep every Lighthouse report (JSON) for a closer look.
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 5400 + Math.floor(Math.random() * 400));
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The flags the environment guide gives: without the background-networking ones Chromium tries to reach the internet.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface PageRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptUrls: string[];
  failedAccessibilityAudits: string[];
  warnings: string[];
}

function startServer(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const hasExited = (server: ChildProcess) => server.exitCode !== null || server.signalCode !== null;

async function stopServer(server: ChildProcess): Promise<void> {
  if (hasExited(server)) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Milliseconds from `startedAt` until `url` first answers 200 (polled every 10 ms, for at most a minute). */
async function timeToFirst200(url: string, startedAt: number, server: ChildProcess): Promise<number> {
  for (;;) {
    if (hasExited(server)) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > 60_000) throw new Error(`${url} did not answer 200 within a minute`);
    await sleep(10);
  }
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`signing in as ${username} failed: ${response.status} ${await response.text()}`);
  // Only the cookie's name=value goes back, as a browser would send it.
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('the sign-in answer set no cookie');
  return cookies.join('; ');
}

async function runLighthouse(url: string, port: number, cookie?: string): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    accessibility: lhr.categories.accessibility?.score ?? Number.NaN,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    scriptUrls: requests.filter((request) => request.resourceType === 'Script' && request.url.startsWith(ORIGIN)).map((request) => request.url),
    failedAccessibilityAudits: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    warnings: lhr.runWarnings,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like) on a busy machine: try again, twice. */
async function withRetry(run: () => Promise<PageRun>): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`(retrying after: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/** Gzipped size (level 9, as the build precompresses) of a built client file, by its URL. */
function gzippedSize(url: string): number {
  const file = path.join(CLIENT_DIR, new URL(url).pathname);
  return gzipSync(readFileSync(file), { level: zlibConstants.Z_BEST_COMPRESSION }).length;
}

/**
 * "First-load JS" of /auth, as docs/performance.md defines it: every script the browser fetches to
 * show /auth and let someone sign in. A sign-in attempt with a wrong password (one per run, far
 * below the login throttle) makes the form check its fields, call the API and show the failure
 * toast, so whatever those fetch on first use is counted; the dashboard a successful sign-in goes
 * on to is not part of it.
 */
async function scriptsToSignIn(username: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(ORIGIN)) scripts.add(request.url());
    });
    await page.goto(`${ORIGIN}/auth`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not-the-demo-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Login failed', { exact: true })
      .waitFor();
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/** The scripts index.html loads before anything renders: the entry and its modulepreloads. */
function criticalScriptUrls(): string[] {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return urls.map((url) => new URL(url, ORIGIN).toString());
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printPage(name: string, runs: PageRun[]): void {
  const pick = (key: keyof Omit<PageRun, 'scriptUrls' | 'failedAccessibilityAudits' | 'warnings'>) => median(runs.map((run) => run[key]));
  console.log(
    [
      name.padEnd(20),
      pick('performance').toFixed(2).padStart(11),
      pick('accessibility').toFixed(2).padStart(13),
      `${Math.round(pick('fcpMs'))} ms`.padStart(9),
      `${Math.round(pick('lcpMs'))} ms`.padStart(9),
      `${Math.round(pick('tbtMs'))} ms`.padStart(9),
      pick('cls').toFixed(3).padStart(6),
      `${Math.round(pick('speedIndexMs'))} ms`.padStart(9),
      `  (each run: ${runs.map((run) => run.performance.toFixed(2)).join(', ')})`,
    ].join(' '),
  );
  const failed = new Set(runs.flatMap((run) => run.failedAccessibilityAudits));
  if (failed.size > 0) console.log(`  ${name}: failing accessibility audits: ${[...failed].join(', ')}`);
  const warnings = new Set(runs.flatMap((run) => run.warnings));
  for (const warning of warnings) console.log(`  ${name}: Lighthouse warning: ${warning}`);
}

/** A bare Fastify process answering /healthz: the floor for "time to the first answer" on this machine, now. */
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function measureRestarts(dataDir: string): Promise<void> {
  const healthz: number[] = [];
  const auth: number[] = [];
  const bare: number[] = [];
  for (let restart = 0; restart < RESTARTS; restart++) {
    const startedAt = performance.now();
    const server = startServer(SERVER_ENTRY, serverEnv(dataDir));
    try {
      healthz.push(await timeToFirst200(`${ORIGIN}/healthz`, startedAt, server));
      auth.push(await timeToFirst200(`${ORIGIN}/auth`, startedAt, server));
    } finally {
      await stopServer(server);
    }
    const bareStartedAt = performance.now();
    const bareServer = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
      env: { ...process.env, PORT: String(PORT) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      bare.push(await timeToFirst200(`${ORIGIN}/healthz`, bareStartedAt, bareServer));
    } finally {
      await stopServer(bareServer);
    }
  }
  const healthzMedian = median(healthz);
  console.log(`\nFirst answer after a restart on the existing embedded database (median of ${RESTARTS}; load average ${loadAverage()})`);
  console.log(`  built server, GET /healthz: ${Math.round(healthzMedian)} ms   (each: ${healthz.map(Math.round).join(', ')} ms)`);
  console.log(`  built server, GET /auth:    ${Math.round(median(auth))} ms   (each: ${auth.map(Math.round).join(', ')} ms)`);
  console.log(`  bare Fastify, GET /healthz: ${Math.round(median(bare))} ms   (each: ${bare.map(Math.round).join(', ')} ms)`);
  console.log(`  ratio built / bare: ${(healthzMedian / median(bare)).toFixed(1)}×`);
}

function serverEnv(dataDir: string): Record<string, string> {
  return { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error(`No build in ${DIST_DIR}: run \`npm run build\` first (npm run bench:web does).`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-web-'));
  const loadAtStart = loadAverage();
  const server = startServer(SERVER_ENTRY, serverEnv(dataDir));
  let signedOutChrome: chromeLauncher.LaunchedChrome | undefined;
  let signedInChrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // The first start creates the database and seeds the demo: not what the restart figures measure.
    await timeToFirst200(`${ORIGIN}/readyz`, performance.now(), server);
    const founder = DEMO_STARTUPS[0]!.username;
    const cookie = await signIn(founder);

    // Two browsers: the signed-in one keeps the cookies the app sets, which would sign the /auth runs in.
    signedOutChrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    signedInChrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const authRuns: PageRun[] = [];
    const dashboardRuns: PageRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const signedOutPort = signedOutChrome.port;
      const signedInPort = signedInChrome.port;
      authRuns.push(await withRetry(() => runLighthouse(`${ORIGIN}/auth`, signedOutPort)));
      dashboardRuns.push(await withRetry(() => runLighthouse(`${ORIGIN}/startup/dashboard`, signedInPort, cookie)));
    }

    console.log(`\nLighthouse ${RUNS}× per page, mobile defaults, medians (load average at start ${loadAtStart}, now ${loadAverage()})`);
    console.log(
      `${'page'.padEnd(20)} ${'performance'.padStart(11)} ${'accessibility'.padStart(13)} ${'FCP'.padStart(9)} ${'LCP'.padStart(9)} ${'TBT'.padStart(9)} ${'CLS'.padStart(6)} ${'SI'.padStart(9)}`,
    );
    printPage('/auth', authRuns);
    printPage(`/startup/dashboard (${founder})`, dashboardRuns);

    const authScripts = [...new Set(authRuns.flatMap((run) => run.scriptUrls))];
    const signInScripts = await scriptsToSignIn(founder);
    const critical = criticalScriptUrls();
    const sum = (urls: string[]) => urls.reduce((total, url) => total + gzippedSize(url), 0);
    console.log(`\nJavaScript of /auth, gzipped (target ≤ 90 kB)`);
    console.log(`  first-load JS: everything fetched to show /auth and answer a sign-in attempt: ${kB(sum(signInScripts))} in ${signInScripts.length} files`);
    console.log(`  of which Lighthouse's load of /auth fetched (until the network was quiet): ${kB(sum(authScripts))} in ${authScripts.length} files`);
    console.log(`  of which before the first render (entry + modulepreloads in index.html): ${kB(sum(critical))} in ${critical.length} files`);
    for (const url of signInScripts.sort((a, b) => gzippedSize(b) - gzippedSize(a)))
      console.log(`    ${kB(gzippedSize(url)).padStart(9)}  ${new URL(url).pathname}`);

    signedOutChrome.kill();
    signedInChrome.kill();
    signedOutChrome = signedInChrome = undefined;
    await stopServer(server);
    if (RESTARTS > 0) await measureRestarts(dataDir);
  } finally {
    signedOutChrome?.kill();
    signedInChrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
