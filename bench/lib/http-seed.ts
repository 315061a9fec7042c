// The account `npm run bench:http` reads (docs/performance.md): a startup and an investor with a
// year of history, built on a migrated database before the server process opens it. The product's
// own services do what has rules (match generation with real explanations, both sides' decisions,
// uploads of real PDFs into the blob store, shares to connected investors); bulk history that has
// no rules worth replaying (messages, the activity feed, document views) goes in with plain inserts
// whose timestamps are spread over the past year. Deterministic for a given seed.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '../../src/server/actor';
import { matchingJobHandlers, SILENT_EVENTS } from '../../src/server/app-jobs';
import type { DatabaseHandle } from '../../src/server/db/client';
import { activities, documents, documentViews, investorProfiles, matches, messages, startupProfiles, users } from '../../src/server/db/schema';
import { insertInvestorProfile, insertStartupProfile } from '../../src/server/demo/demo-builders';
import { loadEnv } from '../../src/server/env';
import { hashPassword } from '../../src/server/features/auth';
// Importing the data room's index registers its reactions to new connections, as the app does.
import '../../src/server/features/data-room';
import { storeUploadedDocument } from '../../src/server/features/data-room/documents.service';
import { grantDocumentAccess } from '../../src/server/features/data-room/grants.service';
import { createMatchingEngineStore, decideMatch, generateMatches, type MatchingContext } from '../../src/server/features/matching';
import { createJobQueue } from '../../src/server/jobs/job-queue';
import { actingFor, type ServiceLog } from '../../src/server/service-context';
import { createBlobStore } from '../../src/server/storage/create-blob-store';
import { ACTIVITY_TYPES, DOCUMENT_CATEGORIES } from '../../src/shared/enums';
import { pdfBytes } from '../../tests/support/document-fixtures';
import { createRandom, generatePopulation, type Random } from './synthetic-population';

export const BENCH_PASSWORD = 'Bench-Http-Passphrase-1';
export const BENCH_STARTUP_USERNAME = 'bench_startup';
export const BENCH_INVESTOR_USERNAME = 'bench_investor';

/** How the subject accounts' matches end up (50 each, best score first). */
const MATCH_PLAN = { connected: 30, theyWantToConnect: 8, iWantToConnect: 4, declined: 4 } as const;
const DOCUMENTS_PER_SUBJECT = 20;
const INVESTORS_PER_STARTUP_DOCUMENT = 5;
const ACTIVITY_DAYS = 365;
const ACTIVITIES_PER_DAY = 2;
// Enough of each side that both subjects find 50 suggestions above the score floor.
const POPULATION = { startups: 300, investors: 300 };
const DAY_MS = 86_400_000;

export interface SeededAccounts {
  startup: { id: number; username: string };
  investor: { id: number; username: string };
  password: string;
  /** What was written, for the printed header (rows per table for the two subjects). */
  counts: Record<string, number>;
  seconds: number;
}

type SeedContext = MatchingContext<Actor | null>;

const quietLog: ServiceLog = { debug: () => {}, info: () => {}, warn: () => {}, error: (obj, msg) => console.error(msg ?? '', obj) };

const actorOf = (id: number, userType: Actor['userType']): Actor => ({ id, userType, sessionId: 'bench-seed' });

