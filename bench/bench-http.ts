// `npm run bench:http` (docs/performance.md; issue #16): how fast the main screens' reads are at
// 50 connections, on the embedded PGlite and on PostgreSQL, next to a bare Fastify "hello" ceiling
// measured in the same run. For each database it seeds a realistic account (bench/lib/http-seed.ts),
// starts the app as a real HTTP server in its own process, signs in, and loads each read with
// autocannon for BENCH_ROUNDS rounds, with a ceiling run before each round and after the last.
// Each figure is the median over the rounds (the ceiling's over its runs); the ratio to the
// ceiling is what to compare across machines and busy moments.
//
// Environment (all optional):
//   BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), BENCH_WARMUP_SECONDS (2)
//   BENCH_DATABASES=pglite,postgres   which databases, in this order
//   BENCH_ONLY=matches,dashboard      only the requests whose path contains one of these
//   BENCH_SERVER=dist                 run the built server (npm run build) instead of src/ through tsx
//   BENCH_LOG_LEVEL (info)            the server's log level; its lines go to a file under .tmp/bench-http/,
//                                     deleted after a clean run unless BENCH_KEEP_LOGS=1
//   BENCH_CPU_PROF_DIR=dir            run the app server with --cpu-prof, writing its profile there
//                                     (summarise with `tsx bench/summarize-cpu-profile.ts FILE`)
//   TEST_DATABASE_URL                 the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                                     a fresh database is created on it and dropped at the end
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectPostgres, openEmbedded, type DatabaseHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { listInvestorMatches, listStartupMatches } from '../src/shared/contracts/matches';
import { startChildServer, type ChildServer } from './lib/child-server';
import { seedBenchAccounts, type SeededAccounts } from './lib/http-seed';
import { formatTable, median } from './lib/ranking-metrics';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()) as Array<'pglite' | 'postgres'>;
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()) ?? null;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const KEEP_LOGS = process.env.BENCH_KEEP_LOGS === '1';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR ? path.resolve(process.env.BENCH_CPU_PROF_DIR) : null;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, '.tmp', 'bench-http');
// What a browser sends: the numbers include compression once the server does it.
const ACCEPT_ENCODING = 'gzip, br';

const SERVER_ARGS = process.env.BENCH_SERVER === 'dist' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
const CEILING_ARGS = ['--import', 'tsx', 'bench/lib/ceiling-server.ts'];

