// Match generation (issue #4): scoring against the other side, the top-50 cap and the floor,
// refreshing pending rows, never touching decided ones, background re-scoring after a profile
// save, learning from decisions, and why a run found few new matches (issue #15).
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream';
import { and, eq } from 'drizzle-orm';
import { activities, jobs, matches, matchingUserState } from '../../src/server/db/schema';
import { listJobs } from '../../src/server/jobs/job-queue';
import type { UserLearningState } from '../../src/server/features/matching/engine/learning';
import { GENERATED_MATCH_LIMIT } from '../../src/server/features/matching/generation.service';
import { GenerateMatchesResult, type InvestorSideMatch, type MatchBreakdown, type StartupSideMatch } from '../../src/shared/contracts/matches';
import type { DatabaseHandle } from '../../src/server/db/client';
import { buildInvestorProfileBody, buildRegistration, buildStartupProfileBody, insertInvestorProfile, insertUser } from '../factories';
import { connectPair } from '../support/match-state';
import { buildTestApp, TestClient, useTestSuite } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.7.${++ipCounter}`);

// Each test works in its own industry so suggestions from other tests never crowd it out.
async function startupWithProfile(overrides: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('startup');
  const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody(overrides) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function investorWithProfile(overrides: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('investor');
  const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody(overrides) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

const generate = (client: TestClient) => client.request({ method: 'POST', url: '/api/generate-matches' });
const startupMatches = async (client: TestClient) =>
  (await client.request({ method: 'GET', url: '/api/matches/startup?limit=100' })).json().items as StartupSideMatch[];
/** GET /api/matches/:id: the match with every component of its explanation (lists carry only the summary). */
const matchDetail = async (client: TestClient, id: number) =>
  (await client.request({ method: 'GET', url: `/api/matches/${id}` })).json() as { breakdown: MatchBreakdown | null };
const componentOf = (match: { breakdown: MatchBreakdown | null }, key: string, side: string) =>
  match.breakdown!.components.find((c) => c.key === key && c.side === side)!;
const matchRow = async (startupId: number, investorId: number) =>
  (
    await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, startupId), eq(matches.investorId, investorId)))
  )[0];

describe('POST /api/generate-matches', () => {
  it('suggests fitting investors with an explained score, skips gated ones, and records the run', async () => {
    const fitting = await investorWithProfile({
      firmName: 'Health Seed Fund',
      industryFocus: ['HealthTech'],
      stagePreference: ['Seed'],
      investmentRange: ['$1M - $3M'],
    });
    // Three stages away from the startup: the stage gate closes the pair (docs/matching.md §3).
    const lateStage = await investorWithProfile({
      firmName: 'Late Growth Partners',
      industryFocus: ['HealthTech'],
      stagePreference: ['Growth'],
      investmentRange: ['$10M+'],
    });
    const { client, user } = await startupWithProfile({
      industry: 'HealthTech',
      stage: 'Seed',
      fundingGoal: 1_000_000,
      description: 'Remote patient monitoring for clinics, sold as a subscription.',
    });

    const response = await generate(client);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.created).toBeGreaterThanOrEqual(1);
    expect(result).toMatchObject({ created: result.created, updated: 0, total: result.created, counterpart: 'investor' });

    const list = await startupMatches(client);
    const match = list.find((m) => m.investorId === fitting.user.id);
    expect(match).toMatchObject({ status: 'pending', investor: { firmName: 'Health Seed Fund' } });
    expect(match!.score).toBeGreaterThanOrEqual(30);
    // The explanation is in the startup's voice and names the strongest reasons.
    expect(match!.breakdown!.topReasons.length).toBeGreaterThan(0);
    // The list carries the summary; the components come with the match's detail.
    expect(match!.breakdown).not.toHaveProperty('components');
    expect((await matchDetail(client, match!.id)).breakdown!.components.map((c) => c.key)).toContain('sector');
    expect(match!.breakdown!.topReasons.join(' ')).toMatch(/\byou\b|\byour\b/);
    expect(list.some((m) => m.investorId === lateStage.user.id)).toBe(false);

    const [activity] = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.activityType, 'matches_generated')));
    expect(activity?.description).toMatch(/^Generated \d+ new match/);
  });

  it('works from the investor side too, with the reasons in the investor’s voice', async () => {
    const startup = await startupWithProfile({ companyName: 'Ledger Lane', industry: 'FinTech', stage: 'Series A', fundingGoal: 3_000_000 });
    const { client } = await investorWithProfile({ industryFocus: ['FinTech'], stagePreference: ['Series A'], investmentRange: ['$3M - $5M'] });
    expect((await generate(client)).statusCode).toBe(200);
    const list = (await client.request({ method: 'GET', url: '/api/matches/investor?limit=100' })).json().items as InvestorSideMatch[];
    const match = list.find((m) => m.startupId === startup.user.id);
    expect(match).toMatchObject({ status: 'pending', startup: { companyName: 'Ledger Lane' } });
    expect(componentOf(await matchDetail(client, match!.id), 'stage', 'investor').reason).toMatch(/^Stage: they raise Series A; you invest/);
  });

  it('refreshes pending suggestions on a second run instead of duplicating them', async () => {
    const investor = await investorWithProfile({ industryFocus: ['EdTech'], stagePreference: ['Pre-seed'], investmentRange: ['$100K - $500K'] });
    const { client, user } = await startupWithProfile({ industry: 'EdTech', stage: 'Pre-seed', fundingGoal: 100_000 });
    const first = (await generate(client)).json();
    const second = (await generate(client)).json();
    expect(second.created).toBe(0);
    expect(second.updated).toBe(first.created);
    expect(second.total).toBe(first.total);
    const rows = await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, user.id), eq(matches.investorId, investor.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('never regenerates a declined pair or rewrites a decided one, nor forgets a one-sided accept', async () => {
    const declined = await investorWithProfile({ industryFocus: ['CleanTech'], stagePreference: ['Seed'] });
    const accepted = await investorWithProfile({ industryFocus: ['CleanTech'], stagePreference: ['Seed'] });
    const awaited = await investorWithProfile({ industryFocus: ['CleanTech'], stagePreference: ['Seed'] });
    const { client, user } = await startupWithProfile({ industry: 'CleanTech', stage: 'Seed' });
    await generate(client);
    const declinedRow = (await matchRow(user.id, declined.user.id))!;
    const acceptedRow = (await matchRow(user.id, accepted.user.id))!;
    const awaitedRow = (await matchRow(user.id, awaited.user.id))!;
    expect(
      (await client.request({ method: 'POST', url: `/api/matches/${declinedRow.id}/update`, payload: { status: 'rejected', reason: 'timing' } })).statusCode,
    ).toBe(200);
    await connectPair(client, accepted.client, acceptedRow.id);
    expect((await client.request({ method: 'POST', url: `/api/matches/${awaitedRow.id}/update`, payload: { status: 'accepted' } })).statusCode).toBe(200);

    // A profile change that moves every score, then a new run.
    await client.request({
      method: 'PUT',
      url: '/api/startup/profile',
      payload: buildStartupProfileBody({ industry: 'CleanTech', stage: 'Series A', fundingGoal: 3_000_000 }),
    });
    await suite.app.jobs.idle();
    await generate(client);

    const declinedAfter = (await matchRow(user.id, declined.user.id))!;
    const acceptedAfter = (await matchRow(user.id, accepted.user.id))!;
    expect(declinedAfter).toMatchObject({ status: 'rejected', score: declinedRow.score, breakdown: declinedRow.breakdown });
    expect(acceptedAfter).toMatchObject({ status: 'accepted', score: acceptedRow.score, breakdown: acceptedRow.breakdown });
    // Still pending, so its score follows the profile, but the startup's yes stays on record.
    expect((await matchRow(user.id, awaited.user.id))!).toMatchObject({ status: 'pending', startupDecision: 'accepted', investorDecision: 'pending' });
  });

  it('keeps at most the top 50 per run, best first', async () => {
    for (let n = 0; n < GENERATED_MATCH_LIMIT + 8; n++) {
      const user = await insertUser(suite.database.db, buildRegistration('investor'));
      await insertInvestorProfile(suite.database.db, user.id, {
        ...buildInvestorProfileBody({ industryFocus: ['Hardware'], stagePreference: ['Seed'], portfolioSize: n }),
      });
    }
    // Profiles inserted straight into the table are picked up by the engine's next sync.
    const { client } = await startupWithProfile({ industry: 'Hardware', stage: 'Seed' });
    const result = (await generate(client)).json();
    expect(result.created).toBe(GENERATED_MATCH_LIMIT);
    const scores = (await startupMatches(client)).map((m) => m.score as number);
    expect(scores).toHaveLength(GENERATED_MATCH_LIMIT);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('tells each new counterpart at once, so their open match list refreshes', async () => {
    const investor = await investorWithProfile({ industryFocus: ['Marketplace'], stagePreference: ['Seed'] });
    const baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(baseUrl, investor.client.sessionToken!);
    try {
      const { client, user } = await startupWithProfile({ industry: 'Marketplace', stage: 'Seed' });
      await generate(client);
      const row = (await matchRow(user.id, investor.user.id))!;
      const event = await stream.next((received) => received.type === 'match_updated' && received.data.matchId === row.id);
      expect(event.data).toEqual({ type: 'match_updated', matchId: row.id, status: 'pending' });
    } finally {
      stream.close();
    }
  });

  it('asks for a profile first (409), and is for signed-in users only (401)', async () => {
    const client = newClient();
    await client.register('startup');
    const response = await generate(client);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Complete your profile first: matches are scored from it.');
    expect((await generate(newClient())).statusCode).toBe(401);
  });
});

describe('re-scoring after a profile save', () => {
  it('updates the pending matches’ scores and reasons in the background', async () => {
    const investor = await investorWithProfile({ industryFocus: ['Media'], stagePreference: ['Seed'], investmentRange: ['$1M - $3M'] });
    const { client, user } = await startupWithProfile({ industry: 'Media', stage: 'Seed', fundingGoal: 1_000_000 });
    await generate(client);
    const before = (await matchRow(user.id, investor.user.id))!;

    await client.request({
      method: 'PUT',
      url: '/api/startup/profile',
      payload: buildStartupProfileBody({ industry: 'Media', stage: 'Series B', fundingGoal: 5_000_000 }),
    });
    await suite.app.jobs.idle();
    const after = (await matchRow(user.id, investor.user.id))!;
    expect(after.status).toBe('pending');
    expect(after.score).toBeLessThan(before.score);
    const list = await startupMatches(client);
    expect(componentOf(await matchDetail(client, list.find((m) => m.investorId === investor.user.id)!.id), 'stage', 'startup').reason).toMatch(/Series B/);
  });

  it('answers the save without waiting for the re-score, which waits as a durable job', async () => {
    const { client, user } = await startupWithProfile({ industry: 'Mobile' });
    const saved = await client.request(
      { method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ industry: 'Mobile', stage: 'Series A' }) },
      { waitForBackground: false },
    );
    expect(saved.statusCode).toBe(200);
    const queued = (await listJobs(suite.database.db, 'queued')).filter((job) => job.name === 'matching.rescore-pending');
    expect(queued).toHaveLength(1);
    const [job] = await suite.database.db.select().from(jobs).where(eq(jobs.id, queued[0]!.id));
    expect(job!.payload).toEqual({ userId: user.id, userType: 'startup' });
    await suite.app.jobs.idle();
    const [done] = await suite.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.state).toBe('succeeded');
  });
});

describe('learning from decisions', () => {
  it('updates the decider’s learned state after each decision', async () => {
    const investor = await investorWithProfile({ industryFocus: ['Security'], stagePreference: ['Series A'] });
    const { client, user } = await startupWithProfile({ industry: 'Security', stage: 'Series A' });
    await generate(client);
    const row = (await matchRow(user.id, investor.user.id))!;
    await client.request({ method: 'POST', url: `/api/matches/${row.id}/update`, payload: { status: 'rejected', reason: 'sector' } });
    await suite.app.jobs.idle();

    const [stored] = await suite.database.db.select().from(matchingUserState).where(eq(matchingUserState.userId, user.id));
    const state = stored!.state as UserLearningState;
    expect(stored!.decisionCount).toBe(1);
    expect(state).toMatchObject({ side: 'startup', decisions: 1, accepts: 0 });
    // A decline pushes the weights of what the pair had going for it down.
    expect(state.offsets.some((delta) => delta < 0)).toBe(true);

    await client.request({ method: 'POST', url: `/api/matches/${row.id}/update`, payload: { status: 'accepted' } });
    await suite.app.jobs.idle();
    const [again] = await suite.database.db.select().from(matchingUserState).where(eq(matchingUserState.userId, user.id));
    expect(again!.state).toMatchObject({ decisions: 2, accepts: 1 });
  });
});

/**
 * A market of its own (a fresh database and app), for the tests that count every profile of the
 * other side: the suite's shared market holds the other tests' profiles.
 */
async function withFreshMarket(run: (market: { client: () => TestClient; database: DatabaseHandle }) => Promise<void>): Promise<void> {
  const database = await openTestDatabase();
  const app = await buildTestApp(database);
  let ip = 0;
  try {
    await run({ client: () => new TestClient(app, `198.18.9.${++ip}`), database });
  } finally {
    await app.close();
    await database.close();
  }
}

async function withProfile(client: TestClient, userType: 'startup' | 'investor', overrides: Record<string, unknown>) {
  const { user } = await client.register(userType);
  const payload = userType === 'startup' ? buildStartupProfileBody(overrides) : buildInvestorProfileBody(overrides);
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user, profileCompleteness: saved.json().profileCompleteness as number };
}

/** The result, checked for its invariant: every counted profile is created or skipped for one reason. */
async function generated(client: TestClient): Promise<GenerateMatchesResult> {
  const response = await generate(client);
  expect(response.statusCode, response.body).toBe(200);
  const result = GenerateMatchesResult.parse(response.json());
  expect(result.created + result.skipped.reduce((sum, entry) => sum + entry.count, 0)).toBe(result.candidates);
  return result;
}

const skippedAs = (result: GenerateMatchesResult) => Object.fromEntries(result.skipped.map((entry) => [entry.reason, entry.count]));

/** A seed-stage remote-care startup raising $100K–$500K: the subject of the "why so few" tests. */
const CLINIC_STARTUP = {
  companyName: 'Clinic Pulse',
  industry: 'HealthTech',
  stage: 'Seed',
  fundingGoal: 100_000,
  description: 'Remote patient monitoring for clinics, sold as a subscription.',
};
/** An investor with nothing in common with CLINIC_STARTUP but the stage neighbourhood. */
const FACTORY_INVESTOR = {
  industryFocus: ['Hardware'],
  stagePreference: ['Series B'],
  investmentThesis: 'Industrial automation and robotics.',
  description: 'We back the factories of the future.',
  location: 'Tokyo, Japan',
};

describe('why a run found few new matches', () => {
  it('says when nobody of the other role has a profile yet, and returns the profile’s completeness', async () => {
    await withFreshMarket(async (market) => {
      const startup = await withProfile(market.client(), 'startup', CLINIC_STARTUP);
      const result = await generated(startup.client);
      expect(result).toEqual({
        created: 0,
        updated: 0,
        total: 0,
        counterpart: 'investor',
        candidates: 0,
        skipped: [],
        profileCompleteness: startup.profileCompleteness,
      });
    });
  });

  it('counts the gates (stage, the thesis’s exclusions) and, under the floor, a check size outside the round apart from a low score', async () => {
    await withFreshMarket(async (market) => {
      await withProfile(market.client(), 'investor', { industryFocus: ['HealthTech'], stagePreference: ['Seed'], investmentRange: ['$100K - $500K'] });
      await withProfile(market.client(), 'investor', { industryFocus: ['HealthTech'], stagePreference: ['Growth'], investmentRange: ['$10M+'] });
      await withProfile(market.client(), 'investor', {
        industryFocus: ['HealthTech'],
        stagePreference: ['Seed'],
        investmentThesis: 'We do not invest in subscription businesses.',
      });
      // The same distant investor twice, once writing checks far above the round: only the check size tells them apart.
      await withProfile(market.client(), 'investor', { ...FACTORY_INVESTOR, investmentRange: ['$10M+'] });
      await withProfile(market.client(), 'investor', { ...FACTORY_INVESTOR, investmentRange: ['$100K - $500K'] });
      const startup = await withProfile(market.client(), 'startup', CLINIC_STARTUP);

      const result = await generated(startup.client);
      expect(result).toMatchObject({ created: 1, candidates: 5, counterpart: 'investor' });
      expect(skippedAs(result)).toEqual({ gated_stage: 1, gated_exclusion: 1, gated_check_size: 1, below_threshold: 1 });
    });
  });

  it('counts profiles that score well enough but lie outside the sectors and stages a run looks at', async () => {
    await withFreshMarket(async (market) => {
      await withProfile(market.client(), 'investor', {
        industryFocus: ['Manufacturing'],
        stagePreference: ['Seed'],
        investmentRange: ['$100K - $500K'],
        investmentThesis: 'Industrial automation and robotics.',
      });
      const startup = await withProfile(market.client(), 'startup', CLINIC_STARTUP);
      const result = await generated(startup.client);
      expect(result).toMatchObject({ created: 0, candidates: 1, skipped: [{ reason: 'outside_focus', count: 1 }] });
    });
  });

  it('counts the pairs already decided and the suggestions already pending (refreshed, not new)', async () => {
    await withFreshMarket(async (market) => {
      const fitting = { industryFocus: ['HealthTech'], stagePreference: ['Seed'], investmentRange: ['$100K - $500K'] };
      const declined = await withProfile(market.client(), 'investor', fitting);
      await withProfile(market.client(), 'investor', fitting);
      const startup = await withProfile(market.client(), 'startup', CLINIC_STARTUP);
      expect(await generated(startup.client)).toMatchObject({ created: 2, candidates: 2, skipped: [] });
      const row = (
        await market.database.db
          .select()
          .from(matches)
          .where(and(eq(matches.startupId, startup.user.id), eq(matches.investorId, declined.user.id)))
      )[0]!;
      const answer = await declined.client.request({ method: 'POST', url: `/api/matches/${row.id}/update`, payload: { status: 'rejected' } });
      expect(answer.statusCode).toBe(200);

      const again = await generated(startup.client);
      expect(again).toMatchObject({ created: 0, updated: 1, total: 2, candidates: 2 });
      // Equal counts list in the order the reasons are checked.
      expect(again.skipped).toEqual([
        { reason: 'already_decided', count: 1 },
        { reason: 'already_suggested', count: 1 },
      ]);
    });
  });

  it('counts the caller’s own blocks without naming anyone, and leaves out whoever blocked the caller', async () => {
    await withFreshMarket(async (market) => {
      const fitting = { industryFocus: ['HealthTech'], stagePreference: ['Seed'], investmentRange: ['$100K - $500K'] };
      const blockedByMe = await withProfile(market.client(), 'investor', fitting);
      const blockingMe = await withProfile(market.client(), 'investor', fitting);
      await withProfile(market.client(), 'investor', fitting);
      const startup = await withProfile(market.client(), 'startup', CLINIC_STARTUP);
      const block = (client: TestClient, userId: number) => client.request({ method: 'POST', url: '/api/blocks', payload: { userId } });
      expect((await block(startup.client, blockedByMe.user.id)).statusCode).toBe(201);
      expect((await block(blockingMe.client, startup.user.id)).statusCode).toBe(201);

      const result = await generated(startup.client);
      expect(result).toMatchObject({ created: 1, candidates: 2, skipped: [{ reason: 'blocked', count: 1 }] });
      // A count and nothing else: no id, no name.
      const raw = (await generate(startup.client)).json();
      expect(Object.keys(raw.skipped[0]).sort()).toEqual(['count', 'reason']);
    });
  });

  it('counts the profiles above the floor that did not make this run’s best', async () => {
    await withFreshMarket(async (market) => {
      const extra = 4;
      for (let n = 0; n < GENERATED_MATCH_LIMIT + extra; n++) {
        const user = await insertUser(market.database.db, buildRegistration('investor'));
        await insertInvestorProfile(
          market.database.db,
          user.id,
          buildInvestorProfileBody({ industryFocus: ['Hardware'], stagePreference: ['Seed'], portfolioSize: n }),
        );
      }
      const startup = await withProfile(market.client(), 'startup', { industry: 'Hardware', stage: 'Seed' });
      const result = await generated(startup.client);
      expect(result).toMatchObject({
        created: GENERATED_MATCH_LIMIT,
        candidates: GENERATED_MATCH_LIMIT + extra,
        skipped: [{ reason: 'beyond_limit', count: extra }],
      });
    });
  });
});
