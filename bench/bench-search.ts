// `npm run bench:search` (docs/search.md; issue #18): how long one search takes on PostgreSQL with
// 20,000 profiles, 100,000 messages and 5,000 documents, next to a plain ILIKE scan of the same
// fields, under the same authorization and limits, measured in the same run. The search is the
// real service (features/search) in the real app's context; the scan is the same four statements
// with `ilike '%q%'` where the search has its full-text and trigram conditions.
//
// Each sample is one caller (alternating startups and investors) and one query of a realistic
// set: prefixes as typed, whole words, a phrase, a typo. Search and scan run back to back for each
// sample, so both see the same moment of a shared machine; the ratio is the figure to compare.
//
// Environment (all optional):
//   TEST_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a fresh database is created on it and dropped at the end
//   BENCH_CALLERS (24)  callers per query
//   BENCH_KEEP_DATABASE=1  leave the seeded database (its name is printed) to EXPLAIN the queries by hand
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/actor';
import { buildApp } from '../src/server/app';
import { contextFor } from '../src/server/app-context';
import { queryRows, type DatabaseHandle } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { search } from '../src/server/features/search';
import type { ServiceLog } from '../src/server/service-context';
import { SEARCH_LIMIT_DEFAULT } from '../src/shared/contracts/search';
import { DOCUMENT_CATEGORIES, INDUSTRIES } from '../src/shared/enums';
import { formatTable } from './lib/ranking-metrics';
import { withScratchPostgres } from './lib/scratch-postgres';

const CALLERS = Number(process.env.BENCH_CALLERS ?? 24);
const STARTUPS = 12_000;
const INVESTORS = 8_000;
const MESSAGES = 100_000;
const DOCUMENTS = 5_000;
const MILESTONES = 5_000;

/** What people type: as-you-type prefixes, whole words, a phrase, a typo in a name. */
const QUERIES = ['fin', 'fintech', 'heal', 'clinic', 'austin', 'seed round', '"term sheet"', 'ledgr', 'pitch', 'revenue forecast', 'marketpl', 'zephyr labs'];

const QUIET_LOG: ServiceLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;
const NAME_STEMS = sqlArray([
  'Ledger',
  'Quantum',
  'Harbor',
  'Nimbus',
  'Atlas',
  'Beacon',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Helix',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nova',
  'Orbit',
  'Pioneer',
  'Quill',
  'Radiant',
  'Summit',
  'Tidal',
  'Umbra',
  'Vertex',
  'Willow',
  'Xenon',
  'Yield',
  'Zephyr',
  'Aurora',
  'Basalt',
]);
/** Invented name stems (two syllables): most real names are unlike any other, not one of 32 words. */
const SYLLABLES = sqlArray([
  'ka',
  'zor',
  'vel',
  'mi',
  'tra',
  'lun',
  'qua',
  'bri',
  'no',
  'sen',
  'dax',
  'fi',
  'gor',
  'hal',
  'jun',
  'pe',
  'rix',
  'sol',
  'tam',
  'ur',
  'vos',
  'wen',
  'yar',
  'zed',
]);
const nameStem = (salt: number, index: string) =>
  `case when ${index} % 4 = 0 then ${pick(NAME_STEMS, salt, index)} else initcap(${pick(SYLLABLES, salt + 1, index)} || ${pick(SYLLABLES, salt + 2, index)}) end`;
