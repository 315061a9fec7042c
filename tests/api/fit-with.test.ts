// A public profile's "Your match" (issue #19, "Public profiles that help decide"): GET
// /api/matches/with/:userId answers the caller's score with that person and its full explanation
// (the engine's for a pair without a match, the stored one once there is a match, the same number
// the directory shows), and the match with its state; 404 for anyone the caller may not see.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import type { DirectoryPage } from '../../src/shared/contracts/discovery';
import type { FitWithPerson } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.71.${++ipCounter % 250}`);
let wordCounter = 0;
const freshWord = () => `fw${Date.now().toString(36)}x${++wordCounter}`;

async function party(userType: 'startup' | 'investor', name: string, withProfile = true) {
  const client = newClient();
  const { user } = await client.register(userType);
  if (withProfile) {
    const saved =
      userType === 'startup'
        ? await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: name }) })
        : await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: name }) });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { client, user };
}

async function fitWith(client: TestClient, userId: number | string) {
  return client.request({ method: 'GET', url: `/api/matches/with/${userId}` });
}

async function fitOf(client: TestClient, userId: number): Promise<FitWithPerson> {
  const response = await fitWith(client, userId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/matches/with/:userId', () => {
  it('explains a pair without a match with the directory’s number, then the stored match once they connect', async () => {
    const word = freshWord();
    const investor = await party('investor', `${word} Capital`);
    const founder = await party('startup', `${word} Labs`);

    const before = await fitOf(investor.client, founder.user.id);
    expect(before.match).toBeNull();
    expect(before.score).toEqual(expect.any(Number));
    expect(before.breakdown).toMatchObject({ components: expect.any(Array), topReasons: expect.any(Array) });
    expect(before.breakdown!.components.length).toBeGreaterThan(0);
    // The same number the directory card shows for this person.
    const listed = await investor.client.request({ method: 'GET', url: `/api/discover?q=${word}&sort=newest` });
    const card = (listed.json() as DirectoryPage).items.find((item) => item.kind === 'startup' && item.startup.id === founder.user.id);
    expect(card?.score).toBe(before.score);

    // Connect from the directory: now there is a match, in the investor's voice.
    const connected = await investor.client.request({ method: 'POST', url: `/api/discover/${founder.user.id}/connect` });
    expect(connected.statusCode, connected.body).toBe(200);
    const after = await fitOf(investor.client, founder.user.id);
    expect(after.match).toMatchObject({ startupId: founder.user.id, investorId: investor.user.id, myDecision: 'accepted', theirDecision: 'pending' });
    const stored = (await investor.client.request({ method: 'GET', url: `/api/matches/${after.match!.id}` })).json();
    expect(after.score).toBe(stored.score);
    expect(after.breakdown).toEqual(stored.breakdown);
    // The founder sees the same match from their side: the investor asked.
    expect((await fitOf(founder.client, investor.user.id)).match).toMatchObject({ myDecision: 'pending', theirDecision: 'accepted' });
  });

  it('has no score while the caller has no profile to score from', async () => {
    const founder = await party('startup', `${freshWord()} Labs`);
    const newcomer = await party('investor', 'unused', false);
    expect(await fitOf(newcomer.client, founder.user.id)).toEqual({ score: null, breakdown: null, match: null });
  });

  it('answers 404 for the caller’s own role, a block either way, a deleted account, and nobody', async () => {
    const investor = await party('investor', `${freshWord()} Capital`);
    const otherInvestor = await party('investor', `${freshWord()} Partners`);
    const blockedByMe = await party('startup', `${freshWord()} Blocked`);
    const blockingMe = await party('startup', `${freshWord()} Blocking`);
    const deleted = await party('startup', `${freshWord()} Gone`);
    expect((await investor.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blockedByMe.user.id } })).statusCode).toBe(201);
    expect((await blockingMe.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: investor.user.id } })).statusCode).toBe(201);
    await suite.database.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, deleted.user.id));

    for (const userId of [otherInvestor.user.id, blockedByMe.user.id, blockingMe.user.id, deleted.user.id, 999_999]) {
      const response = await fitWith(investor.client, userId);
      expect(response.statusCode, `user ${userId}`).toBe(404);
      expect(response.json()).toMatchObject({ message: 'This profile does not exist.' });
    }
    expect((await fitWith(investor.client, 'abc')).statusCode).toBe(400);
    expect((await new TestClient(suite.app, '198.18.71.251').request({ method: 'GET', url: `/api/matches/with/${blockedByMe.user.id}` })).statusCode).toBe(401);
  });
});
