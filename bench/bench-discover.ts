// `npm run bench:discover` (docs/discovery.md; issue #19): how long the directory's first page
// takes on PostgreSQL with 20,000 profiles, for each order (best match, newest, recently active),
// with no filters and with a typical set, for startups browsing investors and investors browsing
// startups. The page is the real service (features/discovery listDirectory) in the real app's
// context, with the matching engine already built (each instance keeps one; docs/matching.md).
//
// Target (the issue): the first page in under 300 ms at p95.
//
// Environment (all optional):
//   TEST_DATABASE_URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                        a fresh database is created on it and dropped at the end
//   BENCH_PROFILES (20000)  profiles seeded, 60% startups and 40% investors (a small run checks
//                        the script: BENCH_PROFILES=2000)
//   BENCH_CALLERS (12)   callers per row, half of each role
//   BENCH_KEEP_DATABASE=1  leave the seeded database (its name is printed) to EXPLAIN by hand
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { contextFor } from '../src/server/app-context';
import { queryRows, type DatabaseHandle } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { backfillCountryCodes, listDirectory } from '../src/server/features/discovery';
import type { ServiceLog } from '../src/server/service-context';
import { DISCOVER_SORTS, type ParsedDiscoverQuery } from '../src/shared/contracts/discovery';
import { FUNDING_BUCKETS, FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, type UserType } from '../src/shared/enums';
import { formatTable } from './lib/ranking-metrics';
import { withScratchPostgres } from './lib/scratch-postgres';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 20_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 12);
const STARTUPS = Math.round(PROFILES * 0.6);
const INVESTORS = PROFILES - STARTUPS;
const TARGET_MS = 300;

const QUIET_LOG: ServiceLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;
/** Picks from a SQL array by a hash of the row number, so the data is varied and the same every run. */
const pick = (array: string, salt: number, index = 'u.id') => `(${array})[1 + abs(hashint4(${index} * ${salt})::bigint) % array_length(${array}, 1)]`;
const chance = (salt: number, percent: number, index = 'u.id') => `(abs(hashint4(${index} * ${salt})::bigint) % 100) < ${percent}`;

const CITIES = sqlArray([
  'Austin, USA',
  'San Francisco, CA',
  'New York, USA',
  'Berlin, Germany',
  'London, UK',
  'Manchester, England',
  'Paris, France',
  'Stockholm, Sweden',
  'Lagos, Nigeria',
  'Nairobi, Kenya',
  'Toronto, Canada',
  'Bangalore, India',
  'Singapore',
  'Sydney, Australia',
  'São Paulo, Brazil',
  'Mexico City, Mexico',
  'Tel Aviv, Israel',
  'Dubai, UAE',
  'Somewhere remote',
]);
const PRODUCTS = sqlArray([
  'billing',
  'payroll',
  'claims',
  'compliance',
  'forecasting',
  'logistics',
  'tutoring',
  'telehealth',
  'underwriting',
  'fraud detection',
]);
const AUDIENCES = sqlArray(['dental clinics', 'family farms', 'credit unions', 'hospitals', 'law firms', 'retail chains', 'universities', 'insurers']);

async function seed(database: DatabaseHandle): Promise<void> {
  const run = (statement: string) => database.pool!.query(statement);
  const started = performance.now();
  await run(`insert into users (username, password_hash, email, user_type, first_name, last_name, email_verified_at, last_active_at, created_at)
             select 'bench_' || i, 'not-a-password-hash', 'bench' || i || '@example.test',
                    case when i <= ${STARTUPS} then 'startup' else 'investor' end, 'Bench', 'User ' || i,
                    case when ${chance(3, 60, 'i')} then now() end,
                    case when ${chance(5, 85, 'i')} then now() - make_interval(mins => abs(hashint4(i * 7)) % 100000) end,
                    now() - make_interval(days => abs(hashint4(i * 11)) % 700)
               from generate_series(1, ${PROFILES}) i`);
  const goals = sqlArray(FUNDING_GOAL_OPTIONS.map((option) => String(option.value)));
  await run(`insert into startup_profiles (user_id, company_name, location, stage, industry, description, funding_goal, team_size, raising_now, created_at, profile_completeness)
             select u.id, 'Startup ' || u.id, ${pick(CITIES, 13)}, ${pick(sqlArray(STAGES), 17)}, ${pick(sqlArray(INDUSTRIES), 19)},
                    'We build ' || ${pick(PRODUCTS, 23)} || ' software for ' || ${pick(AUDIENCES, 29)} || '.',
                    (${pick(goals, 31)})::int, 6, ${chance(37, 70)}, u.created_at, 80
               from users u where u.user_type = 'startup'`);
  const buckets = sqlArray(FUNDING_BUCKETS);
  const industries = sqlArray(INDUSTRIES);
  const stages = sqlArray(STAGES);
  await run(`insert into investor_profiles (user_id, firm_name, location, description, investment_thesis, industry_focus, stage_preference, investment_range,
                                            portfolio_size, open_to_new_deals, created_at, profile_completeness)
             select u.id, 'Fund ' || u.id, ${pick(CITIES, 41)}, 'We lead rounds in ' || ${pick(PRODUCTS, 43)} || ' companies.',
                    'Software for ' || ${pick(AUDIENCES, 47)} || '.',
                    jsonb_build_array(${pick(industries, 53)}, ${pick(industries, 59)}), jsonb_build_array(${pick(stages, 61)}, ${pick(stages, 67)}),
                    jsonb_build_array(${pick(buckets, 71)}, ${pick(buckets, 73)}), 20, ${chance(79, 80)}, u.created_at, 80
               from users u where u.user_type = 'investor'`);
  await run(`insert into blocks (blocker_id, blocked_id)
             select distinct 1 + abs(hashint4(i * 113)::bigint) % ${STARTUPS}, ${STARTUPS} + 1 + abs(hashint4(i * 127)::bigint) % ${INVESTORS}
               from generate_series(1, ${Math.max(10, Math.round(PROFILES / 40))}) i`);
  const countryStarted = performance.now();
  const coded = await backfillCountryCodes({ db: database.db });
  const countryMs = performance.now() - countryStarted;
  await run('analyze');
  console.log(
    `Seeded ${STARTUPS} startups and ${INVESTORS} investors in ${((performance.now() - started) / 1000).toFixed(1)} s; the country job coded ${coded} of them in ${(countryMs / 1000).toFixed(1)} s`,
  );
}