/** "The first page": the list as it is, or 20 items once its contract takes a `limit`. */
function firstPage(contract: { path: string; query?: unknown }): string {
  const shape = (contract.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && 'limit' in shape ? `${contract.path}?limit=20` : contract.path;
}

interface BenchRequest {
  path: string;
  as: 'startup' | 'investor';
}

// The reads of issue #16, each as the account whose screen makes it.
const ALL_REQUESTS: BenchRequest[] = [
  { path: '/api/user', as: 'startup' },
  { path: firstPage(listStartupMatches), as: 'startup' },
  { path: firstPage(listInvestorMatches), as: 'investor' },
  { path: '/api/dashboard/stats', as: 'startup' },
  { path: '/api/messages/conversations', as: 'startup' },
  { path: '/api/documents', as: 'startup' },
  { path: '/api/activities', as: 'startup' },
];
const REQUESTS = ALL_REQUESTS.filter((request) => !ONLY || ONLY.some((part) => request.path.includes(part)));

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Row {
  label: string;
  runs: Run[];
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ratioToCeiling: number | null;
  bodyBytes: number | null;
  wireBytes: number | null;
  contentEncoding: string | null;
}

interface DatabaseResult {
  database: string;
  skipped?: string;
  seedSeconds?: number;
  seeded?: Record<string, number>;
  loadAverageBefore: number[];
  loadAverageAfter?: number[];
  ceiling?: Row;
  rows: Row[];
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One response as a browser would get it: the status, the encoding, and the body's size decoded and on the wire. */
function fetchSizes(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | null; wire: number; body: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? null;
        const decode = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync }[encoding ?? ''] ?? ((bytes: Buffer) => bytes);
        resolve({ status: response.statusCode ?? 0, encoding, wire: wire.length, body: decode(wire).length });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function signIn(origin: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

function summarise(label: string, runs: Run[], ceilingRequestsPerSecond: number | null, sizes: Partial<Row>): Row {
  const requestsPerSecond = median(runs.map((run) => run.requestsPerSecond));
  return {
    label,
    runs,
    requestsPerSecond,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    ratioToCeiling: ceilingRequestsPerSecond ? requestsPerSecond / ceilingRequestsPerSecond : null,
    bodyBytes: sizes.bodyBytes ?? null,
    wireBytes: sizes.wireBytes ?? null,
    contentEncoding: sizes.contentEncoding ?? null,
  };
}

const formatBytes = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);
const formatRatio = (ratio: number | null) => (ratio === null ? '' : `${(100 * ratio).toFixed(ratio < 0.1 ? 2 : 1)}%`);
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

function printTable(result: DatabaseResult): void {
  const rows = [result.ceiling!, ...result.rows].map((row) => [
    row.label,
    row.requestsPerSecond.toFixed(0),
    `${row.p50} ms`,
    `${row.p99} ms`,
    String(row.non2xx + row.errors),
    row === result.ceiling ? '100%' : formatRatio(row.ratioToCeiling),
    row.bodyBytes === null ? '' : `${formatBytes(row.bodyBytes)} / ${formatBytes(row.wireBytes)}${row.contentEncoding ? ` ${row.contentEncoding}` : ''}`,
  ]);
  console.log(formatTable(['request', 'req/s', 'p50', 'p99', 'non-2xx + errors', '÷ ceiling', 'body / on the wire'], rows));
  console.log(`load average (1, 5, 15 min): before ${result.loadAverageBefore.join(', ')}; after ${result.loadAverageAfter?.join(', ')}`);
}

/** Issue #16's targets, checked on this run's figures (PostgreSQL's ratios; PGlite's p99). */
function printTargets(result: DatabaseResult): void {
  const find = (needle: string) => result.rows.find((row) => row.label.includes(needle));
  const checks: Array<[string, boolean | null]> = [];
  const ratioAtLeast = (needle: string, share: number) => {
    const row = find(needle);
    checks.push([`${needle} ≥ ${share * 100}% of the ceiling`, row ? (row.ratioToCeiling ?? 0) >= share : null]);
  };
  if (result.database === 'PostgreSQL') {
    ratioAtLeast('/api/matches/startup', 0.03);
    ratioAtLeast('/api/matches/investor', 0.03);
    ratioAtLeast('/api/dashboard/stats', 0.05);
    ratioAtLeast('GET /api/user', 0.1);
  }
  const limit = result.database === 'PostgreSQL' ? 50 : 250;
  checks.push([`every read p99 ≤ ${limit} ms`, result.rows.every((row) => row.p99 <= limit)]);
  checks.push(['no non-2xx answers or errors', result.rows.every((row) => row.non2xx + row.errors === 0)]);
  console.log(`targets: ${checks.map(([name, met]) => `${name}: ${met === null ? 'not measured' : met ? 'met' : 'NOT met'}`).join('; ')}`);
}

interface PreparedDatabase {
  label: string;
  env: Record<string, string>;
  dataDir: string;
  accounts: SeededAccounts;
  cleanup: () => Promise<void>;
}

async function seedInto(database: DatabaseHandle, dataDir: string): Promise<SeededAccounts> {
  try {
    await runMigrations(database);
    return await seedBenchAccounts(database, dataDir);
  } finally {
    await database.close();
  }
}

async function preparePglite(): Promise<PreparedDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-http-pglite-'));
  const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const accounts = await seedInto(await openEmbedded(dataDir), dataDir);
    return { label: 'PGlite (embedded)', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir, accounts, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A fresh database on the PostgreSQL server, or null with the reason when there is none to reach. */
async function preparePostgres(): Promise<PreparedDatabase | string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return `no PostgreSQL server at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (set TEST_DATABASE_URL)`;
  }
  const name = `vm_bench_http_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-http-pg-'));
  const cleanup = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const accounts = await seedInto(connectPostgres(url.toString(), { error: () => {} }), dataDir);
    return { label: 'PostgreSQL', env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, dataDir, accounts, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function measureDatabase(prepared: PreparedDatabase, ceiling: ChildServer, stamp: string): Promise<DatabaseResult> {
  const result: DatabaseResult = {
    database: prepared.label,
    seedSeconds: Number(prepared.accounts.seconds.toFixed(1)),
    seeded: prepared.accounts.counts,
    loadAverageBefore: loadAverage(),
    rows: [],
  };
  // One folder per database: with tsx, the module loader's thread writes a profile too (the
  // server's own is the one whose name has thread id 0: CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile).
  const databaseSlug = prepared.label.split(' ')[0]!.toLowerCase();
  const profileDir = CPU_PROF_DIR ? path.join(CPU_PROF_DIR, `${stamp}-${databaseSlug}`) : null;
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const serverLog = path.join(OUT_DIR, `${stamp}-server-${databaseSlug}.log`);
  const server = await startChildServer({
    args: [...profileArgs, ...SERVER_ARGS],
    env: {
      ...prepared.env,
      // As deployed (JSON logs, HSTS), but on loopback, with plain-HTTP cookies, and no demo data.
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_ORIGIN: 'http://127.0.0.1',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL,
      // The benchmark signs in a few times from one address; no throttle may get in the way.
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_USERNAME: '100000',
    },
    readyPath: '/readyz',
    logPath: serverLog,
    cwd: ROOT,
  });
  try {
    const cookies = {
      startup: await signIn(server.origin, prepared.accounts.startup.username, prepared.accounts.password),
      investor: await signIn(server.origin, prepared.accounts.investor.username, prepared.accounts.password),
    };
    const headersFor = (request: BenchRequest) => ({ cookie: cookies[request.as], 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' });

    // Warm up (JIT, connection pools, the first start-up jobs), and check each read answers 200.
    const sizes = new Map<BenchRequest, Partial<Row>>();
    await load(`${ceiling.origin}/`, { 'accept-encoding': ACCEPT_ENCODING }, WARMUP_SECONDS);
    for (const request of REQUESTS) {
      const probe = await fetchSizes(`${server.origin}${request.path}`, headersFor(request));
      if (probe.status !== 200) throw new Error(`GET ${request.path} as the ${request.as} answered ${probe.status}`);
      sizes.set(request, { bodyBytes: probe.body, wireBytes: probe.wire, contentEncoding: probe.encoding });
      await load(`${server.origin}${request.path}`, headersFor(request), WARMUP_SECONDS);
    }

    const ceilingRuns: Run[] = [];
    const runs = new Map<BenchRequest, Run[]>(REQUESTS.map((request) => [request, []]));
    for (let round = 0; round < ROUNDS; round++) {
      ceilingRuns.push(await load(`${ceiling.origin}/`, { 'accept-encoding': ACCEPT_ENCODING }, SECONDS));
      for (const request of REQUESTS) {
        await sleep(300); // let the last run's sockets close and its jobs settle
        runs.get(request)!.push(await load(`${server.origin}${request.path}`, headersFor(request), SECONDS));
        process.stdout.write('.');
      }
    }
    // One more after the last round, so the ceiling's median brackets every read's runs.
    ceilingRuns.push(await load(`${ceiling.origin}/`, { 'accept-encoding': ACCEPT_ENCODING }, SECONDS));
    process.stdout.write('\n');
    const ceilingProbe = await fetchSizes(`${ceiling.origin}/`, { 'accept-encoding': ACCEPT_ENCODING });
    result.ceiling = summarise('ceiling: bare Fastify "hello" (own process)', ceilingRuns, null, {
      bodyBytes: ceilingProbe.body,
      wireBytes: ceilingProbe.wire,
      contentEncoding: ceilingProbe.encoding,
    });
    result.rows = REQUESTS.map((request) =>
      summarise(
        `GET ${request.path}${request.as === 'investor' ? ' (investor)' : ''}`,
        runs.get(request)!,
        result.ceiling!.requestsPerSecond,
        sizes.get(request)!,
      ),
    );
    result.loadAverageAfter = loadAverage();
    await server.stop();
    // A request line per request adds up to tens of MB; kept only when something went wrong.
    if (!KEEP_LOGS) rmSync(serverLog, { force: true });
    return result;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const cpu = os.cpus();
  console.log(`HTTP reads under load: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds (median), warm-up ${WARMUP_SECONDS} s`);
  console.log(
    `${new Date().toISOString()}; Node ${process.version}; ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}; load average ${loadAverage().join(', ')}`,
  );
  console.log(`server: node ${SERVER_ARGS.join(' ')} (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}); Accept-Encoding: ${ACCEPT_ENCODING}\n`);

  const ceilingLog = path.join(OUT_DIR, `${stamp}-ceiling.log`);
  const ceiling = await startChildServer({
    args: CEILING_ARGS,
    env: {},
    readyPath: '/',
    logPath: ceilingLog,
    cwd: ROOT,
  });
  const results: DatabaseResult[] = [];
  let pending: PreparedDatabase | null = null;
  // Ctrl-C still stops the servers and drops the database.
  const interrupt = () => {
    void (async () => {
      await ceiling.stop();
      await pending?.cleanup();
      process.exit(130);
    })();
  };
  process.once('SIGINT', interrupt);
  try {
    for (const database of DATABASES) {
      const seedingStarted = performance.now();
      const prepared = database === 'pglite' ? await preparePglite() : await preparePostgres();
      if (typeof prepared === 'string') {
        console.log(`## PostgreSQL: skipped, ${prepared}\n`);
        results.push({ database: 'PostgreSQL', skipped: prepared, loadAverageBefore: loadAverage(), rows: [] });
        continue;
      }
      pending = prepared;
      console.log(`## ${prepared.label}: seeded in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);
      console.log(
        `   ${Object.entries(prepared.accounts.counts)
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')}`,
      );
      try {
        const result = await measureDatabase(prepared, ceiling, stamp);
        results.push(result);
        printTable(result);
        printTargets(result);
        console.log('');
      } finally {
        await prepared.cleanup();
        pending = null;
      }
    }
  } finally {
    await ceiling.stop();
    process.off('SIGINT', interrupt);
  }
  if (!KEEP_LOGS) rmSync(ceilingLog, { force: true });

  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpu.length} × ${cpu[0]?.model ?? 'unknown'}`,
    config: {
      seconds: SECONDS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_SECONDS,
      server: SERVER_ARGS.join(' '),
      logLevel: LOG_LEVEL,
      acceptEncoding: ACCEPT_ENCODING,
    },
    results,
  };
  const file = path.join(OUT_DIR, `${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  appendFileSync(path.join(OUT_DIR, 'history.jsonl'), `${JSON.stringify(record)}\n`);
  console.log(`Figures as JSON: ${path.relative(ROOT, file)} (and a line in .tmp/bench-http/history.jsonl)`);
  if (CPU_PROF_DIR) console.log(`CPU profiles: ${CPU_PROF_DIR} (summarise: npx tsx bench/summarize-cpu-profile.ts FILE)`);
}

await main();
