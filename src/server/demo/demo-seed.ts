// The demo seed: on an empty embedded database, create the demo population so a first `npm start`
// has something to explore. Never runs in production or when SEED_DEMO=false (see main.ts).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import type { Env } from '../env';
import { investorProfiles, matches, startupProfiles, users } from '../db/schema';
import { matchingJobHandlers } from '../app-jobs';
import { createJobQueue } from '../jobs/job-queue';
import { serializeError } from '../logging';
import { createMatchingEngineStore, decideMatch, generateMatches } from '../features/matching';
import { sendMessage } from '../features/messaging';
import { createMilestone } from '../features/milestones';
import { createPortfolioCompany } from '../features/portfolio';
import { CreatePortfolioCompanyBody } from '../../shared/contracts/portfolio';
import type { Actor } from '../actor';
import type { EventHub } from '../realtime/event-hub';
import { insertInvestorProfile, insertStartupProfile, insertUser } from './demo-builders';
import { recordActivity } from '../features/activity';
import { DEMO_CONVERSATION, DEMO_INVESTORS, DEMO_PASSWORD, DEMO_PORTFOLIO_COMPANIES, DEMO_STARTUPS } from './demo-data';

/** Demo data only for the embedded database on a developer's machine, never for real deployments. */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV'>, databaseKind: 'pglite' | 'postgres'): boolean {
  return env.SEED_DEMO && env.NODE_ENV !== 'production' && databaseKind === 'pglite';
}

export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/**
 * Inserts the demo population in one transaction, then lets it use the product through the same
 * services the API calls: everyone generates matches, each startup accepts its best one, each
 * investor declines its weakest open suggestion; connected pairs exchange a first few messages and
 * start a shared plan; investors record what they already hold. Returns the demo logins to print.
 */
export async function seedDemoData(db: AppDatabase, now = new Date()): Promise<Array<{ username: string; userType: string }>> {
  const logins = await insertDemoPopulation(db);
  await playDemoDecisions(db);
  await playDemoRelationships(db, now);
  return logins;
}

// Nobody is connected while the seed runs, so its live events have no one to reach.
const SEED_EVENTS: EventHub = { publish: async () => {}, subscribe: () => () => {}, start: async () => {}, stop: async () => {} };

async function playDemoDecisions(db: AppDatabase): Promise<void> {
  const logger = { info: () => {}, warn: () => {}, error: (obj: unknown, msg?: string) => console.error(msg ?? '', serializeError(obj)) };
  const engines = createMatchingEngineStore();
  const clock = () => new Date();
  // The decisions queue learning jobs like real ones; the seed runs them itself before it returns.
  const jobs = createJobQueue({ db, clock, log: logger, handlers: matchingJobHandlers({ db, engines, clock }) });
  const deps = { db, events: SEED_EVENTS, engines, jobs };
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
  await deps.jobs.idle();
}

const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function playDemoRelationships(db: AppDatabase, now: Date): Promise<void> {
  const deps = { db, events: SEED_EVENTS, now: () => now };
  const actor = (id: number, userType: Actor['userType']): Actor => ({ id, userType, sessionId: 'demo-seed' });
  const pairs = await db
    .select({ startupId: matches.startupId, investorId: matches.investorId, companyName: startupProfiles.companyName, investorFirstName: users.firstName })
    .from(matches)
    .innerJoin(startupProfiles, eq(startupProfiles.userId, matches.startupId))
    .innerJoin(users, eq(users.id, matches.investorId))
    .where(eq(matches.status, 'accepted'))
    .orderBy(asc(matches.id));
  for (const pair of pairs) {
    const startup = actor(pair.startupId, 'startup');
    const investor = actor(pair.investorId, 'investor');
    const [first, reply, followUp] = DEMO_CONVERSATION;
    await sendMessage(deps, startup, { receiverId: pair.investorId, content: first(pair) });
    await sendMessage(deps, investor, { receiverId: pair.startupId, content: reply() });
    await sendMessage(deps, startup, { receiverId: pair.investorId, content: followUp() });
    const plan = [
      { title: 'Intro call', description: 'Founders walk the partner through the company and the round.', status: 'completed' as const, date: dayOffset(now, -7) },
      { title: 'Due diligence', description: 'Metrics, customer calls and the data room review.', status: 'in_progress' as const, date: dayOffset(now, 10) },
      { title: 'Term sheet', description: 'Agree the headline terms of the investment.', status: 'pending' as const, date: dayOffset(now, 24) },
    ];
    for (const milestone of plan) await createMilestone(deps, startup, { ...milestone, investorId: pair.investorId });
  }

  const investors = await db.select({ id: investorProfiles.userId }).from(investorProfiles).orderBy(asc(investorProfiles.userId));
  for (const [index, { id }] of investors.entries()) {
    for (const offset of [0, 1]) {
      const company = DEMO_PORTFOLIO_COMPANIES[(2 * index + offset) % DEMO_PORTFOLIO_COMPANIES.length]!;
      await createPortfolioCompany(db, actor(id, 'investor'), CreatePortfolioCompanyBody.parse(company));
    }
  }
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
