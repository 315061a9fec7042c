// The demo seed: on an empty embedded database, create a marketplace that shows every feature, so
// a first `npm start` has something to explore (docs/demo.md). Never runs in production or when
// SEED_DEMO=false (see main.ts). Three steps: the population (demo-population.ts, inserted directly
// in one transaction), then that population using the product through the services
// (demo-relationships.ts), with its data rooms' files made by demo-documents.ts.
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { loadEnv, type Env } from '../env';
import { users } from '../db/schema';
import { matchingJobHandlers, SILENT_EVENTS } from '../app-jobs';
import { createJobQueue } from '../jobs/job-queue';
import { serializeError } from '../logging';
import { createMatchingEngineStore } from '../features/matching';
import { countryCodeOfLocation } from '../features/discovery';
import { hashPassword } from '../features/auth';
import { recordActivity } from '../features/activity';
import { inTransaction, type ServiceLog } from '../service-context';
import type { BlobStore } from '../storage/blob-store';
import { createBlobStore } from '../storage/create-blob-store';
import { insertInvestorProfile, insertStartupProfile, insertUser } from './demo-builders';
import { CURATED_INVESTORS, CURATED_STARTUPS, DEMO_INVESTORS, DEMO_PASSWORD, DEMO_STARTUPS } from './demo-data';
import { DemoRandom, generatePopulation } from './demo-population';
import { DAY_MS, playDemoRelationships, type DemoCast, type SeedContext, type SeededInvestor, type SeededStartup } from './demo-relationships';

/** The population's size: more than 36 investors, so a founder can have 12 matches in each state. */
export const DEMO_POPULATION = { startups: 64, investors: 40 } as const;
/** The seed of the demo's random choices: change it and the whole demo changes, consistently. */
const DEMO_RANDOM_SEED = 19_2026;

/** Demo data only for the embedded database on a developer's machine, never for real deployments. */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV'>, databaseKind: 'pglite' | 'postgres'): boolean {
  return env.SEED_DEMO && env.NODE_ENV !== 'production' && databaseKind === 'pglite';
}

export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

export interface SeedDemoOptions {
  /**
   * Where the data rooms' files go: the app's store. Left out (main.ts, the db:seed script), it is
   * the one the environment configures, the same the app then reads them from.
   */
  blobs?: BlobStore;
  /** Where upload files are written before the pipeline stores them (default: the system temp dir). */
  uploadTmpDir?: string;
}

/**
 * Seeds the demo marketplace and returns the logins to print: two startups, then two investors.
 * `clock` is "now" for the whole story (tests pass a fixed one): every moment in it is relative.
 */
export async function seedDemoData(
  db: AppDatabase,
  clock: () => Date = () => new Date(),
  options: SeedDemoOptions = {},
): Promise<Array<{ username: string; userType: string }>> {
  const log: ServiceLog = {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (obj: unknown, msg?: string) => console.error(msg ?? '', serializeError(obj)),
  };
  const now = clock();
  // The services' jobs (notifications, learning) queue like real ones; the seed runs them itself.
  const jobs = createJobQueue({ db, clock: () => now, log, handlers: matchingJobHandlers(() => seed) });
  // The seed acts for nobody, and for each demo user in turn. Nobody is connected while it runs,
  // so its live events have no one to reach.
  const seed: SeedContext = {
    db,
    clock: () => now,
    actor: null,
    events: SILENT_EVENTS,
    jobs,
    log,
    matchingEngines: createMatchingEngineStore(),
    blobs: options.blobs ?? createBlobStore(loadEnv()),
    uploadTmpDir: options.uploadTmpDir ?? path.join(os.tmpdir(), 'venturematch-demo-uploads'),
  };
  const random = new DemoRandom(DEMO_RANDOM_SEED);
  const cast = await insertDemoPopulation(seed, random);
  await playDemoRelationships(seed, random, cast);
  return [
    ...cast.loginStartups.map((startup) => ({ username: startup.person.username, userType: 'startup' })),
    ...cast.loginInvestors.map((investor) => ({ username: investor.person.username, userType: 'investor' })),
  ];
}

/**
 * The accounts and profiles, in one transaction. The curated people joined half a year ago; the
 * generated ones joined one after another since, the newest in the past few days (so "newest"
 * sorts mean something, and saved searches have new profiles to announce).
 */
async function insertDemoPopulation(seed: SeedContext, random: DemoRandom): Promise<DemoCast> {
  const population = generatePopulation(random, { startups: CURATED_STARTUPS, investors: CURATED_INVESTORS }, DEMO_POPULATION);
  const now = seed.clock().getTime();
  const joinedAt = (index: number, curated: number, total: number) => {
    if (index < curated) return new Date(now - 200 * DAY_MS + index * DAY_MS);
    const position = (index - curated + 1) / (total - curated);
    return new Date(now - Math.max(1, Math.round(180 * (1 - position))) * DAY_MS - random.int(1, 10) * 3_600_000);
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return seed.db.transaction(async (tx) => {
    const insertAccount = async (person: { username: string; firstName: string; lastName: string }, userType: 'startup' | 'investor', createdAt: Date) => {
      const user = await insertUser(
        tx,
        {
          userType,
          username: person.username,
          firstName: person.firstName,
          lastName: person.lastName,
          email: `${person.username}@demo.venturematch.test`,
          password: DEMO_PASSWORD,
          confirmPassword: DEMO_PASSWORD,
        },
        // Demo addresses are on the reserved .test domain: no email could ever verify them, and a
        // visitor exploring the demo should not see the "verify your address" banner. Active lately
        // (the directory's "recently active" order), at a seeded moment of the past two weeks.
        { passwordHash, createdAt, emailVerifiedAt: createdAt, lastActiveAt: new Date(now - random.int(1, 14 * 24) * 3_600_000) },
      );
      await recordActivity(inTransaction(seed, tx), {
        userId: user.id,
        activityType: 'account_created',
        entityId: user.id,
        description: 'Created your VentureMatch account',
      });
      return user.id;
    };
    const startups: SeededStartup[] = [];
    for (const [index, person] of population.startups.entries()) {
      const createdAt = joinedAt(index, CURATED_STARTUPS.length, population.startups.length);
      const id = await insertAccount(person, 'startup', createdAt);
      await insertStartupProfile(tx, id, { ...person.profile, countryCode: countryCodeOfLocation(person.profile.location), createdAt, updatedAt: createdAt });
      startups.push({ id, person });
    }
    const investors: SeededInvestor[] = [];
    for (const [index, person] of population.investors.entries()) {
      const createdAt = joinedAt(index, CURATED_INVESTORS.length, population.investors.length);
      const id = await insertAccount(person, 'investor', createdAt);
      await insertInvestorProfile(tx, id, { ...person.profile, countryCode: countryCodeOfLocation(person.profile.location), createdAt, updatedAt: createdAt });
      investors.push({ id, person });
    }
    const byUsername = <T extends { person: { username: string } }>(list: T[], usernames: string[]) =>
      usernames.map((username) => list.find((entry) => entry.person.username === username)!);
    return {
      startups,
      investors,
      loginStartups: byUsername(
        startups,
        DEMO_STARTUPS.map((startup) => startup.username),
      ),
      loginInvestors: byUsername(
        investors,
        DEMO_INVESTORS.map((investor) => investor.username),
      ),
    };
  });
}

export function describeDemoLogins(logins: Array<{ username: string; userType: string }>): string {
  const lines = logins.map((login) => `  ${login.userType.padEnd(9)} ${login.username}`);
  return ['Demo accounts (password for all: ' + DEMO_PASSWORD + '):', ...lines].join('\n');
}
