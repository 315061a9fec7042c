// The first migration's data model, the drivers, and the demo seed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client';
import { connectPostgres } from '../../src/server/db/client';
import { DEMO_INVESTORS, DEMO_PASSWORD, DEMO_STARTUPS } from '../../src/server/demo/demo-data';
import { isDatabaseEmpty, seedDemoData, shouldSeedDemo } from '../../src/server/demo/demo-seed';
import { loadEnv } from '../../src/server/env';
import { buildTestApp } from '../support/test-app';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { openTestDatabase } from '../support/test-database';

let database: DatabaseHandle;
// The demo seed's data-room files, kept out of the repository's ./data.
const blobDir = mkdtempSync(path.join(os.tmpdir(), 'vm-database-demo-'));
afterAll(() => rmSync(blobDir, { recursive: true, force: true }));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// Both drivers answer raw SQL with `{ rows }`; the shared Drizzle type cannot express that.
async function rows<T>(query: ReturnType<typeof sql>, db = database.db): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the first migration', () => {
  it('creates the whole data model', async () => {
    const tables = await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'startup_profiles',
        'investor_profiles',
        'documents',
        'document_access',
        'matches',
        'messages',
        'milestones',
        'activities',
        'security_events',
      ]),
    );
  });

  it('links every relationship table to users with foreign keys', async () => {
    const foreignKeys = await rows<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`);
    const keys = foreignKeys.map((key) => `${key.table_name}.${key.column_name}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'sessions.user_id',
        'startup_profiles.user_id',
        'investor_profiles.user_id',
        'documents.user_id',
        'document_access.document_id',
        'document_access.user_id',
        'document_access.granted_by',
        'matches.startup_id',
        'matches.investor_id',
        'messages.sender_id',
        'messages.receiver_id',
        'milestones.startup_id',
        'milestones.investor_id',
        'activities.user_id',
      ]),
    );
  });

  it('enforces one match per pair, valid statuses and the 0–100 score range', async () => {
    const [startup] = await rows<{ id: number }>(
      sql`insert into users (username, password_hash, email, user_type, first_name, last_name) values ('mig_s', 'x', 'mig_s@x.test', 'startup', 'A', 'B') returning id`,
    );
    const [investor] = await rows<{ id: number }>(
      sql`insert into users (username, password_hash, email, user_type, first_name, last_name) values ('mig_i', 'x', 'mig_i@x.test', 'investor', 'A', 'B') returning id`,
    );
    const insertMatch = (score: number, status = 'pending') =>
      database.db.execute(sql`insert into matches (startup_id, investor_id, score, status) values (${startup!.id}, ${investor!.id}, ${score}, ${status})`);
    await expect(insertMatch(101)).rejects.toThrow();
    await expect(insertMatch(50, 'maybe')).rejects.toThrow();
    await insertMatch(50);
    await expect(insertMatch(60)).rejects.toThrow();
    const [match] = await rows<{ status: string }>(sql`select status from matches where startup_id = ${startup!.id}`);
    expect(match!.status).toBe('pending');
    await expect(
      database.db.execute(
        sql`insert into users (username, password_hash, email, user_type, first_name, last_name) values ('mig_x', 'x', 'mig_x@x.test', 'admin', 'A', 'B')`,
      ),
    ).rejects.toThrow();
  });

  it('has the indexes the spec reads need', async () => {
    const indexes = await rows<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = 'public'`);
    expect(indexes.map((index) => index.indexname)).toEqual(
      expect.arrayContaining([
        'users_username_lower_unique',
        'users_email_lower_unique',
        'matches_startup_score_idx',
        'matches_investor_score_idx',
        'messages_pair_sent_idx',
        'activities_user_created_idx',
      ]),
    );
  });
});

describe('the PostgreSQL driver', () => {
  it('keeps a pool error listener, so a database restart never kills the process', async () => {
    const logged: unknown[] = [];
    const handle = connectPostgres('postgres://nobody@127.0.0.1:1/none', { error: (obj) => logged.push(obj) });
    expect(handle.pool!.listenerCount('error')).toBeGreaterThan(0);
    expect(() => handle.pool!.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
    expect(logged).toHaveLength(1);
    await handle.close();
  });
});

describe('the demo seed', () => {
  it('runs only on the embedded database, outside production, unless turned off', () => {
    expect(shouldSeedDemo(loadEnv({}), 'pglite')).toBe(true);
    expect(shouldSeedDemo(loadEnv({ SEED_DEMO: 'false' }), 'pglite')).toBe(false);
    expect(shouldSeedDemo(loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' }), 'pglite')).toBe(false);
    expect(shouldSeedDemo(loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com', SEED_DEMO: 'true' }), 'pglite')).toBe(false);
    expect(shouldSeedDemo(loadEnv({}), 'postgres')).toBe(false);
  });

  // The demo is a whole marketplace (docs/demo.md): seeding it takes a while on a busy machine.
  it('creates complete startups and investors across industries and stages, who can sign in', { timeout: 300_000 }, async () => {
    const seeded = await openTestDatabase();
    try {
      expect(await isDatabaseEmpty(seeded.db)).toBe(true);
      const logins = await seedDemoData(seeded.db, undefined, {
        blobs: createDiskBlobStore(path.join(blobDir, 'blobs')),
        uploadTmpDir: path.join(blobDir, 'tmp'),
      });
      expect(await isDatabaseEmpty(seeded.db)).toBe(false);
      expect(logins.filter((login) => login.userType === 'startup')).toHaveLength(DEMO_STARTUPS.length);
      expect(logins.filter((login) => login.userType === 'investor')).toHaveLength(DEMO_INVESTORS.length);

      const startups = await rows<Record<string, string>>(sql`select industry, stage, company_name, description from startup_profiles`, seeded.db);
      expect(new Set(startups.map((startup) => startup.industry)).size).toBeGreaterThanOrEqual(6);
      expect(new Set(startups.map((startup) => startup.stage)).size).toBeGreaterThanOrEqual(3);
      expect(startups.every((startup) => startup.company_name && startup.description!.length >= 10)).toBe(true);
      const investors = await rows<{ investment_thesis: string; industry_focus: string[] }>(
        sql`select investment_thesis, industry_focus from investor_profiles`,
        seeded.db,
      );
      expect(investors.every((investor) => investor.investment_thesis.length >= 10 && investor.industry_focus.length > 0)).toBe(true);

      // The demo has been used: generated, explained matches in every state, decided with reasons;
      // conversations, plans and holdings. tests/api/demo-seed.test.ts checks each login in detail.
      const matchRows = await rows<{ status: string; has_breakdown: boolean }>(
        sql`select status, breakdown is not null as has_breakdown from matches`,
        seeded.db,
      );
      expect(matchRows.every((match) => match.has_breakdown)).toBe(true);
      expect(new Set(matchRows.map((match) => match.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));
      const decisions = await rows<{ reason: string | null }>(sql`select reason from match_decisions where decision = 'rejected'`, seeded.db);
      expect(decisions.length).toBeGreaterThan(0);
      expect(decisions.every((decision) => decision.reason !== null)).toBe(true);
      // Connections are real: both sides accepted.
      const [consent] = await rows<{ half_connected: number }>(
        sql`select count(*) filter (where status = 'accepted' and (startup_decision <> 'accepted' or investor_decision <> 'accepted'))::int as half_connected from matches`,
        seeded.db,
      );
      expect(consent).toEqual({ half_connected: 0 });
      const plans = await rows<{ status: string }>(sql`select status from milestones`, seeded.db);
      expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(['completed', 'in_progress', 'pending']));
      const [holdings] = await rows<{ investors: number; all: number }>(
        sql`select count(distinct investor_id)::int as investors, (select count(*)::int from investor_profiles) as all from portfolio_companies`,
        seeded.db,
      );
      expect(holdings!.investors).toBe(holdings!.all);

      const app = await buildTestApp(seeded);
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: DEMO_STARTUPS[0]!.username, password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(200);
      await app.close();
    } finally {
      await seeded.close();
    }
  });
});
