// The demo marketplace (issue #19, "A demo that feels alive"; docs/demo.md): the seed on a fresh
// database gives every printed login matches in every state, real conversations, a plan in
// progress, data rooms with real PDFs and a workbook viewed over the past month, saved searches,
// portfolios and unread notifications; and the same clock gives the same marketplace. The seed's
// duration is printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { DEMO_INVESTORS, DEMO_STARTUPS } from '../../src/server/demo/demo-data';
import { DEMO_POPULATION, seedDemoData } from '../../src/server/demo/demo-seed';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import type { BlobStore } from '../../src/server/storage/blob-store';
import { openTestDatabase } from '../support/test-database';

const NOW = new Date('2026-05-20T12:00:00Z');
const DAY_MS = 86_400_000;
const SEED_TIMEOUT_MS = 300_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-demo-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function seedFresh(name: string): Promise<{ database: DatabaseHandle; blobs: BlobStore; logins: Array<{ username: string; userType: string }> }> {
  const database = await openTestDatabase();
  const blobs = createDiskBlobStore(path.join(dir, name, 'blobs'));
  const started = performance.now();
  const logins = await seedDemoData(database.db, () => NOW, { blobs, uploadTmpDir: path.join(dir, name, 'tmp') });
  // The figure docs/demo.md quotes: printed, not asserted (machines differ).
  console.info(`demo seed (${name}): ${Math.round(performance.now() - started)} ms`);
  return { database, blobs, logins };
}

