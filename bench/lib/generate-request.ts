// The end-to-end part of `npm run bench:matching`: POST /api/generate-matches over real HTTP
// against a database holding a synthetic population, on the embedded PGlite and on PostgreSQL
// (TEST_DATABASE_URL, default the local server; skipped with a note when unreachable). Each
// request figure is the median of several runs, printed with the same run's baseline: an
// authenticated GET /api/user round trip (session lookup, no matching).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { connectPostgres, wrapPglite, type DatabaseHandle } from '../../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { runMigrations } from '../../src/server/db/migrate';
import { investorProfiles, startupProfiles, users } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { hashPassword } from '../../src/server/features/auth/passwords';
import { generatePopulation } from './synthetic-population';
import { median } from './ranking-metrics';

export interface RequestBenchOptions {
  startups: number;
  investors: number;
  repetitions: number;
  seed: number;
}

export type RequestRow = [label: string, median: string, baseline: string, ratio: string, note: string];

const PASSWORD = 'Bench-Generate-Passphrase-1';
const CHUNK = 1_000;
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

/** Inserts the population straight into the tables (one shared password hash: hashing 40k is not what we measure). */
async function insertPopulation(database: DatabaseHandle, options: RequestBenchOptions): Promise<void> {
  const population = generatePopulation({ startups: options.startups, investors: options.investors, seed: options.seed });
  const passwordHash = await hashPassword(PASSWORD);
  const insertSide = async <T extends { raw: { id: number } }>(
    people: T[],
    userType: 'startup' | 'investor',
    profile: (person: T, userId: number) => object,
  ) => {
    for (let start = 0; start < people.length; start += CHUNK) {
      const chunk = people.slice(start, start + CHUNK);
      const inserted = await database.db
        .insert(users)
        .values(
          chunk.map((person) => ({
            username: `${userType}${person.raw.id}`,
            email: `${userType}${person.raw.id}@bench.test`,
            passwordHash,
            userType,
            firstName: 'Bench',
            lastName: userType,
          })),
        )
        .returning({ id: users.id });
      const rows = chunk.map((person, n) => profile(person, inserted[n]!.id));
      if (userType === 'startup') await database.db.insert(startupProfiles).values(rows as Array<typeof startupProfiles.$inferInsert>);
      else await database.db.insert(investorProfiles).values(rows as Array<typeof investorProfiles.$inferInsert>);
    }
  };
  await insertSide(population.startups, 'startup', ({ raw }, userId) => ({
    userId,
    companyName: `Startup ${raw.id}`,
    location: raw.location,
    stage: raw.stage,
    industry: raw.industry,
    description: raw.description,
    teamSize: 1,
    fundingGoal: raw.fundingGoal,
    businessModel: raw.businessModel,
    financials: raw.financials,
    investorPreferences: raw.investorPreferences,
    profileCompleteness: 80,
  }));
  await insertSide(population.investors, 'investor', ({ raw }, userId) => ({
    userId,
    firmName: `Fund ${raw.id}`,
    location: raw.location,
    description: raw.description,
    investmentThesis: raw.investmentThesis,
    industryFocus: raw.industryFocus as string[],
    stagePreference: raw.stagePreference as string[],
    investmentRange: raw.investmentRange as string[],
    portfolioSize: raw.portfolioSize,
    profileCompleteness: 80,
  }));
}

async function timeRequest(send: () => Promise<Response>, repetitions: number): Promise<number> {
  const samples: number[] = [];
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`request failed: ${response.status}`);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function measure(label: string, database: DatabaseHandle, options: RequestBenchOptions): Promise<RequestRow[]> {
  await runMigrations(database);
  const seeded = performance.now();
  await insertPopulation(database, options);
  const insertMs = performance.now() - seeded;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-generate-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_MAX_FAILURES_PER_IP: '100000' });
  const app = await buildApp({ env, database, clientDir: null, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signIn = async (userType: 'startup' | 'investor') => {
      const suffix = randomBytes(4).toString('hex');
      const response = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userType,
          firstName: 'Bench',
          lastName: 'Caller',
          username: `caller_${suffix}`,
          email: `${suffix}@caller.test`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      });
      return response.headers.get('set-cookie')!.split(';')[0]!;
    };
    const startupCookie = await signIn('startup');
    const investorCookie = await signIn('investor');
    const json = (cookie: string) => ({ 'content-type': 'application/json', cookie });
    await fetch(`${base}/api/startup/profile`, {
      method: 'PUT',
      headers: json(startupCookie),
      body: JSON.stringify({
        companyName: 'Bench Payments',
        website: '',
        location: 'London, UK',
        foundingDate: '',
        stage: 'Seed',
        industry: 'FinTech',
        description: 'Payments and lending infrastructure for small businesses, sold as a subscription.',
        teamSize: 6,
        fundingGoal: 1_000_000,
      }),
    });
    await fetch(`${base}/api/investor/profile`, {
      method: 'PUT',
      headers: json(investorCookie),
      body: JSON.stringify({
        firmName: 'Bench Ventures',
        website: '',
        location: 'Berlin, Germany',
        foundingDate: '',
        description: 'An early-stage fund backing technical founders.',
        investmentThesis: 'B2B software and fintech infrastructure with usage-based revenue.',
        portfolioSize: 30,
        industryFocus: ['FinTech', 'SaaS'],
        stagePreference: ['Seed', 'Series A'],
        investmentRange: ['$500K - $1M', '$1M - $3M'],
      }),
    });
    await app.jobs.idle();
    // Past the engine's sync overlap (10 s): measure the steady state, not the minutes after a bulk import.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const generate = (cookie: string) => () => fetch(`${base}/api/generate-matches`, { method: 'POST', headers: { cookie } });

    // The first request builds this instance's engine from the whole table; later ones only sync.
    const cold = await timeRequest(generate(startupCookie), 1);
    const startupWarm = await timeRequest(generate(startupCookie), options.repetitions);
    const investorWarm = await timeRequest(generate(investorCookie), options.repetitions);
    const baseline = await timeRequest(() => fetch(`${base}/api/user`, { headers: { cookie: startupCookie } }), options.repetitions);
    const population = `${options.startups.toLocaleString('en')} startups × ${options.investors.toLocaleString('en')} investors`;
    return [
      [
        `${label}: startup generates (warm)`,
        ms(startupWarm),
        `GET /api/user ${ms(baseline)}`,
        `${(startupWarm / baseline).toFixed(1)}×`,
        `target < 500 ms on PostgreSQL; ${population}`,
      ],
      [
        `${label}: investor generates (warm)`,
        ms(investorWarm),
        `GET /api/user ${ms(baseline)}`,
        `${(investorWarm / baseline).toFixed(1)}×`,
        'against every startup, after blocking',
      ],
      [
        `${label}: first request (engine build)`,
        ms(cold),
        `warm ${ms(startupWarm)}`,
        `${(cold / startupWarm).toFixed(1)}×`,
        `once per instance start or rebuild; population inserted in ${ms(insertMs)}`,
      ],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchGenerateRequests(options: RequestBenchOptions): Promise<RequestRow[]> {
  const rows: RequestRow[] = [];
  const pglite = wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  try {
    rows.push(...(await measure('PGlite', pglite, options)));
  } finally {
    await pglite.close();
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vm_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    rows.push(['PostgreSQL', 'skipped', '', '', `no server at ${adminUrl.replace(/\/\/[^@]*@/, '//')} (set TEST_DATABASE_URL)`]);
    return rows;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const postgres = connectPostgres(url.toString(), { error: () => {} });
  try {
    rows.push(...(await measure('PostgreSQL', postgres, options)));
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}
