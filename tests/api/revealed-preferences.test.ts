// Revealed preferences end to end (issue #19; docs/matching.md §2b): an investor who states Series A
// but whose track record is seed deals ranks a seed startup higher once the record is in, the
// breakdown shows the stated line and the track record's side by side, and a pending match's
// stored score follows a track-record change (the re-score job it queues).
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { FitWithPerson, MatchBreakdown } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.73.${++ipCounter % 250}`);
let wordCounter = 0;
const freshWord = () => `rp${Date.now().toString(36)}x${++wordCounter}`;

async function investorStatingSeriesA(name: string) {
  const client = newClient();
  const { user } = await client.register('investor');
  const saved = await client.request({
    method: 'PUT',
    url: '/api/investor/profile',
    payload: buildInvestorProfileBody({ firmName: name, stagePreference: ['Series A'], industryFocus: ['FinTech'], investmentRange: ['$3M - $5M'] }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function seedStartup(name: string) {
  const client = newClient();
  const { user } = await client.register('startup');
  const saved = await client.request({
    method: 'PUT',
    url: '/api/startup/profile',
    payload: buildStartupProfileBody({ companyName: name, stage: 'Seed', industry: 'FinTech', location: 'New York, USA', fundingGoal: 1_000_000 }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function addSeedDeals(client: TestClient, word: string, count: number) {
  for (let n = 0; n < count; n++) {
    const response = await client.request({
      method: 'POST',
      url: '/api/investor/track-record',
      payload: {
        companyName: `${word} Seed Co ${n}`,
        investedOn: `2025-0${1 + (n % 9)}-15`,
        stage: 'Seed',
        industry: 'FinTech',
        location: 'New York, NY',
        amountUsd: 1_500_000,
        link: null,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}

async function fitOf(client: TestClient, userId: number): Promise<FitWithPerson> {
  const response = await client.request({ method: 'GET', url: `/api/matches/with/${userId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const stageOf = (breakdown: MatchBreakdown | null, side: 'investor' | 'startup') =>
  breakdown!.components.find((component) => component.key === 'stage' && component.side === side)!;

describe('track records as revealed preferences', () => {
  it('rank a seed startup higher for an investor who states Series A but invests at Seed, and show both lines', async () => {
    const word = freshWord();
    const investor = await investorStatingSeriesA(`${word} Capital`);
    const founder = await seedStartup(`${word} Labs`);

    const before = await fitOf(investor.client, founder.user.id);
    expect(stageOf(before.breakdown, 'investor').revealed).toBeUndefined();

    await addSeedDeals(investor.client, word, 9);
    await suite.app.jobs.idle();

    const after = await fitOf(investor.client, founder.user.id);
    expect(after.score!).toBeGreaterThan(before.score!);
    const stage = stageOf(after.breakdown, 'investor');
    // The stated line stays, in the investor's voice, and the track record's sits next to it.
    expect(stage.reason).toBe('Stage: they raise Seed; you invest Series A (one stage apart)');
    expect(stage.revealed).toMatchObject({ text: 'Track record: all 9 of your past deals at Seed', deals: 9, differsFromStated: true, value: 1, stated: 0.5 });
    expect(stage.value!).toBeGreaterThan(stageOf(before.breakdown, 'investor').value!);

    // The founder reads the same evidence in their own voice.
    const seenByFounder = await fitOf(founder.client, investor.user.id);
    expect(seenByFounder.score).toBe(after.score);
    expect(stageOf(seenByFounder.breakdown, 'investor').revealed).toMatchObject({ text: 'Track record: all 9 of their past deals at Seed' });
  });

  it('refresh a pending match’s stored score when the track record changes, and undo it when the deals go', async () => {
    const word = freshWord();
    const investor = await investorStatingSeriesA(`${word} Ventures`);
    const founder = await seedStartup(`${word} Pay`);
    const connected = await founder.client.request({ method: 'POST', url: `/api/discover/${investor.user.id}/connect` });
    expect(connected.statusCode, connected.body).toBe(200);
    const matchId = (connected.json() as { id: number }).id;
    const stored = async () =>
      (await founder.client.request({ method: 'GET', url: `/api/matches/${matchId}` })).json() as { score: number; breakdown: MatchBreakdown };
    const original = await stored();

    await addSeedDeals(investor.client, word, 12);
    await suite.app.jobs.idle();
    const raised = await stored();
    expect(raised.score).toBeGreaterThan(original.score);
    expect(stageOf(raised.breakdown, 'investor').revealed).toMatchObject({ deals: 12, differsFromStated: true });

    const list = (await investor.client.request({ method: 'GET', url: '/api/investor/track-record' })).json() as { investments: Array<{ id: number }> };
    for (const investment of list.investments) {
      const deleted = await investor.client.request({ method: 'DELETE', url: `/api/investor/track-record/${investment.id}` });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    await suite.app.jobs.idle();
    const restored = await stored();
    expect(restored.score).toBe(original.score);
    expect(stageOf(restored.breakdown, 'investor').revealed).toBeUndefined();
  });
});
