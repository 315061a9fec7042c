// The demo population using the product: matches, decisions, conversations, shared plans, data
// rooms with views, portfolios, track records and saved searches, all through the services the API
// calls (so consent, intake, sharing and notification rules hold), each at a moment in the past few
// weeks: a service context whose clock is moved to that moment. Deterministic: every choice comes
// from the seeded DemoRandom and every time from the seed's clock.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { documents, matches, messages, notifications } from '../db/schema';
import { endDocumentView, startDocumentView, storeUploadedDocument, updateDataRoomSettings, type DataRoomContext } from '../features/data-room';
import { checkSavedSearchAlerts, connectFromDirectory, createSavedSearch } from '../features/discovery';
import { decideMatch, ensureDirectoryMatch, generateMatches, MATCHING_JOBS, type MatchingContext } from '../features/matching';
import { sendMessage } from '../features/messaging';
import { NOTIFICATION_JOBS } from '../features/notifications';
import { createMilestone } from '../features/milestones';
import { createPortfolioCompany } from '../features/portfolio';
import { importTrackRecord } from '../features/track-record';
import { CreatePortfolioCompanyBody } from '../../shared/contracts/portfolio';
import type { DiscoverFilters } from '../../shared/contracts/discovery';
import type { DeclineReason } from '../../shared/enums';
import { actingFor } from '../service-context';
import type { BlobStore } from '../storage/blob-store';
import { DEMO_PORTFOLIO_COMPANIES, type DemoStartup } from './demo-data';
import { dataRoomFiles } from './demo-documents';
import { generateTrackRecord, type DemoRandom } from './demo-population';
import type { DemoInvestor } from './demo-data';

export type SeedContext = MatchingContext<Actor | null> & { blobs: BlobStore; uploadTmpDir: string };

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A seeded account: who it is in the demo data, and its user id. */
export interface SeededStartup {
  id: number;
  person: DemoStartup;
}
export interface SeededInvestor {
  id: number;
  person: DemoInvestor;
}

export interface DemoCast {
  startups: SeededStartup[];
  investors: SeededInvestor[];
  /** The printed logins' ids: two startups, then two investors. */
  loginStartups: SeededStartup[];
  loginInvestors: SeededInvestor[];
}

/** How many of each state every printed login ends with (the issue asks for at least 12 each). */
export const LOGIN_TARGETS = { accepted: 12, rejected: 12, theyAccepted: 4, iAccepted: 4, untouched: 4 } as const;

const startupActor = (id: number): Actor => ({ id, userType: 'startup', sessionId: 'demo-seed' });
const investorActor = (id: number): Actor => ({ id, userType: 'investor', sessionId: 'demo-seed' });
const actorOf = (id: number, userType: 'startup' | 'investor'): Actor => (userType === 'startup' ? startupActor(id) : investorActor(id));

/** The seed acting for `actor` at the moment `at`. */
function at<C extends SeedContext>(seed: C, actor: Actor, moment: Date): C & { actor: Actor } {
  return { ...actingFor(seed, actor), clock: () => moment };
}

const pairKey = (startupId: number, investorId: number) => `${startupId}:${investorId}`;

interface MatchState {
  id: number;
  startupId: number;
  investorId: number;
  score: number;
  status: string;
  startupDecision: string;
  investorDecision: string;
}

/** The story of the seeded marketplace, kept while it is played, for the later steps. */
class DemoTimeline {
  /** When each connected pair connected. */
  readonly connectedAt = new Map<string, Date>();
  readonly conversations = new Set<string>();
  constructor(readonly now: Date) {}
  daysAgo(days: number, random: DemoRandom): Date {
    // A working hour, so the feed reads like people's days (08:00–19:00 UTC).
    const day = Math.floor((this.now.getTime() - days * DAY_MS) / DAY_MS) * DAY_MS;
    return new Date(Math.min(day + (8 + random.int(0, 11)) * HOUR_MS + random.int(0, 59) * 60_000, this.now.getTime() - HOUR_MS));
  }
}

async function matchesOf(seed: SeedContext, side: 'startup' | 'investor', id: number): Promise<MatchState[]> {
  const column = side === 'startup' ? matches.startupId : matches.investorId;
  return seed.db
    .select({
      id: matches.id,
      startupId: matches.startupId,
      investorId: matches.investorId,
      score: matches.score,
      status: matches.status,
      startupDecision: matches.startupDecision,
      investorDecision: matches.investorDecision,
    })
    .from(matches)
    .where(eq(column, id))
    .orderBy(asc(matches.id));
}

