// The mutual-consent migration (drizzle/0007_mutual_consent.sql; docs/decisions/0028): rows written
// by one-sided decisions become both sides' decisions. A one-sided accept stays a connection only
// where both have written to each other; a decline stays the decliner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { migrateUpTo } from '../support/migrations';
import { buildTestApp, TestClient } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';
import { buildRegistration } from '../factories';
import { hashPassword } from '../../src/server/features/auth';
import type { RegisterBody } from '../../src/shared/contracts/auth';

let database: DatabaseHandle;
const pairs: Record<string, { startupId: number; investorId: number; matchId: number }> = {};
beforeAll(async () => {
  database = await openTestDatabase({ migrated: false });
  await migrateUpTo(database, '0006_jobs');
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const registrations = new Map<number, RegisterBody>();
/**
 * A user as the schema stood at 0006: written in SQL, because the app's table definition has
 * columns later migrations add (0011's email verification), which this database does not have yet.
 */
async function user(userType: 'startup' | 'investor'): Promise<number> {
  const registration = buildRegistration(userType);
  const [row] = await rows<{ id: number }>(
    sql`insert into users (username, email, password_hash, user_type, first_name, last_name)
        values (${registration.username}, ${registration.email.toLowerCase()}, ${await hashPassword(registration.password)}, ${userType}, ${registration.firstName}, ${registration.lastName})
        returning id`,
  );
  registrations.set(row!.id, registration);
  return row!.id;
}

/** A match in the pre-0007 shape: one status and the side that set it. */
async function oldMatch(startupId: number, investorId: number, status: string, decidedBy: string | null): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`insert into matches (startup_id, investor_id, score, status, decided_by) values (${startupId}, ${investorId}, 70, ${status}, ${decidedBy}) returning id`,
  );
  return row!.id;
}

const logDecision = (matchId: number, userId: number, side: string, decision: string, reason: string | null, minute: number) =>
  database.db.execute(
    sql`insert into match_decisions (match_id, user_id, side, decision, reason, decided_at) values (${matchId}, ${userId}, ${side}, ${decision}, ${reason}, ${`2026-10-01T10:${String(minute).padStart(2, '0')}:00Z`}::timestamptz)`,
  );

const message = (senderId: number, receiverId: number) =>
  database.db.execute(sql`insert into messages (sender_id, receiver_id, content) values (${senderId}, ${receiverId}, 'Hello')`);

