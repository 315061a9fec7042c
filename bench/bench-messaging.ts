// `npm run bench:messaging`: delivery latency of a message from POST /api/messages to the
// receiver's Server-Sent Event, on the embedded database and on PostgreSQL. Each figure is
// printed with the same run's baselines: an authenticated GET /api/user round trip, and the
// POST's own round trip (the event is published at commit, so it should land about when the
// sender gets its answer).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { connectPostgres, wrapPglite, type DatabaseHandle } from '../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite-extensions';
import { matches } from '../src/server/db/schema';
import { runMigrations } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';

const MESSAGES = 200;
const WARMUP = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(label: string, database: DatabaseHandle) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-msg-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_MAX_FAILURES_PER_IP: '100000' });
  const app = await buildApp({ env, database, clientDir: null, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = base;
  const register = async (userType: 'startup' | 'investor') => {
    const suffix = randomBytes(4).toString('hex');
    const response = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        userType,
        firstName: 'Bench',
        lastName: userType,
        username: `${userType}_${suffix}`,
        email: `${suffix}@${userType}.test`,
        password: 'Bench-Messaging-Passphrase-1',
        confirmPassword: 'Bench-Messaging-Passphrase-1',
      }),
    });
    return { id: ((await response.json()) as { id: number }).id, cookie: response.headers.get('set-cookie')!.split(';')[0]! };
  };
  const startup = await register('startup');
  const investor = await register('investor');
  await database.db.insert(matches).values({ startupId: startup.id, investorId: investor.id, score: 80, status: 'accepted' });

  // The receiver's stream: resolve the waiter for each message id as its event arrives.
  const waiting = new Map<number, (at: number) => void>();
  const early = new Map<number, number>();
  const controller = new AbortController();
  const stream = await fetch(`${base}/api/events`, { headers: { cookie: investor.cookie }, signal: controller.signal });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!data || !block.includes('event: message\n')) continue;
          const id = (JSON.parse(data) as { messageId: number }).messageId;
          const now = performance.now();
          const wake = waiting.get(id);
          if (wake) wake(now);
          else early.set(id, now);
        }
      }
    } catch {
      // aborted at the end
    }
  })();

  const latencies: number[] = [];
  const baseline: number[] = [];
  const postRoundTrips: number[] = [];
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    const started = performance.now();
    await fetch(`${base}/api/user`, { headers: { cookie: startup.cookie } });
    const roundTrip = performance.now() - started;

    const sentAt = performance.now();
    const response = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { cookie: startup.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ receiverId: investor.id, content: `message ${i}` }),
    });
    const { id } = (await response.json()) as { id: number };
    const answeredAt = performance.now();
    const receivedAt = early.get(id) ?? (await new Promise<number>((resolve) => waiting.set(id, resolve)));
    if (i >= WARMUP) {
      latencies.push(receivedAt - sentAt);
      baseline.push(roundTrip);
      postRoundTrips.push(answeredAt - sentAt);
    }
  }
  controller.abort();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const base50 = percentile(baseline, 50);
  const post50 = percentile(postRoundTrips, 50);
  console.log(`| ${label} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms | ${post50.toFixed(1)} ms | ${base50.toFixed(1)} ms | ${(p50 / base50).toFixed(1)}× |`);
}

async function main() {
  console.log(`\nMessage delivery, POST /api/messages → receiver's SSE event (${MESSAGES} messages after ${WARMUP} warm-up, one at a time)`);
  console.log('| database | p50 | p99 | POST answered, p50 | baseline p50 (GET /api/user) | p50 ÷ baseline |');
  console.log('|---|---|---|---|---|---|');

  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const embedded = wrapPglite(pglite);
  await runMigrations(embedded);
  await measure('PGlite (embedded)', embedded);
  await embedded.close();

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log('| PostgreSQL | skipped: no server at TEST_DATABASE_URL | | | | |');
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end may cut a pool connection that is still closing; only
  // errors before that are worth printing.
  let isTearingDown = false;
  const postgres = connectPostgres(url.toString(), { error: (...args: unknown[]) => void (isTearingDown || console.error(...args)) });
  try {
    await runMigrations(postgres);
    await measure('PostgreSQL 15', postgres);
  } finally {
    isTearingDown = true;
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