const DECLINES: Record<'startup' | 'investor', DeclineReason[]> = {
  startup: ['check_size', 'stage', 'timing', 'location', 'other'],
  investor: ['sector', 'stage', 'check_size', 'timing', 'location'],
};

/** Both sides accept, the first at `first`, the other a day or three later: a connection. */
async function connect(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, match: MatchState, firstSide: 'startup' | 'investor', first: Date) {
  const second = new Date(Math.min(first.getTime() + random.int(1, 3) * DAY_MS + random.int(0, 5) * HOUR_MS, timeline.now.getTime() - 2 * HOUR_MS));
  const startup = startupActor(match.startupId);
  const investor = investorActor(match.investorId);
  const [a, b] = firstSide === 'startup' ? [startup, investor] : [investor, startup];
  await decideMatch(at(seed, a, first), { matchId: match.id, status: 'accepted' });
  await decideMatch(at(seed, b, second), { matchId: match.id, status: 'accepted' });
  timeline.connectedAt.set(pairKey(match.startupId, match.investorId), second);
}

async function decline(seed: SeedContext, random: DemoRandom, match: MatchState, side: 'startup' | 'investor', moment: Date) {
  const actor = side === 'startup' ? startupActor(match.startupId) : investorActor(match.investorId);
  // Some decliners share their reason, which tells the other side (a "declined" notification).
  await decideMatch(at(seed, actor, moment), { matchId: match.id, status: 'rejected', reason: random.pick(DECLINES[side]), shareReason: random.chance(0.4) });
}

/**
 * Gives a printed login its matches in every state. Matches with every counterpart exist first
 * (generation made most; the rest are made as the directory makes them, as if the login had
 * browsed to them). Undecided ones are then answered, best first: the strongest connect, the next
 * ones wait on one side or the other, a few stay untouched suggestions, and the weakest are
 * declined, by either side.
 */
async function playLogin(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, side: 'startup' | 'investor', id: number, counterpartIds: number[]) {
  const login = actorOf(id, side);
  const matchedCounterparts = new Set((await matchesOf(seed, side, id)).map((match) => (side === 'startup' ? match.investorId : match.startupId)));
  for (const counterpartId of counterpartIds) {
    if (!matchedCounterparts.has(counterpartId)) await ensureDirectoryMatch(at(seed, login, timeline.daysAgo(random.int(30, 45), random)), counterpartId);
  }
  const all = await matchesOf(seed, side, id);
  const mine = (match: MatchState) => (side === 'startup' ? match.startupDecision : match.investorDecision);
  const theirs = (match: MatchState) => (side === 'startup' ? match.investorDecision : match.startupDecision);
  const count = {
    accepted: all.filter((match) => match.status === 'accepted').length,
    rejected: all.filter((match) => match.status === 'rejected').length,
    theyAccepted: all.filter((match) => match.status === 'pending' && theirs(match) === 'accepted').length,
    iAccepted: all.filter((match) => match.status === 'pending' && mine(match) === 'accepted').length,
  };
  const open = all
    .filter((match) => match.startupDecision === 'pending' && match.investorDecision === 'pending')
    .sort((a, b) => b.score - a.score || a.id - b.id);
  const need = (key: keyof typeof count) => Math.max(0, LOGIN_TARGETS[key] - count[key]);
  const toConnect = open.splice(0, need('accepted'));
  const toDecline = open.splice(Math.max(LOGIN_TARGETS.untouched, open.length - need('rejected')));
  const theyAccept = open.splice(0, need('theyAccepted'));
  const iAccept = open.splice(0, need('iAccepted'));
  const other = side === 'startup' ? 'investor' : 'startup';

  for (const [index, match] of toConnect.entries()) {
    await connect(seed, timeline, random, match, index % 2 === 0 ? other : side, timeline.daysAgo(random.int(14, 48), random));
  }
  // Requests stay within the last three weeks: unanswered ones expire after 30 days (fair intake).
  for (const match of theyAccept) {
    await decideMatch(at(seed, actorOf(side === 'startup' ? match.investorId : match.startupId, other), timeline.daysAgo(random.int(1, 20), random)), {
      matchId: match.id,
      status: 'accepted',
    });
  }
  for (const match of iAccept) {
    if (side === 'startup' && random.chance(0.5)) {
      // Found in the directory: Connect on the card, as a founder would.
      await connectFromDirectory(at(seed, login, timeline.daysAgo(random.int(1, 20), random)), match.investorId);
    } else {
      await decideMatch(at(seed, login, timeline.daysAgo(random.int(1, 20), random)), { matchId: match.id, status: 'accepted' });
    }
  }
  for (const [index, match] of toDecline.entries())
    await decline(seed, random, match, index % 2 === 0 ? side : other, timeline.daysAgo(random.int(2, 40), random));
}

