// Mutual consent (issue #14; docs/decisions/0028-mutual-consent.md): each side answers for itself,
// a pair connects only when both accepted, the other side learns of an interest live, and nothing
// a connection unlocks (messages, milestones, document shares, auto-share, portfolio add) opens on
// one side's accept alone.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, matchDecisions, matches } from '../../src/server/db/schema';
import type { UserType } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { pdfBytes } from '../support/document-fixtures';
import { openEventStream, type EventStreamReader } from '../support/event-stream';
import { oneSidedAccept } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.14.${++ipCounter}`);

let baseUrl: string;
beforeAll(async () => {
  baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
});
const openStreams: EventStreamReader[] = [];
afterEach(() => {
  for (const stream of openStreams.splice(0)) stream.close();
});

async function startupWithProfile(companyName = 'Consent Co') {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  return { client, user };
}

async function investorWithProfile(firmName = 'Consent Capital') {
  const client = newClient();
  const { user } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  return { client, user };
}

async function insertMatch(startupId: number, investorId: number, score = 75, state: Partial<typeof matches.$inferInsert> = {}) {
  const [row] = await suite.database.db
    .insert(matches)
    .values({ startupId, investorId, score, ...state })
    .returning();
  return row!.id;
}

/** A startup and an investor with profiles and a match nobody has answered. */
async function pair() {
  const startup = await startupWithProfile();
  const investor = await investorWithProfile();
  const matchId = await insertMatch(startup.user.id, investor.user.id);
  return { startup, investor, matchId, clientOf: (side: UserType) => (side === 'startup' ? startup.client : investor.client) };
}

const decide = (client: TestClient, matchId: number, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload });
const accept = (client: TestClient, matchId: number) => decide(client, matchId, { status: 'accepted' });

/** The match as `side` sees it in its own list. */
async function seenBy(client: TestClient, side: UserType, matchId: number) {
  const list = (await client.request({ method: 'GET', url: `/api/matches/${side}` })).json().items as Array<Record<string, unknown>>;
  return list.find((match) => match.id === matchId)!;
}

const storedRow = async (matchId: number) => (await suite.database.db.select().from(matches).where(eq(matches.id, matchId)))[0]!;

describe('the decision matrix', () => {
  it.each([
    ['startup', 'investor'],
    ['investor', 'startup'],
  ] as const)('%s accepts first: pending ("waiting" / "wants to connect") until the %s accepts too', async (first, second) => {
    const { matchId, clientOf } = await pair();
    const answered = await accept(clientOf(first), matchId);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'pending', myDecision: 'accepted', theirDecision: 'pending', theirDeclineReason: null, decidedBy: null });
    expect(await seenBy(clientOf(second), second, matchId)).toMatchObject({
      status: 'pending',
      myDecision: 'pending',
      theirDecision: 'accepted',
      decidedBy: null,
    });
    expect(await storedRow(matchId)).toMatchObject({ status: 'pending', [`${first}Decision`]: 'accepted', [`${second}Decision`]: 'pending' });

    const connected = await accept(clientOf(second), matchId);
    expect(connected.json()).toMatchObject({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted', decidedBy: null });
    expect(await seenBy(clientOf(first), first, matchId)).toMatchObject({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' });
    expect((await storedRow(matchId)).status).toBe('accepted');
  });

  it.each([
    ['startup', 'investor'],
    ['investor', 'startup'],
  ] as const)('%s accepts and the %s declines: rejected, declined by the decliner, and only they may reconsider', async (accepter, decliner) => {
    const { matchId, clientOf } = await pair();
    await accept(clientOf(accepter), matchId);
    const declined = await decide(clientOf(decliner), matchId, { status: 'rejected', reason: 'timing' });
    expect(declined.json()).toMatchObject({ status: 'rejected', myDecision: 'rejected', theirDecision: 'accepted', decidedBy: decliner });
    expect(await seenBy(clientOf(accepter), accepter, matchId)).toMatchObject({
      status: 'rejected',
      myDecision: 'accepted',
      theirDecision: 'rejected',
      decidedBy: decliner,
      theirDeclineReason: null,
    });

    // The accepter cannot overrule the "no", nor take their own yes back.
    const overruled = await accept(clientOf(accepter), matchId);
    expect(overruled.statusCode).toBe(409);
    expect(overruled.json().message).toBe('The other side declined this match; only they can reconsider it.');
    expect((await decide(clientOf(accepter), matchId, { status: 'rejected' })).statusCode).toBe(409);

    // The decliner reconsiders: the accepter's yes still stands, so they connect.
    const reconsidered = await accept(clientOf(decliner), matchId);
    expect(reconsidered.json()).toMatchObject({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted', decidedBy: null });
  });

  it('a decline reconsidered before the other side answered becomes an interest waiting for them', async () => {
    const { matchId, startup, investor } = await pair();
    await decide(investor.client, matchId, { status: 'rejected', reason: 'stage', shareReason: true });
    expect(await seenBy(startup.client, 'startup', matchId)).toMatchObject({ status: 'rejected', decidedBy: 'investor', theirDeclineReason: 'stage' });

    // Not the non-decliner: neither a reconsider nor a decline of their own, and nothing changes.
    const refused = await accept(startup.client, matchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The other side declined this match; only they can reconsider it.');
    const declineToo = await decide(startup.client, matchId, { status: 'rejected' });
    expect(declineToo.statusCode).toBe(409);
    expect(declineToo.json().message).toBe('The other side has already declined this match.');
    expect(await storedRow(matchId)).toMatchObject({ status: 'rejected', startupDecision: 'pending', investorDecision: 'rejected' });

    expect((await accept(investor.client, matchId)).json()).toMatchObject({
      status: 'pending',
      myDecision: 'accepted',
      theirDecision: 'pending',
      decidedBy: null,
    });
    // The reconsidered decline's reason goes with it.
    expect(await seenBy(startup.client, 'startup', matchId)).toMatchObject({
      status: 'pending',
      myDecision: 'pending',
      theirDecision: 'accepted',
      theirDeclineReason: null,
    });
    expect(await storedRow(matchId)).toMatchObject({ investorDeclineReason: null, investorSharesReason: false });
  });

  it('refuses every other change of one’s own answer with a sentence (409), changing nothing', async () => {
    const { matchId, startup, investor } = await pair();
    await accept(startup.client, matchId);
    const twice = await accept(startup.client, matchId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already accepted this match; it now waits for the other side.');
    const withdraw = await decide(startup.client, matchId, { status: 'rejected' });
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().message).toBe('You have accepted this match; it can no longer be declined.');

    await accept(investor.client, matchId);
    expect((await accept(investor.client, matchId)).json().message).toBe('You are already connected through this match.');
    expect((await decide(investor.client, matchId, { status: 'rejected' })).json().message).toBe(
      'You are connected through this match; it can no longer be declined.',
    );

    const other = await pair();
    await decide(other.startup.client, other.matchId, { status: 'rejected' });
    const again = await decide(other.startup.client, other.matchId, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already declined this match.');
    expect(await storedRow(other.matchId)).toMatchObject({ status: 'rejected', startupDecision: 'rejected', investorDecision: 'pending' });
  });

  it('shows a decline reason to the other side only when the decliner shared it', async () => {
    const shared = await pair();
    await decide(shared.investor.client, shared.matchId, { status: 'rejected', reason: 'check_size', shareReason: true });
    expect(await seenBy(shared.startup.client, 'startup', shared.matchId)).toMatchObject({ theirDecision: 'rejected', theirDeclineReason: 'check_size' });
    // The decliner's own reason is not "theirs".
    expect(await seenBy(shared.investor.client, 'investor', shared.matchId)).toMatchObject({ myDecision: 'rejected', theirDeclineReason: null });

    const unshared = await pair();
    await decide(unshared.startup.client, unshared.matchId, { status: 'rejected', reason: 'location' });
    expect(await seenBy(unshared.investor.client, 'investor', unshared.matchId)).toMatchObject({
      theirDecision: 'rejected',
      theirDeclineReason: null,
      decidedBy: 'startup',
    });
    expect(await storedRow(unshared.matchId)).toMatchObject({ startupDeclineReason: 'location', startupSharesReason: false });

    const explicitNo = await pair();
    await decide(explicitNo.startup.client, explicitNo.matchId, { status: 'rejected', reason: 'sector', shareReason: false });
    expect((await seenBy(explicitNo.investor.client, 'investor', explicitNo.matchId)).theirDeclineReason).toBeNull();

    // Sharing goes only with a decline.
    const withAccept = await decide(explicitNo.investor.client, explicitNo.matchId, { status: 'accepted', shareReason: true });
    expect(withAccept.statusCode).toBe(400);
    expect(withAccept.json().fieldErrors.shareReason).toEqual(['Sharing a reason goes only with a decline']);
  });

  it('logs every decision with its side, and records each in the decider’s feed', async () => {
    const { matchId, startup, investor } = await pair();
    await decide(investor.client, matchId, { status: 'rejected', reason: 'timing' });
    await accept(investor.client, matchId);
    await accept(startup.client, matchId);
    const log = await suite.database.db.select().from(matchDecisions).where(eq(matchDecisions.matchId, matchId)).orderBy(matchDecisions.id);
    expect(log.map((entry) => [entry.userId, entry.side, entry.decision, entry.reason])).toEqual([
      [investor.user.id, 'investor', 'rejected', 'timing'],
      [investor.user.id, 'investor', 'accepted', null],
      [startup.user.id, 'startup', 'accepted', null],
    ]);
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, startup.user.id), eq(activities.activityType, 'match_updated')));
    expect(feed.map((entry) => entry.description)).toEqual(['Accepted your match with Consent Capital: you are now connected']);
  });
});

describe('connection requests', () => {
  it('come first in each side’s list, then by score, and the dashboards count them', async () => {
    const startup = await startupWithProfile('Sought After');
    const investors = await Promise.all(
      ['Quiet Fund', 'Keen Fund', 'Eager Fund', 'Waiting Fund', 'Connected Fund', 'Declined Fund'].map((name) => investorWithProfile(name)),
    );
    const [quiet, keen, eager, waiting, connected, declined] = investors.map((investor) => investor.user.id);
    const ids = {
      quiet: await insertMatch(startup.user.id, quiet!, 95),
      keen: await insertMatch(startup.user.id, keen!, 50, oneSidedAccept('investor')),
      eager: await insertMatch(startup.user.id, eager!, 70, oneSidedAccept('investor')),
      waiting: await insertMatch(startup.user.id, waiting!, 90, oneSidedAccept('startup')),
      connected: await insertMatch(startup.user.id, connected!, 99, { status: 'accepted', startupDecision: 'accepted', investorDecision: 'accepted' }),
      declined: await insertMatch(startup.user.id, declined!, 98, { status: 'rejected', startupDecision: 'rejected', investorDecision: 'accepted' }),
    };
    const list = (await startup.client.request({ method: 'GET', url: '/api/matches/startup' })).json().items as Array<{ id: number }>;
    expect(list.map((match) => match.id)).toEqual([ids.eager, ids.keen, ids.connected, ids.declined, ids.quiet, ids.waiting]);
    const stats = (await startup.client.request({ method: 'GET', url: '/api/dashboard/stats' })).json();
    expect(stats).toMatchObject({ kind: 'startup', connectionRequests: 2, potentialMatches: 4 });

    // The investor side: the startup's interest waits for the Waiting Fund, first in its list.
    const waitingFund = investors[3]!;
    const other = await startupWithProfile('Better Scored');
    await insertMatch(other.user.id, waiting!, 97);
    const investorList = (await waitingFund.client.request({ method: 'GET', url: '/api/matches/investor' })).json().items as Array<{ id: number }>;
    expect(investorList[0]!.id).toBe(ids.waiting);
    expect((await waitingFund.client.request({ method: 'GET', url: '/api/dashboard/stats' })).json()).toMatchObject({
      kind: 'investor',
      connectionRequests: 1,
    });
    // An accept the other side has not answered is not a request for the one who gave it.
    expect((await investors[1]!.client.request({ method: 'GET', url: '/api/dashboard/stats' })).json()).toMatchObject({ connectionRequests: 0 });

    // Answering a request takes it off the count.
    await accept(startup.client, ids.keen);
    expect((await startup.client.request({ method: 'GET', url: '/api/dashboard/stats' })).json()).toMatchObject({ connectionRequests: 1 });
  });

  it('reach the other side live, on every decision', async () => {
    const { matchId, startup, investor } = await pair();
    const investorStream = await openEventStream(baseUrl, investor.client.sessionToken!);
    const startupStream = await openEventStream(baseUrl, startup.client.sessionToken!);
    openStreams.push(investorStream, startupStream);
    await accept(startup.client, matchId);
    expect((await investorStream.next((event) => event.type === 'match_updated')).data).toEqual({ type: 'match_updated', matchId, status: 'pending' });
    // The decider's other tabs hear it too.
    expect((await startupStream.next((event) => event.type === 'match_updated')).data).toEqual({ type: 'match_updated', matchId, status: 'pending' });
    await accept(investor.client, matchId);
    expect((await startupStream.next((event) => event.type === 'match_updated')).data).toEqual({ type: 'match_updated', matchId, status: 'accepted' });

    const declined = await pair();
    const declinedStream = await openEventStream(baseUrl, declined.startup.client.sessionToken!);
    openStreams.push(declinedStream);
    await decide(declined.investor.client, declined.matchId, { status: 'rejected' });
    expect((await declinedStream.next((event) => event.type === 'match_updated')).data).toEqual({
      type: 'match_updated',
      matchId: declined.matchId,
      status: 'rejected',
    });
  });
});

describe('only a connection unlocks working together', () => {
  const NOT_CONNECTED = {
    message: 'You can message only people you are connected with: both of you must accept the match.',
    milestone: 'Milestones are shared only between a startup and an investor who are connected: both must accept the match.',
    grant: 'You can share documents only with investors you are connected with: both of you must accept the match.',
    portfolio: 'You can add a startup from your matches only once you are connected: both of you must accept the match.',
  };

  async function uploadDeck(client: TestClient, category = 'Pitch Deck') {
    const { payload, headers } = multipartPayload(
      { name: 'Deck', type: category },
      { filename: 'deck.pdf', content: pdfBytes(2), contentType: 'application/pdf' },
    );
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  }

  async function attempts(startup: { client: TestClient; user: { id: number } }, investor: { client: TestClient; user: { id: number } }, documentId: number) {
    return {
      startupMessage: await startup.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investor.user.id, content: 'Hello' } }),
      investorMessage: await investor.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: startup.user.id, content: 'Hello' } }),
      milestone: await startup.client.request({
        method: 'POST',
        url: '/api/milestones',
        payload: { title: 'Intro call', description: 'First talk', date: '2026-12-01', investorId: investor.user.id },
      }),
      milestones: await investor.client.request({ method: 'GET', url: `/api/milestones?partnerId=${startup.user.id}` }),
      grant: await startup.client.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: investor.user.id } }),
      portfolio: await investor.client.request({
        method: 'POST',
        url: '/api/portfolio',
        payload: {
          companyName: 'Consent Co',
          industry: 'SaaS',
          stage: 'Seed',
          investmentDate: '2025-06-30',
          investmentAmount: 1_000_000,
          description: 'Added from a match.',
          performance: 'growing',
          startupId: startup.user.id,
        },
      }),
    };
  }

  it.each(['startup', 'investor'] as const)('is 403 with a sentence on one side’s accept (the %s’s), and opens on the second', async (accepter) => {
    const { matchId, startup, investor, clientOf } = await pair();
    const deck = await uploadDeck(startup.client);
    await accept(clientOf(accepter), matchId);

    const refused = await attempts(startup, investor, deck.id);
    for (const [name, response] of Object.entries(refused)) expect(response.statusCode, name).toBe(403);
    expect(refused.startupMessage.json().message).toBe(NOT_CONNECTED.message);
    expect(refused.investorMessage.json().message).toBe(NOT_CONNECTED.message);
    expect(refused.milestone.json().message).toBe(NOT_CONNECTED.milestone);
    expect(refused.milestones.json().message).toBe(NOT_CONNECTED.milestone);
    expect(refused.grant.json().message).toBe(NOT_CONNECTED.grant);
    expect(refused.portfolio.json().message).toBe(NOT_CONNECTED.portfolio);
    // Nor is the one-sided partner offered for sharing, conversations or the portfolio.
    expect((await startup.client.request({ method: 'GET', url: '/api/data-room/share-candidates' })).json()).toEqual([]);
    expect((await investor.client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json()).toEqual([]);
    expect((await startup.client.request({ method: 'GET', url: '/api/messages/conversations' })).json()).toEqual([]);

    await accept(clientOf(accepter === 'startup' ? 'investor' : 'startup'), matchId);
    const allowed = await attempts(startup, investor, deck.id);
    expect(allowed.startupMessage.statusCode).toBe(201);
    expect(allowed.investorMessage.statusCode).toBe(201);
    expect(allowed.milestone.statusCode).toBe(201);
    expect(allowed.milestones.statusCode).toBe(200);
    expect(allowed.grant.statusCode).toBe(201);
    expect(allowed.portfolio.statusCode).toBe(201);
  });

  it.each(['startup', 'investor'] as const)('auto-shares on the second accept only (the %s accepts first)', async (first) => {
    const { matchId, startup, investor, clientOf } = await pair();
    await startup.client.request({ method: 'PUT', url: '/api/data-room/settings', payload: { autoShareCategories: ['Pitch Deck'] } });
    const deck = await uploadDeck(startup.client);
    const sharedWithInvestor = async () =>
      ((await investor.client.request({ method: 'GET', url: '/api/documents' })).json() as Array<{ id: number }>).map((document) => document.id);

    await accept(clientOf(first), matchId);
    expect(await sharedWithInvestor()).toEqual([]);
    await accept(clientOf(first === 'startup' ? 'investor' : 'startup'), matchId);
    expect(await sharedWithInvestor()).toEqual([deck.id]);
    const autoShares = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, startup.user.id), eq(activities.activityType, 'document_shared')));
    expect(autoShares.map((entry) => entry.description)).toEqual(['Automatically shared 1 document with Consent Capital']);
  });
});