/** Profiles of the other sides straight into the tables, with one shared password hash (hashing 600 is not what we measure). */
async function insertPopulation(database: DatabaseHandle, random: Random): Promise<void> {
  const population = generatePopulation({ ...POPULATION, seed: 11 });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const foundingDate = () => `${2012 + Math.floor(random() * 12)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
  const insertUsers = (userType: 'startup' | 'investor', ids: number[]) =>
    database.db
      .insert(users)
      .values(
        ids.map((id) => ({
          username: `${userType}_${id}`,
          email: `${userType}_${id}@bench.venturematch.test`,
          passwordHash,
          userType,
          firstName: `Founder${id}`,
          lastName: userType === 'startup' ? 'Startupson' : 'Investorsen',
        })),
      )
      .returning({ id: users.id });
  const startupIds = await insertUsers(
    'startup',
    population.startups.map((s) => s.raw.id),
  );
  await database.db.insert(startupProfiles).values(
    population.startups.map(({ raw }, n) => ({
      userId: startupIds[n]!.id,
      companyName: `Startup ${raw.id} Labs`,
      website: `https://startup-${raw.id}.example.com`,
      foundingDate: foundingDate(),
      location: raw.location,
      stage: raw.stage,
      industry: raw.industry,
      description: raw.description,
      teamSize: 2 + Math.floor(random() * 40),
      fundingGoal: raw.fundingGoal,
      businessModel: raw.businessModel,
      financials: raw.financials,
      investorPreferences: raw.investorPreferences,
      profileCompleteness: 85,
    })) as Array<typeof startupProfiles.$inferInsert>,
  );
  const investorIds = await insertUsers(
    'investor',
    population.investors.map((i) => i.raw.id),
  );
  await database.db.insert(investorProfiles).values(
    population.investors.map(({ raw }, n) => ({
      userId: investorIds[n]!.id,
      firmName: `Fund ${raw.id} Partners`,
      website: `https://fund-${raw.id}.example.com`,
      foundingDate: foundingDate(),
      location: raw.location,
      description: raw.description,
      investmentThesis: raw.investmentThesis,
      industryFocus: raw.industryFocus as string[],
      stagePreference: raw.stagePreference as string[],
      investmentRange: raw.investmentRange as string[],
      portfolioSize: raw.portfolioSize,
      profileCompleteness: 85,
    })) as Array<typeof investorProfiles.$inferInsert>,
  );
}

async function insertSubjects(database: DatabaseHandle): Promise<{ startupId: number; investorId: number }> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const insertSubject = async (username: string, userType: 'startup' | 'investor', firstName: string, lastName: string) => {
    const [row] = await database.db
      .insert(users)
      .values({ username, email: `${username}@bench.venturematch.test`, passwordHash, userType, firstName, lastName })
      .returning({ id: users.id });
    return row!.id;
  };
  const startupId = await insertSubject(BENCH_STARTUP_USERNAME, 'startup', 'Maya', 'Okafor');
  await insertStartupProfile(database.db, startupId, {
    companyName: 'Ledgerlight',
    location: 'London, UK',
    stage: 'Seed',
    industry: 'FinTech',
    description:
      'Ledgerlight gives small businesses real-time bookkeeping, invoicing and cash-flow forecasting in one subscription, ' +
      'connected to their bank accounts and payment providers, so owners see tomorrow’s cash position today.',
    website: 'https://ledgerlight.example.com',
    foundingDate: '2022-03-14',
    teamSize: 9,
    fundingGoal: 1_500_000,
    businessModel: { revenueModel: 'Subscription', pricing: '£49–£199 per month', customers: 'Small businesses in the UK and Ireland' },
    financials: { monthlyRevenue: 42_000, growthRate: 12, burnRate: 65_000, runwayMonths: 14 },
    team: [
      { name: 'Maya Okafor', role: 'CEO', link: 'https://www.linkedin.com/in/maya-okafor' },
      { name: 'Tom Reyes', role: 'CTO', link: 'https://www.linkedin.com/in/tom-reyes' },
      { name: 'Priya Shah', role: 'Head of Growth', link: 'https://www.linkedin.com/in/priya-shah' },
    ],
    investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$500K - $1M', '$1M - $3M'], industries: ['FinTech', 'SaaS'], location: 'Europe' },
  });
  const investorId = await insertSubject(BENCH_INVESTOR_USERNAME, 'investor', 'Jonas', 'Lindqvist');
  await insertInvestorProfile(database.db, investorId, {
    firmName: 'Northlight Ventures',
    location: 'Stockholm, Sweden',
    description: 'An early-stage fund backing technical founders in health, education and climate across Europe.',
    investmentThesis:
      'Software that changes how care is delivered and how people learn: clinics, diagnostics, tutoring and upskilling, ' +
      'with recurring revenue and a clear path to a regulated moat.',
    website: 'https://northlight.example.com',
    foundingDate: '2015-09-01',
    stagePreference: ['Pre-seed', 'Seed', 'Series A'],
    industryFocus: ['HealthTech', 'EdTech', 'CleanTech'],
    investmentRange: ['$250K - $500K', '$500K - $1M', '$1M - $3M'],
    portfolioSize: 34,
  });
  await database.db.insert(activities).values(
    [startupId, investorId].map((userId) => ({
      userId,
      activityType: 'account_created',
      entityId: userId,
      description: 'Created your VentureMatch account',
    })),
  );
  return { startupId, investorId };
}

