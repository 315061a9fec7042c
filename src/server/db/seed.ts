// The demo seed: on an empty embedded database, create the demo population so a first `npm start`
// has something to explore. Never runs in production or when SEED_DEMO=false (see main.ts).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from './client';
import type { Env } from '../env';
import { matches, users } from './schema';
import { createBackgroundTasks } from '../background-tasks';
import { createMatchingEngineStore } from '../features/matching/engine-store';
import { generateMatches } from '../features/matching/generation.service';
import { decideMatch } from '../features/matching/matching.service';
import type { Actor } from '../http/session';
import type { EventHub } from '../realtime/event-hub';
import { insertInvestorProfile, insertStartupProfile, insertUser } from '../../../tests/factories';
import { recordActivity } from '../features/activity/activity.service';
import { DEMO_INVESTORS, DEMO_PASSWORD, DEMO_STARTUPS } from './demo-data';

/** Demo data only for the embedded database on a developer's machine, never for real deployments. */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV'>, databaseKind: 'pglite' | 'postgres'): boolean {
  return env.SEED_DEMO && env.NODE_ENV !== 'production' && databaseKind === 'pglite';
}

export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/**
 * Inserts the demo population in one transaction, then lets it use the product: everyone generates
 * matches, each startup accepts its best one, and each investor declines its weakest open suggestion.
 * Returns the demo logins to print.
 */
export async function seedDemoData(db: AppDatabase): Promise<Array<{ username: string; userType: string }>> {
  const logins = await insertDemoPopulation(db);
  await playDemoDecisions(db);
  return logins;
}

// Nobody is connected while the seed runs, so its live events have no one to reach.
const SEED_EVENTS: EventHub = { publish: async () => {}, subscribe: () => () => {}, start: async () => {}, stop: async () => {} };

async function playDemoDecisions(db: AppDatabase): Promise<void> {
  const logger = { error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj) };
  const deps = { db, events: SEED_EVENTS, engines: createMatchingEngineStore(), background: createBackgroundTasks(logger) };
  const people = await db.select({ id: users.id, userType: users.userType }).from(users).orderBy(asc(users.id));
  const actors: Actor[] = people.map((person) => ({ id: person.id, userType: person.userType as Actor['userType'], sessionId: 'demo-seed' }));
  for (const actor of actors) await generateMatches(deps, actor);
  for (const actor of actors) {
    const ownSide = actor.userType === 'startup' ? matches.startupId : matches.investorId;
    const pending = await db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(ownSide, actor.id), eq(matches.status, 'pending')))
      .orderBy(desc(matches.score), asc(matches.id));
    if (actor.userType === 'startup' && pending[0]) await decideMatch(deps, actor, pending[0].id, { status: 'accepted' });
    if (actor.userType === 'investor' && pending.length > 0) await decideMatch(deps, actor, pending.at(-1)!.id, { status: 'rejected', reason: 'stage' });
  }
  await deps.background.idle();
}

async function insertDemoPopulation(db: AppDatabase): Promise<Array<{ username: string; userType: string }>> {
  return db.transaction(async (tx) => {
    const insertAccount = async (person: { username: string; firstName: string; lastName: string }, userType: 'startup' | 'investor') => {
      const user = await insertUser(tx, {
        userType,
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        email: `${person.username}@demo.venturematch.test`,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
      });
      await recordActivity(tx, { userId: user.id, activityType: 'account_created', entityId: user.id, description: 'Created your VentureMatch account' });
      return user.id;
    };
    for (const startup of DEMO_STARTUPS) await insertStartupProfile(tx, await insertAccount(startup, 'startup'), startup.profile);
    for (const investor of DEMO_INVESTORS) await insertInvestorProfile(tx, await insertAccount(investor, 'investor'), investor.profile);
    return [
      ...DEMO_STARTUPS.map((startup) => ({ username: startup.username, userType: 'startup' })),
      ...DEMO_INVESTORS.map((investor) => ({ username: investor.username, userType: 'investor' })),
    ];
  });
}

export function describeDemoLogins(logins: Array<{ username: string; userType: string }>): string {
  const lines = logins.map((login) => `  ${login.userType.padEnd(9)} ${login.username}`);
  return ['Demo accounts (password for all: ' + DEMO_PASSWORD + '):', ...lines].join('\n');
}
