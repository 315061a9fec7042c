// The demo seed: on an empty embedded database, create the demo population so a first `npm start`
// has something to explore. Never runs in production or when SEED_DEMO=false (see main.ts).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import type { Env } from '../env';
import { investorProfiles, matches, startupProfiles, users } from '../db/schema';
import { matchingJobHandlers, SILENT_EVENTS } from '../app-jobs';
import { createJobQueue } from '../jobs/job-queue';
import { serializeError } from '../logging';
import { createMatchingEngineStore, decideMatch, generateMatches, type MatchingContext } from '../features/matching';
import { sendMessage } from '../features/messaging';
import { createMilestone } from '../features/milestones';
import { createPortfolioCompany } from '../features/portfolio';
import { CreatePortfolioCompanyBody } from '../../shared/contracts/portfolio';
import type { Actor } from '../actor';
import { actingFor, inTransaction, type ServiceLog } from '../service-context';
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
 * services the API calls: everyone generates matches; each startup accepts its best one and that
 * investor accepts back (both say yes: a connection); each investor declines its weakest open
 * suggestion; a few accepts wait for an answer, so a demo user sees "Wants to connect with you".
 * Connected pairs exchange a first few messages and start a shared plan; investors record what they
 * already hold. Returns the demo logins to print.
 */
export async function seedDemoData(db: AppDatabase, clock: () => Date = () => new Date()): Promise<Array<{ username: string; userType: string }>> {
  const log: ServiceLog = {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (obj: unknown, msg?: string) => console.error(msg ?? '', serializeError(obj)),
  };
  // The decisions queue learning jobs like real ones; the seed runs them itself before it returns.
  const jobs = createJobQueue({ db, clock, log, handlers: matchingJobHandlers(() => seed) });
  // The seed acts for nobody, and for each demo user in turn (actingFor). Nobody is connected
  // while it runs, so its live events have no one to reach.
  const seed: MatchingContext<Actor | null> = { db, clock, actor: null, events: SILENT_EVENTS, jobs, log, matchingEngines: createMatchingEngineStore() };
  const logins = await insertDemoPopulation(seed);
  await playDemoDecisions(seed);
  await playDemoRelationships(seed);
  return logins;
}

type SeedContext = MatchingContext<Actor | null>;

const demoActor = (id: number, userType: Actor['userType']): Actor => ({ id, userType, sessionId: 'demo-seed' });

/** A side's matches that nobody has answered yet, best first. */
async function unansweredMatches(seed: SeedContext, actor: Actor) {
  const ownSide = actor.userType === 'startup' ? matches.startupId : matches.investorId;
  return seed.db
    .select({ id: matches.id, startupId: matches.startupId, investorId: matches.investorId })
    .from(matches)
    .where(and(eq(ownSide, actor.id), eq(matches.startupDecision, 'pending'), eq(matches.investorDecision, 'pending')))
    .orderBy(desc(matches.score), asc(matches.id));
}

async function playDemoDecisions(seed: SeedContext): Promise<void> {
  const { db } = seed;
  const people = await db.select({ id: users.id, userType: users.userType }).from(users).orderBy(asc(users.id));
  const actors = people.map((person) => demoActor(person.id, person.userType as Actor['userType']));
  const startups = actors.filter((actor) => actor.userType === 'startup');
  const investors = actors.filter((actor) => actor.userType === 'investor');
  for (const actor of actors) await generateMatches(actingFor(seed, actor));
  for (const startup of startups) {
    const [best] = await unansweredMatches(seed, startup);
    if (!best) continue;
    await decideMatch(actingFor(seed, startup), { matchId: best.id, status: 'accepted' });
    await decideMatch(actingFor(seed, demoActor(best.investorId, 'investor')), { matchId: best.id, status: 'accepted' });
  }
  for (const investor of investors) {
    const weakest = (await unansweredMatches(seed, investor)).at(-1);
    if (weakest) await decideMatch(actingFor(seed, investor), { matchId: weakest.id, status: 'rejected', reason: 'stage' });
  }
  // Interests that wait for an answer: an investor wants to connect with the first demo startup,
  // and a startup with the first demo investor that still has an unanswered suggestion.
  const [toFirstStartup] = startups[0] ? await unansweredMatches(seed, startups[0]) : [];
  if (toFirstStartup) await decideMatch(actingFor(seed, demoActor(toFirstStartup.investorId, 'investor')), { matchId: toFirstStartup.id, status: 'accepted' });
  for (const investor of investors) {
    const [toInvestor] = await unansweredMatches(seed, investor);
    if (!toInvestor) continue;
    await decideMatch(actingFor(seed, demoActor(toInvestor.startupId, 'startup')), { matchId: toInvestor.id, status: 'accepted' });
    break;
  }
  await seed.jobs.idle();
}

const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function playDemoRelationships(seed: SeedContext): Promise<void> {
  const { db } = seed;
  // The plans' dates are days from the seed's start.
  const now = seed.clock();
  const pairs = await db
    .select({ startupId: matches.startupId, investorId: matches.investorId, companyName: startupProfiles.companyName, investorFirstName: users.firstName })
    .from(matches)
    .innerJoin(startupProfiles, eq(startupProfiles.userId, matches.startupId))
    .innerJoin(users, eq(users.id, matches.investorId))
    .where(eq(matches.status, 'accepted'))
    .orderBy(asc(matches.id));
  for (const pair of pairs) {
    const startup = actingFor(seed, demoActor(pair.startupId, 'startup'));
    const investor = actingFor(seed, demoActor(pair.investorId, 'investor'));
    const [first, reply, followUp] = DEMO_CONVERSATION;
    await sendMessage(startup, { receiverId: pair.investorId, content: first(pair) });
    await sendMessage(investor, { receiverId: pair.startupId, content: reply() });
    await sendMessage(startup, { receiverId: pair.investorId, content: followUp() });
    const plan = [
      {
        title: 'Intro call',
        description: 'Founders walk the partner through the company and the round.',
        status: 'completed' as const,
        date: dayOffset(now, -7),
      },
      { title: 'Due diligence', description: 'Metrics, customer calls and the data room review.', status: 'in_progress' as const, date: dayOffset(now, 10) },
      { title: 'Term sheet', description: 'Agree the headline terms of the investment.', status: 'pending' as const, date: dayOffset(now, 24) },
    ];
    for (const milestone of plan) await createMilestone(startup, { ...milestone, investorId: pair.investorId });
  }

  const investors = await db.select({ id: investorProfiles.userId }).from(investorProfiles).orderBy(asc(investorProfiles.userId));
  for (const [index, { id }] of investors.entries()) {
    for (const offset of [0, 1]) {
      const company = DEMO_PORTFOLIO_COMPANIES[(2 * index + offset) % DEMO_PORTFOLIO_COMPANIES.length]!;
      await createPortfolioCompany(actingFor(seed, demoActor(id, 'investor')), CreatePortfolioCompanyBody.parse(company));
    }
  }
}

async function insertDemoPopulation(seed: SeedContext): Promise<Array<{ username: string; userType: string }>> {
  return seed.db.transaction(async (tx) => {
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
      // Demo addresses are on the reserved .test domain: no email could ever verify them, and a
      // visitor exploring the demo should not see the "verify your address" banner.
      await tx.update(users).set({ emailVerifiedAt: seed.clock() }).where(eq(users.id, user.id));
      await recordActivity(inTransaction(seed, tx), {
        userId: user.id,
        activityType: 'account_created',
        entityId: user.id,
        description: 'Created your VentureMatch account',
      });
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