/** Generates the subject's matches, then answers them per MATCH_PLAN through the decision service. */
async function playMatches(seed: SeedContext, subject: Actor, otherSubjectId: number): Promise<number[]> {
  await generateMatches(actingFor(seed, subject));
  const own = subject.userType === 'startup' ? matches.startupId : matches.investorId;
  const rows = await seed.db
    .select({ id: matches.id, startupId: matches.startupId, investorId: matches.investorId })
    .from(matches)
    .where(eq(own, subject.id))
    .orderBy(sql`${matches.score} desc`, matches.id);
  const counterpart = (row: { startupId: number; investorId: number }) =>
    subject.userType === 'startup' ? actorOf(row.investorId, 'investor') : actorOf(row.startupId, 'startup');
  // The two subjects never decide each other's match: each one's plan stays its own.
  const playable = rows.filter((row) => counterpart(row).id !== otherSubjectId);
  const connected: number[] = [];
  let at = 0;
  const next = (count: number) => playable.slice(at, (at += count));
  for (const row of next(MATCH_PLAN.connected)) {
    await decideMatch(actingFor(seed, subject), { matchId: row.id, status: 'accepted' });
    await decideMatch(actingFor(seed, counterpart(row)), { matchId: row.id, status: 'accepted' });
    connected.push(counterpart(row).id);
  }
  for (const row of next(MATCH_PLAN.theyWantToConnect)) await decideMatch(actingFor(seed, counterpart(row)), { matchId: row.id, status: 'accepted' });
  for (const row of next(MATCH_PLAN.iWantToConnect)) await decideMatch(actingFor(seed, subject), { matchId: row.id, status: 'accepted' });
  for (const row of next(MATCH_PLAN.declined)) await decideMatch(actingFor(seed, subject), { matchId: row.id, status: 'rejected', reason: 'stage' });
  return connected;
}

const LINES = [
  'Thanks for connecting! Happy to share the deck and our latest numbers.',
  'Could you walk me through your retention by cohort? The last two quarters in particular.',
  'Sure, I have added the cohort sheet to the data room. Net revenue retention is 118% for 2024 cohorts.',
  'Great. Are you free for a call on Thursday afternoon? 30 minutes should be enough for a first pass.',
  'Thursday works. I will send an invite for 3pm CET with our CTO on the line as well.',
  'We are looking to close the round by the end of next quarter; about half is committed.',
  'Our partners meeting is on Monday: I will come back to you with next steps right after.',
  'Quick update: we signed two new enterprise pilots this month, details in the monthly update.',
];

/** A conversation with each connected partner: 6–30 messages spread over the year, some unread. */
async function insertConversations(database: DatabaseHandle, subjectId: number, partners: number[], now: Date, random: Random): Promise<number> {
  const rows: Array<typeof messages.$inferInsert> = [];
  for (const [index, partnerId] of partners.entries()) {
    const count = 6 + Math.floor(random() * 25);
    const startDay = ACTIVITY_DAYS - Math.floor(random() * (ACTIVITY_DAYS - 30));
    for (let n = 0; n < count; n++) {
      const fromSubject = n % 2 === 0;
      const isLast = n === count - 1;
      rows.push({
        senderId: fromSubject ? subjectId : partnerId,
        receiverId: fromSubject ? partnerId : subjectId,
        content: LINES[(index + n) % LINES.length]!,
        // A third of the threads end with the partner's message still unread.
        read: !(isLast && !fromSubject && index % 3 === 0),
        sentAt: new Date(now.getTime() - ((startDay * (count - n)) / count) * DAY_MS - Math.floor(random() * 3_600_000)),
      });
    }
  }
  await database.db.insert(messages).values(rows);
  return rows.length;
}

