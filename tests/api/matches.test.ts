// Match lists and decisions (issue #4): transitions of each side's own answer, who may decide, the
// decision log. The mutual-consent matrix (both answers together) is in mutual-consent.test.ts.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, matchDecisions, matches } from '../../src/server/db/schema';
import { InvestorCard, StartupCard } from '../../src/shared/contracts/profiles';
import { MATCH_STATUSES, type MatchStatus } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { matchState } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.2.${++ipCounter}`);

/** A pair whose match has `status`; a declined one was declined by `decliner`. */
async function connectedPair(status: MatchStatus = 'pending', decliner: 'startup' | 'investor' = 'investor') {
  const startup = newClient();
  const { user: startupUser } = await startup.register('startup');
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Pair Startup' }) });
  const investor = newClient();
  const { user: investorUser } = await investor.register('investor');
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Pair Capital' }) });
  const [match] = await suite.database.db
    .insert(matches)
    .values({ startupId: startupUser.id, investorId: investorUser.id, score: 77, ...matchState(status, decliner) })
    .returning();
  return { startup, startupUser, investor, investorUser, match: match! };
}

const decide = (client: TestClient, matchId: number, payload: object) => client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload });

describe('GET /api/matches/startup and /api/matches/investor', () => {
  it('give each side its matches with exactly the counterpart card', async () => {
    const { startup, investor, match, startupUser, investorUser } = await connectedPair();
    const startupView = (await startup.request({ method: 'GET', url: '/api/matches/startup' })).json().items;
    expect(startupView).toHaveLength(1);
    expect(startupView[0]).toMatchObject({
      id: match.id,
      score: 77,
      status: 'pending',
      investorId: investorUser.id,
      investor: { id: investorUser.id, firmName: 'Pair Capital' },
    });
    // Exactly the contract's card: nothing else of the profile row (criteria aside) leaks.
    expect(Object.keys(startupView[0].investor).sort()).toEqual(Object.keys(InvestorCard.shape).sort());

    const investorView = (await investor.request({ method: 'GET', url: '/api/matches/investor' })).json().items;
    expect(investorView[0]).toMatchObject({ id: match.id, startupId: startupUser.id, startup: { id: startupUser.id, companyName: 'Pair Startup' } });
    // Team, traction and raising now, but never the rest of financials, the business model or the pitch deck.
    expect(Object.keys(investorView[0].startup).sort()).toEqual(Object.keys(StartupCard.shape).sort());
    // A new card field is a decision about what the other side sees: it changes these counts.
    expect([Object.keys(InvestorCard.shape).length, Object.keys(StartupCard.shape).length]).toEqual([13, 15]);
  });

  it('are each for their own role only', async () => {
    const { startup, investor } = await connectedPair();
    expect((await startup.request({ method: 'GET', url: '/api/matches/investor' })).statusCode).toBe(403);
    expect((await investor.request({ method: 'GET', url: '/api/matches/startup' })).statusCode).toBe(403);
  });

  it('never show another user’s matches', async () => {
    await connectedPair();
    const stranger = newClient();
    await stranger.register('startup');
    expect((await stranger.request({ method: 'GET', url: '/api/matches/startup' })).json()).toEqual({
      items: [],
      nextCursor: null,
      counts: { total: 0, all: 0, pending: 0, accepted: 0, rejected: 0 },
    });
  });
});

describe('GET /api/matches/:id', () => {
  it('gives each party the match from its own side, and is 404 to anyone else', async () => {
    const { startup, investor, match, investorUser, startupUser } = await connectedPair();
    const asStartup = await startup.request({ method: 'GET', url: `/api/matches/${match.id}` });
    expect(asStartup.statusCode, asStartup.body).toBe(200);
    expect(asStartup.json()).toMatchObject({ id: match.id, investor: { id: investorUser.id }, breakdown: null });
    const asInvestor = await investor.request({ method: 'GET', url: `/api/matches/${match.id}` });
    expect(asInvestor.json()).toMatchObject({ id: match.id, startup: { id: startupUser.id } });
    for (const role of ['startup', 'investor'] as const) {
      const stranger = newClient();
      await stranger.register(role);
      const refused = await stranger.request({ method: 'GET', url: `/api/matches/${match.id}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('This match does not exist.');
    }
    expect((await startup.request({ method: 'GET', url: '/api/matches/999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/matches/:id/update', () => {
  const allowed = new Set(['pending>accepted', 'pending>rejected', 'rejected>accepted']);
  const cases = MATCH_STATUSES.flatMap((from) => (['accepted', 'rejected'] as const).map((to) => [from, to] as const));

  // `from` is the startup's own answer (accepted: both accepted; rejected: the startup declined).
  it.each(cases)('from %s to %s follows the transition table', async (from, to) => {
    const { startup, match } = await connectedPair(from, 'startup');
    const response = await decide(startup, match.id, { status: to });
    if (allowed.has(`${from}>${to}`)) {
      expect(response.statusCode).toBe(200);
      expect(response.json().myDecision).toBe(to);
    } else {
      expect(response.statusCode).toBe(409);
      const [row] = await suite.database.db.select().from(matches).where(eq(matches.id, match.id));
      expect(row).toMatchObject({ status: from, startupDecision: from });
    }
  });

  it('lets either party decide, and logs who decided, on which side, with the reason', async () => {
    const { investor, investorUser, match } = await connectedPair();
    const declined = await decide(investor, match.id, { status: 'rejected', reason: 'check_size' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ decidedBy: 'investor', myDecision: 'rejected' });
    expect((await decide(investor, match.id, { status: 'accepted' })).statusCode).toBe(200);
    const other = await connectedPair();
    expect((await decide(other.startup, other.match.id, { status: 'accepted' })).json()).toMatchObject({ myDecision: 'accepted', decidedBy: null });

    const log = await suite.database.db.select().from(matchDecisions).where(eq(matchDecisions.matchId, match.id)).orderBy(matchDecisions.id);
    expect(log.map((entry) => [entry.userId, entry.side, entry.decision, entry.reason])).toEqual([
      [investorUser.id, 'investor', 'rejected', 'check_size'],
      [investorUser.id, 'investor', 'accepted', null],
    ]);
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, investorUser.id), eq(activities.activityType, 'match_updated')));
    expect(feed[0]!.description).toBe('Declined your match with Pair Startup (check size)');
  });

  it('lets only the side that declined reconsider (409 for the other, nothing changes)', async () => {
    const { investor, startup, match } = await connectedPair();
    await decide(investor, match.id, { status: 'rejected', reason: 'timing' });
    const overruled = await decide(startup, match.id, { status: 'accepted' });
    expect(overruled.statusCode).toBe(409);
    expect(overruled.json().message).toBe('The other side declined this match; only they can reconsider it.');
    const [row] = await suite.database.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row).toMatchObject({ status: 'rejected', investorDecision: 'rejected', startupDecision: 'pending' });
    // The startup sees who declined, so its card offers no Reconsider.
    const startupView = (await startup.request({ method: 'GET', url: '/api/matches/startup' })).json().items as Array<{ id: number; decidedBy: string | null }>;
    expect(startupView.find((m) => m.id === match.id)!.decidedBy).toBe('investor');

    const mirror = await connectedPair();
    await decide(mirror.startup, mirror.match.id, { status: 'rejected' });
    expect((await decide(mirror.investor, mirror.match.id, { status: 'accepted' })).statusCode).toBe(409);
    expect((await decide(mirror.startup, mirror.match.id, { status: 'accepted' })).statusCode).toBe(200);
  });

  it('is 404 for anyone but the two parties, and changes nothing', async () => {
    const { match } = await connectedPair();
    const stranger = newClient();
    await stranger.register('investor');
    const response = await decide(stranger, match.id, { status: 'accepted' });
    expect(response.statusCode).toBe(404);
    expect((await decide(stranger, 999_999, { status: 'accepted' })).statusCode).toBe(404);
    const [row] = await suite.database.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row!.status).toBe('pending');
  });

  it.each([
    [{ status: 'pending' }, 'status'],
    [{ status: 'maybe' }, 'status'],
    [{ status: 'rejected', reason: 'vibes' }, 'reason'],
    [{ status: 'accepted', reason: 'timing' }, 'reason'],
  ])('rejects the body %o', async (payload, field) => {
    const { startup, match } = await connectedPair();
    const response = await decide(startup, match.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBeDefined();
  });

  it('rejects server-owned fields such as score', async () => {
    const { startup, match } = await connectedPair();
    const response = await decide(startup, match.id, { status: 'accepted', score: 100 });
    expect(response.statusCode).toBe(400);
  });
});