/**
 * The rest of the marketplace is active too: each other startup connected with its best match,
 * asked one more investor, and declined its weakest suggestion; so every profile, and every
 * investor's analytics, has some history.
 */
async function playBackground(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, startups: SeededStartup[]) {
  for (const startup of startups) {
    const open = (await matchesOf(seed, 'startup', startup.id))
      .filter((match) => match.startupDecision === 'pending' && match.investorDecision === 'pending')
      .sort((a, b) => b.score - a.score || a.id - b.id);
    const [best, next] = open;
    if (best) await connect(seed, timeline, random, best, random.chance(0.5) ? 'startup' : 'investor', timeline.daysAgo(random.int(10, 50), random));
    if (next && random.chance(0.6)) {
      await decideMatch(at(seed, startupActor(startup.id), timeline.daysAgo(random.int(1, 20), random)), { matchId: next.id, status: 'accepted' });
    }
    const weakest = open.at(-1);
    if (weakest && open.length > 3)
      await decline(seed, random, weakest, random.chance(0.5) ? 'startup' : 'investor', timeline.daysAgo(random.int(2, 40), random));
  }
}

// --- Conversations and plans --------------------------------------------------------------------

interface ConversationParties {
  startup: SeededStartup;
  investor: SeededInvestor;
}

const money = (value: number) => (value >= 1_000_000 ? `$${(value / 1_000_000).toFixed(1)}M` : `$${Math.round(value / 1_000)}K`);

/** A first few weeks of talking, in both voices, from the pair's own facts. */
function conversationScript(random: DemoRandom, { startup, investor }: ConversationParties): Array<{ from: 'startup' | 'investor'; text: string }> {
  const company = startup.person.profile.companyName;
  const firm = investor.person.profile.firmName;
  const financials = (startup.person.profile.financials ?? {}) as { arr?: number; monthlyGrowthPercent?: number; customers?: number };
  const question = random.pick([
    'how you think about pricing as you move up-market',
    'what your sales cycle looks like with larger customers',
    'which channel brings your best customers today',
    'how you will hire your first senior engineers',
  ]);
  return [
    { from: 'startup', text: `Hi ${investor.person.firstName}, thanks for connecting! Happy to walk you through ${company}'s traction whenever suits you.` },
    {
      from: 'investor',
      text: `Great to meet you, ${startup.person.firstName}. ${company} fits what we look for at ${firm}. Could you share your latest deck and metrics in the data room before we talk?`,
    },
    {
      from: 'startup',
      text: `Done: the pitch deck, our financial summary and the cap table are in the data room. ARR is ${money(financials.arr ?? 0)}, growing ${financials.monthlyGrowthPercent ?? 0}% a month, with ${financials.customers ?? 0} customers.`,
    },
    { from: 'investor', text: `Thanks, I went through the deck over the weekend. I'd love to understand ${question}.` },
    {
      from: 'startup',
      text: random.pick([
        'Good question. Short version: we land with one team and expand within a quarter; I can show you the cohort data on a call.',
        'We have learnt a lot there in the last six months. The financial summary has the numbers; happy to go through them live.',
      ]),
    },
    {
      from: 'investor',
      text: random.pick([
        'Great call today, thank you both. We will start due diligence next week: expect a list of questions by Monday.',
        'Thanks for the time today. We are keen to go deeper; I have added the next steps to our shared plan.',
      ]),
    },
  ];
}

/** Sends the conversation through the messaging service, spread from the connection to now. */
async function playConversation(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, parties: ConversationParties) {
  const key = pairKey(parties.startup.id, parties.investor.id);
  const start = timeline.connectedAt.get(key)!.getTime() + 2 * HOUR_MS;
  const end = timeline.now.getTime() - 3 * HOUR_MS;
  const script = conversationScript(random, parties);
  const moments = script.map(() => start + random.float() * (end - start)).sort((a, b) => a - b);
  for (const [index, line] of script.entries()) {
    const [sender, receiverId] =
      line.from === 'startup' ? [startupActor(parties.startup.id), parties.investor.id] : [investorActor(parties.investor.id), parties.startup.id];
    await sendMessage(at(seed, sender, new Date(moments[index]!)), { receiverId, content: line.text });
  }
  timeline.conversations.add(key);
}

const isoDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** A shared plan in progress: two steps done, one under way, two ahead. */
async function playPlan(seed: SeedContext, timeline: DemoTimeline, parties: ConversationParties) {
  const connected = timeline.connectedAt.get(pairKey(parties.startup.id, parties.investor.id))!;
  const after = (days: number) => new Date(connected.getTime() + days * DAY_MS);
  const ahead = (days: number) => isoDay(new Date(timeline.now.getTime() + days * DAY_MS));
  const steps = [
    { title: 'Intro call', description: 'Founders walk the partner through the company and the round.', status: 'completed', date: isoDay(after(3)) },
    { title: 'Data room review', description: 'Deck, financial summary and cap table reviewed by the deal team.', status: 'completed', date: isoDay(after(6)) },
    { title: 'Due diligence', description: 'Metrics, customer calls and references.', status: 'in_progress', date: ahead(10) },
    { title: 'Term sheet', description: 'Agree the headline terms of the investment.', status: 'pending', date: ahead(24) },
    { title: 'Close the round', description: 'Legal documents signed and funds transferred.', status: 'pending', date: ahead(52) },
  ] as const;
  const ctx = at(seed, startupActor(parties.startup.id), after(2));
  for (const step of steps) await createMilestone(ctx, { ...step, investorId: parties.investor.id });
}

// --- Data rooms -----------------------------------------------------------------------------------

async function connectedInvestorsOf(seed: SeedContext, startupId: number): Promise<number[]> {
  const rows = await seed.db
    .select({ investorId: matches.investorId })
    .from(matches)
    .where(and(eq(matches.startupId, startupId), eq(matches.status, 'accepted')))
    .orderBy(asc(matches.id));
  return rows.map((row) => row.investorId);
}

/**
 * Uploads the startup's deck, financials and cap table through the upload pipeline, before anyone
 * connects, and turns on auto-share for their categories: each connection then shares them inside
 * its own transaction, as it does for a founder who set this up (one notification per investor).
 */
async function openDataRoom(seed: SeedContext, timeline: DemoTimeline, startup: SeededStartup): Promise<void> {
  const owner = at(seed, startupActor(startup.id), new Date(timeline.now.getTime() - 55 * DAY_MS)) as DataRoomContext;
  await mkdir(seed.uploadTmpDir, { recursive: true });
  const files = await dataRoomFiles(startup.person, timeline.now);
  for (const file of files) {
    const tmpPath = path.join(seed.uploadTmpDir, `demo-${startup.id}-${file.filename}`);
    await writeFile(tmpPath, file.bytes);
    await storeUploadedDocument(owner, {
      upload: {
        tmpPath,
        filename: file.filename,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        fields: { name: file.name, type: file.category },
      },
      ip: '127.0.0.1',
    });
  }
  await updateDataRoomSettings(owner, { autoShareCategories: files.map((file) => file.category) });
}

/**
 * The connected investors' views of a data room over the past 30 days, each after they connected
 * and with how long it stayed open: the deck most, the cap table least. They make the data room's
 * view counts and the engagement on the startup's match cards.
 */
async function playDocumentViews(
  seed: SeedContext,
  timeline: DemoTimeline,
  random: DemoRandom,
  startup: SeededStartup,
  options: { viewsPerInvestor: [number, number]; investors: number },
): Promise<void> {
  const owned = await seed.db.select({ id: documents.id }).from(documents).where(eq(documents.userId, startup.id)).orderBy(asc(documents.id));
  const documentIds = owned.map((document) => document.id);
  const views: Array<{ investorId: number; documentId: number; moment: number }> = [];
  for (const investorId of (await connectedInvestorsOf(seed, startup.id)).slice(0, options.investors)) {
    const connected = timeline.connectedAt.get(pairKey(startup.id, investorId));
    if (!connected || documentIds.length === 0) continue;
    const from = Math.max(connected.getTime() + HOUR_MS, timeline.now.getTime() - 30 * DAY_MS);
    const to = timeline.now.getTime() - 2 * HOUR_MS;
    if (from >= to) continue;
    const viewCount = random.int(...options.viewsPerInvestor);
    for (let n = 0; n < viewCount; n++) {
      const documentId = documentIds[Math.min(documentIds.length - 1, Math.floor(random.float() * random.float() * documentIds.length))]!;
      views.push({ investorId, documentId, moment: from + random.float() * (to - from) });
    }
  }
  // In time order, as they happened: the owner's feed groups a viewer's opens into reading sessions.
  views.sort((a, b) => a.moment - b.moment);
  for (const view of views) {
    const opened = new Date(view.moment);
    const viewer = investorActor(view.investorId);
    const { viewId } = await startDocumentView(at(seed, viewer, opened), { documentId: view.documentId });
    const durationMs = random.int(25, 420) * 1000;
    if (viewId !== null) await endDocumentView(at(seed, viewer, new Date(opened.getTime() + durationMs)), { documentId: view.documentId, viewId, durationMs });
  }
}