const STARTUP_SUFFIXES = sqlArray([
  'Labs',
  'Health',
  'Pay',
  'AI',
  'Robotics',
  'Foods',
  'Energy',
  'Logistics',
  'Learning',
  'Security',
  'Bio',
  'Cloud',
  'Systems',
]);
const INVESTOR_SUFFIXES = sqlArray(['Capital', 'Ventures', 'Partners', 'Fund', 'Investments', 'Growth', 'Holdings']);
const CITIES = sqlArray([
  'Austin, USA',
  'Berlin, Germany',
  'London, UK',
  'Paris, France',
  'Lagos, Nigeria',
  'Toronto, Canada',
  'Bangalore, India',
  'Singapore',
  'São Paulo, Brazil',
  'Stockholm, Sweden',
  'New York, USA',
  'Nairobi, Kenya',
  'Sydney, Australia',
]);
const PRODUCTS = sqlArray([
  'billing',
  'scheduling',
  'inventory',
  'payroll',
  'claims',
  'compliance',
  'forecasting',
  'onboarding',
  'logistics',
  'tutoring',
  'marketplace',
  'telehealth',
  'procurement',
  'underwriting',
  'fleet tracking',
  'energy metering',
  'carbon accounting',
  'recruiting',
  'translation',
  'identity verification',
  'fraud detection',
  'route planning',
  'crop monitoring',
  'lab automation',
]);
const AUDIENCES = sqlArray([
  'dental clinics',
  'family farms',
  'logistics fleets',
  'online schools',
  'independent pharmacies',
  'restaurants',
  'credit unions',
  'solar installers',
  'retail chains',
  'hospitals',
  'law firms',
  'construction crews',
  'airlines',
  'wineries',
  'veterinary practices',
  'universities',
  'insurers',
  'hotels',
  'breweries',
  'shipping ports',
  'city councils',
  'gyms',
  'bakeries',
  'car dealers',
]);
const TRACTION = sqlArray([
  '40% month-over-month growth',
  'a waitlist of 3,000 teams',
  'revenue forecast beating plan',
  'our first enterprise pilot',
  'positive unit economics',
  'a seed round closing soon',
]);
const MESSAGE_OPENERS = sqlArray([
  'Thanks for the call today.',
  'Following up on our chat.',
  'Quick question about the data room.',
  'Great to meet you at the demo day.',
  'Here are the numbers you asked for.',
  'Hope your week is going well.',
  'Sorry for the slow reply.',
  'Good news from our side.',
  'As promised on Monday:',
  'One more thing before the weekend.',
]);
const MESSAGE_BODIES = sqlArray([
  'Could you share the term sheet draft before Friday?',
  'Our revenue forecast for next year is in the deck.',
  'The pitch deck now has the churn cohort analysis.',
  'We are raising a seed round of two million.',
  'The clinic pilot in Austin went live last week.',
  'Can we schedule a diligence call next Tuesday?',
  'Our marketplace take rate moved from 8% to 11%.',
  'Happy to intro you to our lead investor.',
  'We hired a head of engineering from Stripe.',
  'Our gross margin is now above sixty percent.',
  'The partnership with the hospital group is signed.',
  'Legal is reviewing the shareholder agreement.',
  'We moved the launch to the first week of March.',
  'Churn dropped to two percent after the redesign.',
  'The board deck for the quarter is attached.',
  'Would your partners want a product demo?',
]);
const MESSAGE_CLOSINGS = sqlArray(['Best,', 'Talk soon.', 'Cheers.', 'Let me know what you think.', 'Thanks again.', 'Speak Thursday?', '']);
const DOCUMENT_NAMES = sqlArray([
  'Pitch deck',
  'Financial model',
  'Cap table',
  'Term sheet draft',
  'Market research',
  'Product roadmap',
  'Revenue forecast',
  'Clinical study',
  'Customer references',
  'Board minutes',
]);
const MILESTONE_TITLES = sqlArray([
  'Close seed round',
  'Term sheet signed',
  'Launch clinic pilot',
  'Hire VP Sales',
  'Revenue forecast review',
  'Board meeting',
  'Pitch to partners',
  'Marketplace launch',
]);

/** Picks from a SQL array by a hash of the row number, so the data is varied and the same every run. */
const pick = (array: string, salt: number, index = 'i') => `(${array})[1 + abs(hashint4(${index} * ${salt})::bigint) % array_length(${array}, 1)]`;