/** Uploads real PDFs through the data room's service, as the upload route would after receiving them. */
async function uploadDocuments(seed: SeedContext, dataDir: string, owner: Actor, count: number, label: string): Promise<number[]> {
  const env = loadEnv({ DATA_DIR: dataDir });
  const uploadTmpDir = path.join(dataDir, 'tmp');
  mkdirSync(uploadTmpDir, { recursive: true });
  const context = { ...actingFor(seed, owner), blobs: createBlobStore(env), uploadTmpDir };
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const bytes = pdfBytes(1 + (n % 4), 8_000 + n * 1_500);
    const tmpPath = path.join(uploadTmpDir, `bench-upload-${owner.id}-${n}`);
    writeFileSync(tmpPath, bytes);
    const category = DOCUMENT_CATEGORIES[n % DOCUMENT_CATEGORIES.length]!;
    const summary = await storeUploadedDocument(context, {
      upload: {
        tmpPath,
        filename: `${label} ${category} ${n + 1}.pdf`,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fields: { type: category },
      },
      ip: '127.0.0.1',
    });
    ids.push(summary.id);
  }
  return ids;
}

/** What an entry of this type names in entityId (activity.service.ts, TARGETS). */
function entityPoolOf(activityType: string, entityIds: { match: number[]; document: number[]; person: number[] }): number[] {
  if (activityType === 'document_deleted') return [];
  if (activityType.startsWith('document_')) return entityIds.document;
  if (['match_updated', 'interest_received', 'connection_made', 'connection_ended'].includes(activityType)) return entityIds.match;
  if (['viewed_profile', 'partner_milestone_changed'].includes(activityType)) return entityIds.person;
  return [];
}

/** A year of feed entries: every type, each naming a real thing where the type names one. */
async function insertActivityYear(
  database: DatabaseHandle,
  userId: number,
  entityIds: { match: number[]; document: number[]; person: number[] },
  now: Date,
  random: Random,
) {
  const rows: Array<typeof activities.$inferInsert> = [];
  for (let day = ACTIVITY_DAYS; day > 0; day--) {
    for (let n = 0; n < ACTIVITIES_PER_DAY; n++) {
      const activityType = ACTIVITY_TYPES[Math.floor(random() * ACTIVITY_TYPES.length)]!;
      const pool = entityPoolOf(activityType, entityIds);
      rows.push({
        userId,
        activityType,
        entityId: pool.length > 0 ? pool[Math.floor(random() * pool.length)]! : null,
        description: `Bench history entry: ${activityType.replaceAll('_', ' ')}`,
        createdAt: new Date(now.getTime() - day * DAY_MS + Math.floor(random() * DAY_MS)),
      });
    }
  }
  await database.db.insert(activities).values(rows);
  return rows.length;
}

/**
 * Seeds the two subject accounts on a migrated, empty database. `dataDir` is the server's
 * DATA_DIR: the uploaded PDFs go to its blob store, where the server will look for them.
 */