/** The filters a typical browse uses, per role of the caller. */
const TYPICAL_FILTERS: Record<UserType, Omit<ParsedDiscoverQuery, 'sort' | 'cursor' | 'limit'>> = {
  investor: { industry: ['FinTech', 'SaaS', 'HealthTech'], stage: ['Seed', 'Series A'], region: ['europe', 'north-america'], active: true },
  startup: { industry: ['FinTech'], minAmount: 500_000, maxAmount: 3_000_000, country: ['US', 'GB', 'DE'], verified: true },
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measure(database: DatabaseHandle): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-discover-'));
  const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, clientDir: null, logger: false });
  try {
    await app.ready();
    const half = Math.max(1, Math.floor(CALLERS / 2));
    const callers = await queryRows<{ id: number; user_type: UserType }>(
      database.db,
      sql`(select id, user_type from users where user_type = 'startup' order by hashint4(id) limit ${half})
          union all (select id, user_type from users where user_type = 'investor' order by hashint4(id) limit ${half})`,
    );
    const contexts = callers.map((caller) => contextFor(app.contextBase, { id: caller.id, userType: caller.user_type, sessionId: 'bench' }, QUIET_LOG));
    // The engine is built once per instance (seconds at this size), then only synced: build it untimed.
    const engineStarted = performance.now();
    await app.matchingEngines.get({ db: database.db });
    console.log(`Matching engine built in ${((performance.now() - engineStarted) / 1000).toFixed(1)} s (once per instance)`);

    const rows: string[][] = [];
    const everything: number[] = [];
    for (const role of ['investor', 'startup'] as const) {
      const ofRole = contexts.filter((ctx) => ctx.actor.userType === role);
      for (const sort of DISCOVER_SORTS) {
        for (const filtered of [false, true]) {
          const query: ParsedDiscoverQuery = { sort, ...(filtered ? TYPICAL_FILTERS[role] : {}) };
          // One untimed call warms the plans for this shape of query.
          await listDirectory(ofRole[0]!, query);
          const times: number[] = [];
          let cards = 0;
          for (const ctx of ofRole) {
            const started = performance.now();
            const page = await listDirectory(ctx, query);
            times.push(performance.now() - started);
            cards += page.items.length;
          }
          everything.push(...times);
          rows.push([
            role === 'investor' ? 'investor → startups' : 'startup → investors',
            sort,
            filtered ? 'typical' : 'none',
            ms(percentile(times, 50)),
            ms(percentile(times, 95)),
            (cards / ofRole.length).toFixed(0),
          ]);
        }
      }
    }
    console.log(`\nThe directory's first page (GET /api/discover's service, 20 cards), PostgreSQL, ${STARTUPS + INVESTORS} profiles, ${half} callers per row`);
    console.log(formatTable(['caller', 'sort', 'filters', 'p50', 'p95', 'cards'], rows));
    const p95 = percentile(everything, 95);
    console.log(`Target: first page < ${TARGET_MS} ms at p95: ${p95 < TARGET_MS ? 'met' : 'missed'} (${ms(p95)} over every row).`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await withScratchPostgres('vm_bench_discover', async (database) => {
  await seed(database);
  await measure(database);
});