// --- Investors' own records ----------------------------------------------------------------------

/** The columns of the track-record file each investor imports (the importer maps them by these names). */
const TRACK_RECORD_MAPPING = {
  companyName: 'Company',
  investedOn: 'Date',
  stage: 'Round',
  industry: 'Industry',
  location: 'Location',
  amountUsd: 'Amount (USD)',
  link: null,
};

const csvCell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

/**
 * Each investor's track record, imported from a CSV file as an investor would (one transaction
 * each), months ago, before anyone generated matches: matching reads it as revealed preferences.
 */
async function importTrackRecords(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, cast: DemoCast): Promise<void> {
  for (const investor of cast.investors) {
    const entries = generateTrackRecord(random, investor.person.profile, timeline.now);
    const csv = [
      'Company,Date,Round,Industry,Location,Amount (USD)',
      ...entries.map((entry) => [entry.companyName, entry.investedOn, entry.stage, entry.industry, entry.location, entry.amountUsd].map(csvCell).join(',')),
    ].join('\n');
    await importTrackRecord(at(seed, investorActor(investor.id), timeline.daysAgo(random.int(60, 120), random)), { csv, mapping: TRACK_RECORD_MAPPING });
  }
}

/** Investors' portfolios: two companies each from the shared list, four and a startup met here for the printed ones. */
async function playPortfolios(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, cast: DemoCast): Promise<void> {
  const loginIds = new Set(cast.loginInvestors.map((investor) => investor.id));
  for (const [index, investor] of cast.investors.entries()) {
    const ctx = at(seed, investorActor(investor.id), timeline.daysAgo(random.int(60, 120), random));
    const holdings = loginIds.has(investor.id) ? 4 : 2;
    for (let offset = 0; offset < holdings; offset++) {
      const company = DEMO_PORTFOLIO_COMPANIES[(2 * index + offset) % DEMO_PORTFOLIO_COMPANIES.length]!;
      await createPortfolioCompany(ctx, CreatePortfolioCompanyBody.parse(company));
    }
  }
  // A printed investor also holds a startup they met here, added from their connections.
  for (const investor of cast.loginInvestors) {
    const [connected] = await seed.db
      .select({ id: matches.startupId })
      .from(matches)
      .where(and(eq(matches.investorId, investor.id), eq(matches.status, 'accepted')))
      .orderBy(asc(matches.id))
      .limit(1);
    const startup = cast.startups.find((candidate) => candidate.id === connected?.id);
    if (!startup) continue;
    const { profile } = startup.person;
    await createPortfolioCompany(
      at(seed, investorActor(investor.id), timeline.daysAgo(3, random)),
      CreatePortfolioCompanyBody.parse({
        companyName: profile.companyName,
        industry: profile.industry,
        stage: profile.stage,
        website: profile.website,
        investmentDate: isoDay(timeline.daysAgo(4, random)),
        investmentAmount: Math.round(profile.fundingGoal * 0.3),
        description: profile.description.slice(0, 200),
        performance: 'growing',
        startupId: startup.id,
      }),
    );
  }
}

/**
 * Saved searches for the printed logins. One of each was saved ten days ago with alerts on, and the
 * newest profiles arrived since: the alert job finds them and tells the owner.
 */