export async function seedBenchAccounts(database: DatabaseHandle, dataDir: string): Promise<SeededAccounts> {
  const started = performance.now();
  const random = createRandom(23);
  const clock = () => new Date();
  const jobs = createJobQueue({ db: database.db, clock, log: quietLog, handlers: matchingJobHandlers(() => seed) });
  const seed: SeedContext = { db: database.db, clock, actor: null, events: SILENT_EVENTS, jobs, log: quietLog, matchingEngines: createMatchingEngineStore() };

  await insertPopulation(database, random);
  const { startupId, investorId } = await insertSubjects(database);
  const startup = actorOf(startupId, 'startup');
  const investor = actorOf(investorId, 'investor');
  const startupPartners = await playMatches(seed, startup, investorId);
  const investorPartners = await playMatches(seed, investor, startupId);
  await jobs.idle();

  const now = clock();
  const messageCount =
    (await insertConversations(database, startupId, startupPartners, now, random)) +
    (await insertConversations(database, investorId, investorPartners, now, random));

  // The startup's data room, each document shared with a few connected investors; and documents
  // from the investor's connected startups, shared with it.
  const startupDocuments = await uploadDocuments(seed, dataDir, startup, DOCUMENTS_PER_SUBJECT, 'Ledgerlight');
  for (const [n, documentId] of startupDocuments.entries()) {
    for (let k = 0; k < INVESTORS_PER_STARTUP_DOCUMENT; k++) {
      const investorIdToShare = startupPartners[(n + k * 3) % startupPartners.length]!;
      await grantDocumentAccess(actingFor(seed, startup), { documentId, investorId: investorIdToShare, ip: '127.0.0.1' });
    }
  }
  const sharedWithInvestor: number[] = [];
  for (let n = 0; n < DOCUMENTS_PER_SUBJECT / 2; n++) {
    const owner = actorOf(investorPartners[n % investorPartners.length]!, 'startup');
    for (const documentId of await uploadDocuments(seed, dataDir, owner, 2, `Startup ${owner.id}`)) {
      await grantDocumentAccess(actingFor(seed, owner), { documentId, investorId, ip: '127.0.0.1' });
      sharedWithInvestor.push(documentId);
    }
  }
  // Opens of the startup's documents by the investors they were shared with, over the year.
  const views = startupDocuments.flatMap((documentId, n) =>
    Array.from({ length: 6 }, (_, k) => ({
      documentId,
      viewerId: startupPartners[(n + k * 3) % startupPartners.length]!,
      openedAt: new Date(now.getTime() - Math.floor(random() * ACTIVITY_DAYS) * DAY_MS),
      durationMs: 5_000 + Math.floor(random() * 240_000),
    })),
  );
  await database.db.insert(documentViews).values(views);

  // The services stamped everything "now": spread the subjects' matches and documents over the year.
  const subjectMatches = or(eq(matches.startupId, startupId), eq(matches.investorId, investorId));
  await database.db
    .update(matches)
    .set({ createdAt: sql`${matches.createdAt} - (random() * 300 + 30) * interval '1 day'` })
    .where(subjectMatches);
  await database.db
    .update(documents)
    .set({ uploadedAt: sql`${documents.uploadedAt} - (random() * 300) * interval '1 day'` })
    .where(inArray(documents.id, [...startupDocuments, ...sharedWithInvestor]));

  const matchIds = async (side: 'startup' | 'investor', id: number) =>
    (
      await database.db
        .select({ id: matches.id })
        .from(matches)
        .where(side === 'startup' ? eq(matches.startupId, id) : eq(matches.investorId, id))
    ).map((row) => row.id);
  const startupMatchIds = await matchIds('startup', startupId);
  const investorMatchIds = await matchIds('investor', investorId);
  const activityCount =
    (await insertActivityYear(database, startupId, { match: startupMatchIds, document: startupDocuments, person: startupPartners }, now, random)) +
    (await insertActivityYear(database, investorId, { match: investorMatchIds, document: sharedWithInvestor, person: investorPartners }, now, random));

  return {
    startup: { id: startupId, username: BENCH_STARTUP_USERNAME },
    investor: { id: investorId, username: BENCH_INVESTOR_USERNAME },
    password: BENCH_PASSWORD,
    counts: {
      'startup matches': startupMatchIds.length,
      'investor matches': investorMatchIds.length,
      'connected (each)': startupPartners.length,
      messages: messageCount,
      'startup documents': startupDocuments.length,
      'documents shared with the investor': sharedWithInvestor.length,
      'document views': views.length,
      'year of feed entries (both)': activityCount,
    },
    seconds: (performance.now() - started) / 1000,
  };
}