describe('migration 0007: mutual consent', () => {
  it('turns one-sided decisions into both sides’ decisions, keeping a connection only where both wrote', async () => {
    const investor = await user('investor');
    const startups = await Promise.all(Array.from({ length: 10 }, () => user('startup')));
    const [lonely, oneWay, talked, declinedByInvestor, declinedByStartup, untouched, loggedOnly, unknownAccept, unknownDecline, reconsidered] = startups as [
      number,
      ...number[],
    ];
    const ids = {
      // Accepted by the startup; nobody wrote.
      lonely: await oldMatch(lonely, investor, 'accepted', 'startup'),
      // Accepted by the investor; only the startup wrote.
      oneWay: await oldMatch(oneWay!, investor, 'accepted', 'investor'),
      // Accepted by the startup; both wrote to each other.
      talked: await oldMatch(talked!, investor, 'accepted', 'startup'),
      declinedByInvestor: await oldMatch(declinedByInvestor!, investor, 'rejected', 'investor'),
      declinedByStartup: await oldMatch(declinedByStartup!, investor, 'rejected', 'startup'),
      untouched: await oldMatch(untouched!, investor, 'pending', null),
      // Decided before decided_by existed: the decision log says who.
      loggedOnly: await oldMatch(loggedOnly!, investor, 'accepted', null),
      // Nobody recorded who accepted or declined.
      unknownAccept: await oldMatch(unknownAccept!, investor, 'accepted', null),
      unknownDecline: await oldMatch(unknownDecline!, investor, 'rejected', null),
      // Declined, then reconsidered, by the startup.
      reconsidered: await oldMatch(reconsidered!, investor, 'accepted', 'startup'),
    };
    pairs.talked = { startupId: talked!, investorId: investor, matchId: ids.talked };
    pairs.lonely = { startupId: lonely, investorId: investor, matchId: ids.lonely };
    await message(oneWay!, investor);
    await message(talked!, investor);
    await message(investor, talked!);
    await logDecision(ids.declinedByInvestor, investor, 'investor', 'rejected', 'stage', 1);
    await logDecision(ids.declinedByStartup, declinedByStartup!, 'startup', 'rejected', null, 1);
    await logDecision(ids.loggedOnly, investor, 'investor', 'accepted', null, 1);
    await logDecision(ids.reconsidered, reconsidered!, 'startup', 'rejected', 'timing', 1);
    await logDecision(ids.reconsidered, reconsidered!, 'startup', 'accepted', null, 2);

    await runMigrations(database);

    const migrated = await rows<Record<string, unknown>>(sql`
      select id, status, startup_decision, investor_decision, startup_decline_reason, investor_decline_reason, startup_shares_reason, investor_shares_reason
        from matches order by id`);
    const byId = new Map(migrated.map((row) => [row.id as number, row]));
    const state = (id: number) => {
      const row = byId.get(id)!;
      return [row.status, row.startup_decision, row.investor_decision];
    };
    expect(state(ids.lonely)).toEqual(['pending', 'accepted', 'pending']);
    expect(state(ids.oneWay)).toEqual(['pending', 'pending', 'accepted']);
    expect(state(ids.talked)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(state(ids.declinedByInvestor)).toEqual(['rejected', 'pending', 'rejected']);
    expect(state(ids.declinedByStartup)).toEqual(['rejected', 'rejected', 'pending']);
    expect(state(ids.untouched)).toEqual(['pending', 'pending', 'pending']);
    expect(state(ids.loggedOnly)).toEqual(['pending', 'pending', 'accepted']);
    expect(state(ids.unknownAccept)).toEqual(['pending', 'pending', 'pending']);
    expect(state(ids.unknownDecline)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(state(ids.reconsidered)).toEqual(['pending', 'accepted', 'pending']);
    // The decliner's reason is copied and kept private; a reconsidered decline keeps none.
    expect(byId.get(ids.declinedByInvestor)).toMatchObject({ investor_decline_reason: 'stage', investor_shares_reason: false, startup_decline_reason: null });
    expect(byId.get(ids.reconsidered)).toMatchObject({ startup_decline_reason: null });
    expect(migrated.every((row) => row.startup_shares_reason === false && row.investor_shares_reason === false)).toBe(true);

    // decided_by is gone, and the decision columns accept only the three answers.
    const columns = await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'matches'`);
    expect(columns.map((column) => column.column_name)).not.toContain('decided_by');
    await expect(database.db.execute(sql`update matches set startup_decision = 'maybe' where id = ${ids.lonely}`)).rejects.toThrow();
  });

  it('leaves a database the app runs on: the pair that wrote to each other can still message, a one-sided accept cannot', async () => {
    const app = await buildTestApp(database);
    try {
      const signIn = async (userId: number) => {
        const { username, password } = registrations.get(userId)!;
        const client = new TestClient(app, `198.18.15.${userId % 250}`);
        expect((await client.request({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode).toBe(200);
        return client;
      };
      const talked = await signIn(pairs.talked!.startupId);
      expect(
        (await talked.request({ method: 'POST', url: '/api/messages', payload: { receiverId: pairs.talked!.investorId, content: 'Still there?' } })).statusCode,
      ).toBe(201);
      const lonely = await signIn(pairs.lonely!.startupId);
      expect(
        (await lonely.request({ method: 'POST', url: '/api/messages', payload: { receiverId: pairs.lonely!.investorId, content: 'Hello?' } })).statusCode,
      ).toBe(403);
      // The startup's migrated yes is its own answer now, waiting for the investor's.
      const again = await lonely.request({ method: 'POST', url: `/api/matches/${pairs.lonely!.matchId}/update`, payload: { status: 'accepted' } });
      expect(again.json()).toEqual({ message: 'You have already accepted this match; it now waits for the other side.' });
    } finally {
      await app.close();
    }
  });
});