async function readAll(blobs: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.read(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const LOGINS = [
  ...DEMO_STARTUPS.map((s) => ({ username: s.username, side: 'startup' as const })),
  ...DEMO_INVESTORS.map((i) => ({ username: i.username, side: 'investor' as const })),
];

describe('the demo seed', () => {
  let seeded: Awaited<ReturnType<typeof seedFresh>>;
  beforeAll(async () => {
    seeded = await seedFresh('first');
  }, SEED_TIMEOUT_MS);
  afterAll(() => seeded?.database.close());

  const idOf = async (username: string) => (await rows<{ id: number }>(seeded.database, sql`select id from users where username = ${username}`))[0]!.id;

  it('prints four logins: two startups, then two investors', () => {
    expect(seeded.logins).toEqual([
      ...DEMO_STARTUPS.map((s) => ({ username: s.username, userType: 'startup' })),
      ...DEMO_INVESTORS.map((i) => ({ username: i.username, userType: 'investor' })),
    ]);
  });

  it('marks every demo account verified (the addresses are ours, and no banner should nag a visitor)', async () => {
    const unverified = await rows<{ count: number }>(seeded.database, sql`select count(*)::int as count from users where email_verified_at is null`);
    const all = await rows<{ count: number }>(seeded.database, sql`select count(*)::int as count from users`);
    expect(all[0]!.count).toBeGreaterThan(0);
    expect(unverified[0]!.count).toBe(0);
  });

  it('holds a population of distinct, complete profiles across several countries', async () => {
    const startups = await rows<{
      company_name: string;
      country_code: string;
      industry: string;
      team: unknown[];
      financials: Record<string, unknown>;
      raising_now: boolean;
    }>(seeded.database, sql`select company_name, country_code, industry, team, financials, raising_now from startup_profiles`);
    const investors = await rows<{ firm_name: string; investment_thesis: string; open_to_new_deals: boolean; records: number }>(
      seeded.database,
      sql`select firm_name, investment_thesis, open_to_new_deals, (select count(*)::int from track_record_investments t where t.investor_id = p.user_id) as records from investor_profiles p`,
    );
    expect(startups.length).toBeGreaterThanOrEqual(Math.max(60, DEMO_POPULATION.startups));
    expect(investors.length).toBeGreaterThanOrEqual(Math.max(25, DEMO_POPULATION.investors));
    expect(new Set(startups.map((s) => s.company_name)).size).toBe(startups.length);
    expect(new Set(investors.map((i) => i.firm_name)).size).toBe(investors.length);
    for (const code of ['GB', 'US', 'DE', 'FR', 'IN', 'NG', 'BR'])
      expect(
        startups.some((s) => s.country_code === code),
        code,
      ).toBe(true);
    expect(new Set(startups.map((s) => s.industry)).size).toBeGreaterThanOrEqual(12);
    for (const startup of startups) {
      expect(startup.team.length, startup.company_name).toBeGreaterThan(0);
      for (const key of ['arr', 'monthlyGrowthPercent', 'customers']) expect(typeof startup.financials[key], `${startup.company_name} ${key}`).toBe('number');
    }
    expect(startups.some((s) => !s.raising_now) && startups.some((s) => s.raising_now)).toBe(true);
    expect(investors.some((i) => !i.open_to_new_deals) && investors.some((i) => i.open_to_new_deals)).toBe(true);
    expect(investors.every((i) => i.investment_thesis.length > 40 && i.records >= 4)).toBe(true);
  });

  it('gives each printed login at least 12 matches in every state, pending ones of every kind', async () => {
    for (const login of LOGINS) {
      const id = await idOf(login.username);
      const own = login.side === 'startup' ? sql`startup_id` : sql`investor_id`;
      const mine = login.side === 'startup' ? sql`startup_decision` : sql`investor_decision`;
      const theirs = login.side === 'startup' ? sql`investor_decision` : sql`startup_decision`;
      const [counts] = await rows<Record<string, number>>(
        seeded.database,
        sql`select count(*) filter (where status = 'pending')::int as pending,
                   count(*) filter (where status = 'accepted')::int as accepted,
                   count(*) filter (where status = 'rejected')::int as rejected,
                   count(*) filter (where status = 'pending' and ${mine} = 'pending' and ${theirs} = 'pending')::int as untouched,
                   count(*) filter (where status = 'pending' and ${theirs} = 'accepted')::int as they_accepted,
                   count(*) filter (where status = 'pending' and ${mine} = 'accepted')::int as i_accepted
              from matches where ${own} = ${id}`,
      );
      expect(counts!.pending, login.username).toBeGreaterThanOrEqual(12);
      expect(counts!.accepted, login.username).toBeGreaterThanOrEqual(12);
      expect(counts!.rejected, login.username).toBeGreaterThanOrEqual(12);
      expect(counts!.untouched, login.username).toBeGreaterThan(0);
      expect(counts!.they_accepted, login.username).toBeGreaterThan(0);
      expect(counts!.i_accepted, login.username).toBeGreaterThan(0);
    }
    // Every answered match was answered through the decision service: each decision is logged.
    const [unlogged] = await rows<{ n: number }>(
      seeded.database,
      sql`select count(*)::int as n from matches m where (m.startup_decision <> 'pending' or m.investor_decision <> 'pending')
            and not exists (select 1 from match_decisions d where d.match_id = m.id)`,
    );
    expect(unlogged!.n).toBe(0);
  });

  it('gives each login three conversations with both sides talking, and a plan in progress', async () => {
    for (const login of LOGINS) {
      const id = await idOf(login.username);
      const threads = await rows<{ partner: number; sent: number; received: number }>(
        seeded.database,
        sql`select case when sender_id = ${id} then receiver_id else sender_id end as partner,
                   count(*) filter (where sender_id = ${id})::int as sent, count(*) filter (where receiver_id = ${id})::int as received
              from messages where ${id} in (sender_id, receiver_id) group by 1`,
      );
      expect(threads.filter((thread) => thread.sent >= 2 && thread.received >= 2).length, login.username).toBeGreaterThanOrEqual(3);
      const column = login.side === 'startup' ? sql`startup_id` : sql`investor_id`;
      const plans = await rows<{ done: number; open: number }>(
        seeded.database,
        sql`select count(*) filter (where status = 'completed')::int as done, count(*) filter (where status <> 'completed')::int as open
              from milestones where ${column} = ${id} group by startup_id, investor_id`,
      );
      expect(
        plans.some((plan) => plan.done > 0 && plan.open > 0),
        login.username,
      ).toBe(true);
    }
  });

  it("fills each printed startup's data room with a real PDF deck, PDF financials and an XLSX cap table, shared and viewed on many days", async () => {
    for (const startup of DEMO_STARTUPS) {
      const id = await idOf(startup.username);
      const documents = await rows<{ id: number; type: string; storage_key: string; grants: number }>(
        seeded.database,
        sql`select d.id, d.type, d.storage_key, (select count(*)::int from document_access a where a.document_id = d.id and a.revoked_at is null) as grants
              from documents d where d.user_id = ${id} order by d.id`,
      );
      expect(documents.length).toBeGreaterThanOrEqual(3);
      const pdfs = documents.filter((document) => document.type === 'application/pdf');
      const workbooks = documents.filter((document) => document.type.includes('spreadsheetml'));
      expect(pdfs.length).toBeGreaterThanOrEqual(2);
      expect(workbooks.length).toBeGreaterThanOrEqual(1);
      for (const pdf of pdfs) expect((await readAll(seeded.blobs, pdf.storage_key)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      for (const workbook of workbooks) expect((await readAll(seeded.blobs, workbook.storage_key)).subarray(0, 2).toString('latin1')).toBe('PK');
      expect(documents.every((document) => document.grants > 0)).toBe(true);
      const [views] = await rows<{ days: number; outside: number }>(
        seeded.database,
        sql`select count(distinct date_trunc('day', v.opened_at))::int as days,
                   count(*) filter (where v.opened_at < ${new Date(NOW.getTime() - 30 * DAY_MS)} or v.opened_at > ${NOW})::int as outside
              from document_views v join documents d on d.id = v.document_id where d.user_id = ${id}`,
      );
      expect(views!.days, startup.username).toBeGreaterThanOrEqual(10);
      expect(views!.outside).toBe(0);
    }
  });

  it('leaves saved searches, portfolios and unread notifications for the logins', async () => {
    for (const login of LOGINS) {
      const id = await idOf(login.username);
      const [state] = await rows<{ searches: number; unread: number; holdings: number }>(
        seeded.database,
        sql`select (select count(*)::int from saved_searches where user_id = ${id}) as searches,
                   (select count(*)::int from notifications where recipient_id = ${id} and read_at is null) as unread,
                   (select count(*)::int from portfolio_companies where investor_id = ${id}) as holdings`,
      );
      expect(state!.searches, login.username).toBeGreaterThan(0);
      expect(state!.unread, login.username).toBeGreaterThan(0);
      if (login.side === 'investor') expect(state!.holdings, login.username).toBeGreaterThan(0);
    }
    // The alerts job found profiles that joined after a search was saved.
    const [alerts] = await rows<{ n: number }>(seeded.database, sql`select count(*)::int as n from notifications where type = 'saved_search_matches'`);
    expect(alerts!.n).toBeGreaterThan(0);
    const [jobs] = await rows<{ n: number }>(seeded.database, sql`select count(*)::int as n from jobs where state <> 'succeeded'`);
    expect(jobs!.n).toBe(0);
  });

  it('is deterministic: the same clock gives the same profiles, pairs and states', { timeout: SEED_TIMEOUT_MS }, async () => {
    const snapshot = async (database: DatabaseHandle) => ({
      startups: await rows(
        database,
        sql`select u.username, p.company_name, p.location, p.stage from startup_profiles p join users u on u.id = p.user_id order by u.username`,
      ),
      investors: await rows(
        database,
        sql`select u.username, p.firm_name, p.location from investor_profiles p join users u on u.id = p.user_id order by u.username`,
      ),
      matches: await rows(
        database,
        sql`select s.username as startup, i.username as investor, m.status, m.startup_decision, m.investor_decision
              from matches m join users s on s.id = m.startup_id join users i on i.id = m.investor_id order by 1, 2`,
      ),
    });
    const second = await seedFresh('second');
    try {
      expect(await snapshot(second.database)).toEqual(await snapshot(seeded.database));
    } finally {
      await second.database.close();
    }
  });
});