async function playSavedSearches(seed: SeedContext, timeline: DemoTimeline, random: DemoRandom, cast: DemoCast) {
  const searches: Array<{ actor: Actor; name: string; filters: DiscoverFilters; daysAgo: number }> = [
    ...cast.loginInvestors.flatMap((investor, index) => [
      index === 0
        ? {
            actor: investorActor(investor.id),
            name: 'Fintech seed in the UK',
            filters: { industry: ['FinTech'], stage: ['Seed'], country: ['GB'] } as DiscoverFilters,
            daysAgo: 20,
          }
        : {
            actor: investorActor(investor.id),
            name: 'Series A health and fintech',
            filters: { industry: ['HealthTech', 'FinTech'], stage: ['Series A'] } as DiscoverFilters,
            daysAgo: 20,
          },
      { actor: investorActor(investor.id), name: 'Raising now in Europe', filters: { region: ['europe'], active: true } as DiscoverFilters, daysAgo: 15 },
      { actor: investorActor(investor.id), name: 'Every new startup', filters: {} as DiscoverFilters, daysAgo: 10 },
    ]),
    ...cast.loginStartups.flatMap((startup, index) => [
      index === 0
        ? {
            actor: startupActor(startup.id),
            name: 'Seed funds in Europe',
            filters: { stage: ['Seed'], region: ['europe'], active: true } as DiscoverFilters,
            daysAgo: 20,
          }
        : {
            actor: startupActor(startup.id),
            name: 'Health investors in the US',
            filters: { industry: ['HealthTech'], country: ['US'] } as DiscoverFilters,
            daysAgo: 20,
          },
      { actor: startupActor(startup.id), name: 'New investors', filters: {} as DiscoverFilters, daysAgo: 10 },
    ]),
  ];
  for (const search of searches)
    await createSavedSearch(at(seed, search.actor, timeline.daysAgo(search.daysAgo, random)), {
      name: search.name,
      filters: search.filters,
      alertsEnabled: true,
    });
  await checkSavedSearchAlerts({ ...seed, actor: null, clock: () => timeline.now });
}

/**
 * The seed's context minus some kinds of background work, for the steps whose work would change
 * nothing anyone sees:
 * - the founding generation, seven weeks before "now", announces each of its ~700 new pairs to the
 *   other side; those collapse into one "new matches" notification per person that the demo's
 *   people read long ago (markWhatWasSeen), yet delivering them would be most of the seed's time;
 * - track records are imported before any match exists, so their re-score jobs have nothing to re-score.
 * Every other step runs all of its jobs.
 */
function withoutJobs(seed: SeedContext, names: readonly string[]): SeedContext {
  return {
    ...seed,
    jobs: { ...seed.jobs, enqueue: (db, name, payload, options) => (names.includes(name) ? Promise.resolve() : seed.jobs.enqueue(db, name, payload, options)) },
  };
}

// --- The whole story ------------------------------------------------------------------------------

/** The curated startups (besides the printed ones) whose data rooms hold documents too. */
const EXTRA_DATA_ROOMS = ['shelfsync', 'gridwise', 'sentinelai', 'brightlearn', 'fabricate', 'pocketcoach'];