async function seed(database: DatabaseHandle): Promise<void> {
  const run = (statement: string) => database.pool!.query(statement);
  const started = performance.now();
  await run(`insert into users (username, password_hash, email, user_type, first_name, last_name)
             select 'bench_' || i, 'not-a-password-hash', 'bench' || i || '@example.test',
                    case when i <= ${STARTUPS} then 'startup' else 'investor' end, 'Bench', 'User ' || i
               from generate_series(1, ${STARTUPS + INVESTORS}) i`);
  await run(`insert into startup_profiles (user_id, company_name, location, stage, industry, description)
             select u.id, ${nameStem(7, 'u.id')} || ' ' || ${pick(STARTUP_SUFFIXES, 11, 'u.id')},
                    ${pick(CITIES, 13, 'u.id')}, 'Seed', ${pick(sqlArray(INDUSTRIES), 17, 'u.id')},
                    'We build ' || ${pick(PRODUCTS, 19, 'u.id')} || ' software for ' || ${pick(AUDIENCES, 23, 'u.id')} || ', with ' || ${pick(TRACTION, 29, 'u.id')} || '.'
               from users u where u.user_type = 'startup'`);
  await run(`insert into investor_profiles (user_id, firm_name, location, description, investment_thesis, industry_focus)
             select u.id, ${nameStem(31, 'u.id')} || ' ' || ${pick(INVESTOR_SUFFIXES, 37, 'u.id')}, ${pick(CITIES, 41, 'u.id')},
                    'We lead seed rounds in ' || ${pick(PRODUCTS, 43, 'u.id')} || ' companies.',
                    'Software for ' || ${pick(AUDIENCES, 47, 'u.id')} || ' with ' || ${pick(TRACTION, 53, 'u.id')} || '.',
                    jsonb_build_array(${pick(sqlArray(INDUSTRIES), 59, 'u.id')}, ${pick(sqlArray(INDUSTRIES), 61, 'u.id')})
               from users u where u.user_type = 'investor'`);
  // Each message between a startup and an investor, in either direction. Who talks is skewed, as
  // in a real marketplace: a few popular investors and busy founders hold thousands of messages.
  const skewed = (salt: number, count: number, power: number) =>
    `floor(${count} * power((abs(hashint4(i * ${salt})::bigint) % 1000000) / 1000000.0, ${power}))::int`;
  await run(`insert into messages (sender_id, receiver_id, content, read, sent_at)
             select case when i % 2 = 0 then s else v end, case when i % 2 = 0 then v else s end,
                    concat_ws(' ', ${pick(MESSAGE_OPENERS, 67)}, ${pick(MESSAGE_BODIES, 71)}, 'Also, about ' || ${pick(PRODUCTS, 131)} || ':', ${pick(MESSAGE_BODIES, 137)}, ${pick(MESSAGE_CLOSINGS, 139)}), i % 3 = 0, now() - make_interval(mins => i)
               from (select i, 1 + ${skewed(73, STARTUPS, 2)} as s, ${STARTUPS} + 1 + ${skewed(79, INVESTORS, 3)} as v
                       from generate_series(1, ${MESSAGES}) i) pairs`);
  await run(`insert into documents (user_id, name, category, type, size, storage_key)
             select 1 + abs(hashint4(i * 83)::bigint) % ${STARTUPS}, ${pick(DOCUMENT_NAMES, 89)} || ' ' || (2020 + i % 6), ${pick(sqlArray(DOCUMENT_CATEGORIES), 97)},
                    'application/pdf', 100000, 'documents/bench/' || i
               from generate_series(1, ${DOCUMENTS}) i`);
  // Two grants per document: one live, one revoked or expired, so the access rule has work to do.
  await run(`insert into document_access (document_id, user_id, granted_by, revoked_at, expires_at)
             select d.id, ${STARTUPS} + 1 + (d.id * 2 + g) % ${INVESTORS}, d.user_id,
                    case when g = 1 and d.id % 2 = 0 then now() end, case when g = 1 and d.id % 2 = 1 then now() - interval '1 day' end
               from documents d cross join generate_series(0, 1) g`);
  await run(`insert into milestones (startup_id, investor_id, title, description)
             select 1 + abs(hashint4(i * 101)::bigint) % ${STARTUPS}, ${STARTUPS} + 1 + abs(hashint4(i * 103)::bigint) % ${INVESTORS},
                    ${pick(MILESTONE_TITLES, 107)}, 'Agreed on the call: ' || ${pick(MESSAGE_BODIES, 109)}
               from generate_series(1, ${MILESTONES}) i`);
  await run(`insert into blocks (blocker_id, blocked_id)
             select distinct 1 + abs(hashint4(i * 113)::bigint) % ${STARTUPS}, ${STARTUPS} + 1 + abs(hashint4(i * 127)::bigint) % ${INVESTORS}
               from generate_series(1, 500) i`);
  await run('analyze');
  console.log(
    `Seeded ${STARTUPS + INVESTORS} profiles, ${MESSAGES} messages, ${DOCUMENTS} documents, ${MILESTONES} milestones in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The baseline: the search's four statements with a plain ILIKE scan in place of the indexes, under
 * the same authorization and limit. Like the search it puts the best matches first, here the
 * simplest way (a match in the name or title before one elsewhere; messages newest first), so it
 * reads every candidate row rather than stopping at the first five it meets.
 */
async function scanSearch(database: DatabaseHandle, actor: Actor, q: string, limit: number): Promise<number> {
  const me = actor.id;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const notBlocked = (other: string) =>
    sql`not exists (select 1 from blocks b where (b.blocker_id = ${me} and b.blocked_id = ${sql.raw(other)}) or (b.blocker_id = ${sql.raw(other)} and b.blocked_id = ${me}))`;
  const profiles =
    actor.userType === 'startup'
      ? sql`select p.user_id from investor_profiles p join users u on u.id = p.user_id and u.deleted_at is null
             where (p.firm_name ilike ${pattern} or p.location ilike ${pattern} or p.description ilike ${pattern} or p.investment_thesis ilike ${pattern} or p.industry_focus::text ilike ${pattern})
               and ${notBlocked('p.user_id')} order by p.firm_name ilike ${pattern} desc, p.user_id limit ${limit}`
      : sql`select p.user_id from startup_profiles p join users u on u.id = p.user_id and u.deleted_at is null
             where (p.company_name ilike ${pattern} or p.industry ilike ${pattern} or p.location ilike ${pattern} or p.description ilike ${pattern})
               and ${notBlocked('p.user_id')} order by p.company_name ilike ${pattern} desc, p.user_id limit ${limit}`;
  const statements = [
    profiles,
    sql`select d.id from documents d join users o on o.id = d.user_id and o.deleted_at is null
         where (d.user_id = ${me} or exists (select 1 from document_access a where a.document_id = d.id and a.user_id = ${me} and a.revoked_at is null and (a.expires_at is null or a.expires_at > now())))
           and (d.name ilike ${pattern} or d.category ilike ${pattern}) order by d.name ilike ${pattern} desc, d.id desc limit ${limit}`,
    sql`select m.id from messages m
         where (m.sender_id = ${me} or m.receiver_id = ${me}) and m.content ilike ${pattern}
           and ${notBlocked('case when m.sender_id = ' + me + ' then m.receiver_id else m.sender_id end')} order by m.sent_at desc limit ${limit}`,
    sql`select ms.id from milestones ms
         where (ms.startup_id = ${me} or ms.investor_id = ${me}) and (ms.title ilike ${pattern} or ms.description ilike ${pattern})
           and ${notBlocked('case when ms.startup_id = ' + me + ' then ms.investor_id else ms.startup_id end')} order by ms.title ilike ${pattern} desc, ms.id limit ${limit}`,
  ];
  const found = await Promise.all(statements.map((statement) => queryRows<{ id: number }>(database.db, statement)));
  return found.reduce((sum, rows) => sum + rows.length, 0);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measure(database: DatabaseHandle): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-bench-search-'));
  const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, clientDir: null, logger: false });
  try {
    await app.ready();
    // Half the callers are anyone (most hold a handful of messages), half the busiest users (who
    // search their thousands of messages most); half startups, half investors.
    const quarter = Math.max(1, Math.floor(CALLERS / 4));
    const busiest = (role: string) =>
      sql`(select u.id, u.user_type from users u where u.user_type = ${role}
            order by (select count(*) from messages m where m.sender_id = u.id or m.receiver_id = u.id) desc limit ${quarter})`;
    const anyone = (role: string) => sql`(select id, user_type from users where user_type = ${role} order by hashint4(id) limit ${quarter})`;
    const callers = await queryRows<{ id: number; user_type: 'startup' | 'investor' }>(
      database.db,
      sql`${busiest('startup')} union ${busiest('investor')} union ${anyone('startup')} union ${anyone('investor')}`,
    );
    const contexts = callers.map((caller) => contextFor(app.contextBase, { id: caller.id, userType: caller.user_type, sessionId: 'bench' }, QUIET_LOG));

    const rows: string[][] = [];
    const all = { search: [] as number[], scan: [] as number[] };
    const found = { search: 0, scan: 0 };
    for (const q of QUERIES) {
      const times = { search: [] as number[], scan: [] as number[] };
      // One untimed pass warms the caches and the prepared plans for this query.
      for (const ctx of contexts.slice(0, 2)) {
        await search(ctx, { q });
        await scanSearch(database, ctx.actor, q, SEARCH_LIMIT_DEFAULT);
      }
      for (const ctx of contexts) {
        let started = performance.now();
        const answer = await search(ctx, { q });
        times.search.push(performance.now() - started);
        found.search += answer.groups.reduce((sum, group) => sum + group.results.length, 0);
        started = performance.now();
        found.scan += await scanSearch(database, ctx.actor, q, SEARCH_LIMIT_DEFAULT);
        times.scan.push(performance.now() - started);
      }
      all.search.push(...times.search);
      all.scan.push(...times.scan);
      rows.push(row(q, times));
    }
    rows.push(row('all queries', all));
    console.log(
      `\nSearch (GET /api/search's service, all four types, limit ${SEARCH_LIMIT_DEFAULT} each) vs a plain ILIKE scan, PostgreSQL, ${contexts.length} callers per query`,
    );
    console.log(formatTable(['query', 'search p50', 'search p95', 'ILIKE p50', 'ILIKE p95', 'p50 ×', 'p95 ×'], rows));
    console.log(`Results returned: search ${found.search}, ILIKE scan ${found.scan} (the scan finds no typos and no word starts inside names).`);
    const p95 = percentile(all.search, 95);
    const ratio = percentile(all.scan, 95) / p95;
    console.log(
      `Target p95 < 50 ms: ${p95 < 50 ? 'met' : 'missed'} (${ms(p95)}); ≥ 10× faster than the scan at p95: ${ratio >= 10 ? 'met' : 'missed'} (${ratio.toFixed(1)}×).`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(label: string, times: { search: number[]; scan: number[] }): string[] {
  const [s50, s95, b50, b95] = [percentile(times.search, 50), percentile(times.search, 95), percentile(times.scan, 50), percentile(times.scan, 95)];
  return [label, ms(s50), ms(s95), ms(b50), ms(b95), `${(b50 / s50).toFixed(1)}×`, `${(b95 / s95).toFixed(1)}×`];
}

await withScratchPostgres('vm_bench_search', async (database) => {
  await seed(database);
  await measure(database);
});
