// Match generation (issue #4): scoring against the other side, the top-50 cap and the floor,
// refreshing pending rows, never touching decided ones, background re-scoring after a profile
// save, and learning from decisions.
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream';
import { and, eq } from 'drizzle-orm';
import { activities, jobs, matches, matchingUserState } from '../../src/server/db/schema';
import { listJobs } from '../../src/server/jobs/job-queue';
import type { UserLearningState } from '../../src/server/features/matching/engine/learning';
import { GENERATED_MATCH_LIMIT } from '../../src/server/features/matching/generation.service';
import type { InvestorSideMatch, MatchBreakdown, StartupSideMatch } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildRegistration, buildStartupProfileBody, insertInvestorProfile, insertUser } from '../factories';
import { connectPair } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

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
const startupMatches = async (client: TestClient) => (await client.request({ method: 'GET', url: '/api/matches/startup' })).json() as StartupSideMatch[];
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
    expect(result).toEqual({ created: result.created, updated: 0, total: result.created });

    const list = await startupMatches(client);
    const match = list.find((m) => m.investorId === fitting.user.id);
    expect(match).toMatchObject({ status: 'pending', investor: { firmName: 'Health Seed Fund' } });
    expect(match!.score).toBeGreaterThanOrEqual(30);
    // The explanation is in the startup's voice and names the strongest reasons.
    expect(match!.breakdown!.topReasons.length).toBeGreaterThan(0);
    expect(match!.breakdown!.components.map((c) => c.key)).toContain('sector');
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
    const list = (await client.request({ method: 'GET', url: '/api/matches/investor' })).json() as InvestorSideMatch[];
    const match = list.find((m) => m.startupId === startup.user.id);
    expect(match).toMatchObject({ status: 'pending', startup: { companyName: 'Ledger Lane' } });
    expect(componentOf(match!, 'stage', 'investor').reason).toMatch(/^Stage: they raise Series A; you invest/);
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
    expect(
      componentOf(
        list.find((m) => m.investorId === investor.user.id)!,
        'stage',
        'startup',
      ).reason,
    ).toMatch(/Series B/);
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