export async function playDemoRelationships(seed: SeedContext, random: DemoRandom, cast: DemoCast): Promise<void> {
  const timeline = new DemoTimeline(seed.clock());
  const investorIds = cast.investors.map((investor) => investor.id);
  const startupIds = cast.startups.map((startup) => startup.id);
  const loginStartupIds = new Set(cast.loginStartups.map((startup) => startup.id));
  const extraRooms = EXTRA_DATA_ROOMS.map((username) => cast.startups.find((startup) => startup.person.username === username)!);

  // Imported before any match exists, so the re-score each import queues has nothing to do.
  await importTrackRecords(withoutJobs(seed, [MATCHING_JOBS.rescorePending]), timeline, random, cast);
  for (const startup of [...cast.loginStartups, ...extraRooms]) await openDataRoom(seed, timeline, startup);

  // Every investor generated matches when the demo began, about seven weeks ago; startups see the
  // same pairs from their side (40 runs over 64 startups make the pairs that 64 runs the other way would).
  const generatedAt = new Date(timeline.now.getTime() - 50 * DAY_MS);
  const founding = withoutJobs(seed, [NOTIFICATION_JOBS.deliver]);
  for (const investor of cast.investors) await generateMatches(at(founding, investorActor(investor.id), generatedAt));

  // The printed founders and funds know each other: each founder is connected with one fund.
  for (const [index, startup] of cast.loginStartups.entries()) {
    const investor = cast.loginInvestors[index]!;
    const matchId = await ensureDirectoryMatch(at(seed, startupActor(startup.id), generatedAt), investor.id);
    const [match] = (await matchesOf(seed, 'startup', startup.id)).filter((candidate) => candidate.id === matchId);
    if (match && match.startupDecision === 'pending' && match.investorDecision === 'pending') {
      await connect(seed, timeline, random, match, 'investor', timeline.daysAgo(40, random));
    }
  }
  for (const startup of cast.loginStartups) await playLogin(seed, timeline, random, 'startup', startup.id, investorIds);
  for (const investor of cast.loginInvestors) await playLogin(seed, timeline, random, 'investor', investor.id, startupIds);
  // Some other startups have a history too: every one with a data room, and one in eight of the rest.
  const extraRoomIds = new Set(extraRooms.map((startup) => startup.id));
  await playBackground(
    seed,
    timeline,
    random,
    cast.startups.filter((startup, index) => !loginStartupIds.has(startup.id) && (index % 8 === 0 || extraRoomIds.has(startup.id))),
  );

  // Three real conversations per login (the printed pairs' talk counts for both), and a shared plan.
  const connectedPairs = await seed.db
    .select({ startupId: matches.startupId, investorId: matches.investorId, score: matches.score })
    .from(matches)
    .where(eq(matches.status, 'accepted'))
    .orderBy(asc(matches.id));
  const partiesOf = (pair: { startupId: number; investorId: number }): ConversationParties => ({
    startup: cast.startups.find((startup) => startup.id === pair.startupId)!,
    investor: cast.investors.find((investor) => investor.id === pair.investorId)!,
  });
  for (const [index, startup] of cast.loginStartups.entries()) {
    const printedPair = { startupId: startup.id, investorId: cast.loginInvestors[index]!.id };
    await playConversation(seed, timeline, random, partiesOf(printedPair));
    await playPlan(seed, timeline, partiesOf(printedPair));
  }
  const logins: Array<{ id: number; side: 'startup' | 'investor' }> = [
    ...cast.loginStartups.map((startup) => ({ id: startup.id, side: 'startup' as const })),
    ...cast.loginInvestors.map((investor) => ({ id: investor.id, side: 'investor' as const })),
  ];
  for (const login of logins) {
    const ownId = (pair: { startupId: number; investorId: number }) => (login.side === 'startup' ? pair.startupId : pair.investorId);
    const own = connectedPairs.filter((pair) => ownId(pair) === login.id).sort((a, b) => b.score - a.score);
    for (const pair of own) {
      const talking = [...timeline.conversations].filter((key) => key.split(':')[login.side === 'startup' ? 0 : 1] === String(login.id)).length;
      if (talking >= 3) break;
      const key = pairKey(pair.startupId, pair.investorId);
      if (!timeline.conversations.has(key) && timeline.connectedAt.has(key)) await playConversation(seed, timeline, random, partiesOf(pair));
    }
  }

  for (const startup of cast.loginStartups) await playDocumentViews(seed, timeline, random, startup, { viewsPerInvestor: [1, 2], investors: Infinity });
  for (const startup of extraRooms) await playDocumentViews(seed, timeline, random, startup, { viewsPerInvestor: [1, 2], investors: 2 });
  await playPortfolios(seed, timeline, random, cast);
  await playSavedSearches(seed, timeline, random, cast);
  // Every notification those services announced is written now, as the worker would have.
  await seed.jobs.idle();
  await markWhatWasSeen(seed, timeline);
}

/**
 * The demo's people have been using the product: they read their messages as they arrived, except
 * each conversation's last one, and saw their notifications, except the past few days' (so every
 * login opens to a few unread ones). Written directly: these are the readers' own past actions,
 * which have no service that takes a moment in the past.
 */
async function markWhatWasSeen(seed: SeedContext, timeline: DemoTimeline): Promise<void> {
  const latestPerThread = seed.db
    .select({ id: sql<number>`max(${messages.id})` })
    .from(messages)
    .groupBy(sql`least(${messages.senderId}, ${messages.receiverId})`, sql`greatest(${messages.senderId}, ${messages.receiverId})`);
  await seed.db.update(messages).set({ read: true }).where(notInArray(messages.id, latestPerThread));
  const seenBefore = new Date(timeline.now.getTime() - 4 * DAY_MS);
  await seed.db
    .update(notifications)
    .set({ readAt: timeline.now })
    .where(and(lt(notifications.createdAt, seenBefore), isNull(notifications.readAt)));
}
