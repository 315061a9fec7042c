// Leaving and blocking (issue #14; docs/decisions/0030-disconnect-and-block.md): either party ends
// a connection, which revokes the pair's grants, makes the thread read-only and freezes the plan
// until both accept again; a block also ends the match for good, hides the blocker's profile from
// the blocked user and the conversation from the blocker.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentAccess, matches, securityEvents } from '../../src/server/db/schema';
import type { ConversationSummary } from '../../src/shared/contracts/messages';
import type { UserType } from '../../src/shared/enums';
import { pdfBytes } from '../support/document-fixtures';
import { connectPair } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { healthParties, type Party } from '../support/health-parties';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.30.${++ipCounter}`);

const parties = healthParties(newClient);
const startupWithProfile = (companyName = 'Leaving Co') => parties.startupWithProfile(companyName);
const investorWithProfile = (firmName = 'Leaving Capital') => parties.investorWithProfile(firmName);

/** A startup and an investor connected through the API (both accepted). */
async function connectedPair() {
  const startup = await startupWithProfile();
  const investor = await investorWithProfile();
  const [row] = await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: investor.user.id, score: 80 }).returning();
  await connectPair(startup.client, investor.client, row!.id);
  return { startup, investor, matchId: row!.id, clientOf: (side: UserType) => (side === 'startup' ? startup.client : investor.client) };
}

const disconnect = (client: TestClient, matchId: number) => client.request({ method: 'POST', url: `/api/matches/${matchId}/disconnect` });
const accept = (client: TestClient, matchId: number) =>
  client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
const send = (from: Party, to: Party, content = 'Hello') =>
  from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });
const block = (client: TestClient, userId: number) => client.request({ method: 'POST', url: '/api/blocks', payload: { userId } });
const storedMatch = async (startupId: number, investorId: number) =>
  (
    await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, startupId), eq(matches.investorId, investorId)))
  )[0];
const eventsOf = async (eventType: string, userId: number) =>
  suite.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, eventType), eq(securityEvents.userId, userId)));

async function uploadDeck(client: TestClient) {
  const { payload, headers } = multipartPayload(
    { name: 'Deck', type: 'Pitch Deck' },
    { filename: 'deck.pdf', content: pdfBytes(2), contentType: 'application/pdf' },
  );
  const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('POST /api/matches/:id/disconnect', () => {
  it.each(['startup', 'investor'] as const)('the %s ends the connection: both answers back to pending, and both see who ended it', async (side) => {
    const { matchId, clientOf, startup, investor } = await connectedPair();
    const other: UserType = side === 'startup' ? 'investor' : 'startup';
    const response = await disconnect(clientOf(side), matchId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: matchId, status: 'pending', myDecision: 'pending', theirDecision: 'pending', connectionEndedBy: side });
    expect(response.json().connectionEndedAt).toEqual(expect.any(String));
    const theirList = (await clientOf(other).request({ method: 'GET', url: `/api/matches/${other}` })).json().items as Array<Record<string, unknown>>;
    expect(theirList.find((match) => match.id === matchId)).toMatchObject({ status: 'pending', connectionEndedBy: side });
    const actorId = side === 'startup' ? startup.user.id : investor.user.id;
    const [event] = await eventsOf('connection_ended', actorId);
    expect(event?.detail).toEqual({ matchId, partnerId: side === 'startup' ? investor.user.id : startup.user.id });
    // The other side's feed says who ended it, linking to the match (pending again).
    const feed = (await clientOf(other).request({ method: 'GET', url: '/api/activities' })).json() as {
      items: Array<{ activityType: string; description: string; target: unknown }>;
    };
    const ended = feed.items.find((item) => item.activityType === 'connection_ended');
    expect(ended).toMatchObject({
      description: `${side === 'startup' ? 'Leaving Co' : 'Leaving Capital'} ended the connection`,
      target: { kind: 'match', matchId, tab: 'pending' },
    });
  });

  it('a block ends a connection silently: the blocked side gets no feed entry', async () => {
    const { startup, investor } = await connectedPair();
    await block(startup.client, investor.user.id);
    const feed = (await investor.client.request({ method: 'GET', url: '/api/activities' })).json() as { items: Array<{ activityType: string }> };
    expect(feed.items.map((item) => item.activityType)).not.toContain('connection_ended');
  });

  it('is 404 to anyone outside the match and 409 when the pair is not connected', async () => {
    const { matchId, startup } = await connectedPair();
    const outsider = await investorWithProfile('Outside Fund');
    expect((await disconnect(outsider.client, matchId)).statusCode).toBe(404);
    expect((await disconnect(startup.client, matchId)).statusCode).toBe(200);
    const again = await disconnect(startup.client, matchId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are not connected through this match, so there is no connection to end.');
  });

  it('reconnecting needs both to accept again, and clears who ended it', async () => {
    const { matchId, startup, investor } = await connectedPair();
    await disconnect(investor.client, matchId);
    const first = await accept(startup.client, matchId);
    expect(first.json()).toMatchObject({ status: 'pending', myDecision: 'accepted', theirDecision: 'pending' });
    expect((await send(startup, investor)).statusCode).toBe(403);
    const second = await accept(investor.client, matchId);
    expect(second.json()).toMatchObject({ status: 'accepted', connectionEndedAt: null, connectionEndedBy: null });
    expect((await send(startup, investor)).statusCode).toBe(201);
  });

  it('revokes every document grant between the pair at once', async () => {
    const { matchId, startup, investor } = await connectedPair();
    const documentId = await uploadDeck(startup.client);
    const granted = await startup.client.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: investor.user.id } });
    expect(granted.statusCode, granted.body).toBe(201);
    const investorDocuments = async () =>
      ((await investor.client.request({ method: 'GET', url: '/api/documents' })).json() as Array<{ id: number }>).map((d) => d.id);
    expect(await investorDocuments()).toContain(documentId);

    await disconnect(startup.client, matchId);
    expect(await investorDocuments()).not.toContain(documentId);
    const content = await investor.client.request({ method: 'GET', url: `/api/documents/${documentId}/content` });
    expect([403, 404]).toContain(content.statusCode);
    const [grant] = await suite.database.db.select().from(documentAccess).where(eq(documentAccess.documentId, documentId));
    expect(grant?.revokedAt).not.toBeNull();
  });

  it('makes the thread read-only for both: sending is refused, the history and the conversation stay', async () => {
    const { matchId, startup, investor } = await connectedPair();
    expect((await send(startup, investor, 'Before')).statusCode).toBe(201);
    await disconnect(investor.client, matchId);
    for (const [from, to] of [
      [startup, investor],
      [investor, startup],
    ] as const) {
      const refused = await send(from, to, 'After');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/connected/);
      const thread = await from.client.request({ method: 'GET', url: `/api/messages/${to.user.id}` });
      expect(thread.statusCode).toBe(200);
      expect((thread.json().items as Array<{ content: string }>).map((m) => m.content)).toEqual(['Before']);
      const conversations = (await from.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as ConversationSummary[];
      // The summary says the thread is read-only, and who ended it, so both screens can say so.
      expect(conversations.find((c) => c.userId === to.user.id)).toMatchObject({ connected: false, matchId, connectionEndedBy: 'investor' });
    }
  });

  it('conversation summaries say a connected pair can write, with the match to disconnect from', async () => {
    const { matchId, startup, investor } = await connectedPair();
    const conversations = (await startup.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as ConversationSummary[];
    expect(conversations.find((c) => c.userId === investor.user.id)).toMatchObject({ connected: true, matchId, connectionEndedBy: null });
    // Connected again after a disconnect: who ended the earlier connection no longer matters.
    await disconnect(startup.client, matchId);
    await accept(startup.client, matchId);
    await accept(investor.client, matchId);
    const again = (await investor.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as ConversationSummary[];
    expect(again.find((c) => c.userId === startup.user.id)).toMatchObject({ connected: true, matchId, connectionEndedBy: null });
  });

  it('freezes the milestone plan: still listed, but no create, edit, advance or delete', async () => {
    const { matchId, startup, investor } = await connectedPair();
    const created = await startup.client.request({
      method: 'POST',
      url: '/api/milestones',
      payload: { title: 'Intro call', description: 'First talk', date: '2026-12-01', investorId: investor.user.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const milestoneId = created.json().id as number;
    await disconnect(startup.client, matchId);

    const listed = await investor.client.request({ method: 'GET', url: `/api/milestones?partnerId=${startup.user.id}` });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as Array<{ id: number }>).map((m) => m.id)).toEqual([milestoneId]);
    const writes = [
      await startup.client.request({ method: 'POST', url: '/api/milestones', payload: { title: 'Second', investorId: investor.user.id } }),
      await startup.client.request({ method: 'PATCH', url: `/api/milestones/${milestoneId}`, payload: { title: 'Renamed' } }),
      await investor.client.request({ method: 'POST', url: `/api/milestones/${milestoneId}/update`, payload: { status: 'in_progress' } }),
      await investor.client.request({ method: 'DELETE', url: `/api/milestones/${milestoneId}` }),
    ];
    expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403]);
  });
});

describe('blocks', () => {
  it('a block ends the connection and removes the match, and generation never pairs them again in either direction', async () => {
    const { matchId, startup, investor } = await connectedPair();
    const response = await block(startup.client, investor.user.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ userId: investor.user.id, userType: 'investor', name: 'Leaving Capital' });
    expect(await storedMatch(startup.user.id, investor.user.id)).toBeUndefined();
    for (const [client, side] of [
      [startup.client, 'startup'],
      [investor.client, 'investor'],
    ] as const) {
      const list = (await client.request({ method: 'GET', url: `/api/matches/${side}` })).json().items as Array<{ id: number }>;
      expect(list.map((m) => m.id)).not.toContain(matchId);
    }
    expect((await eventsOf('user_blocked', startup.user.id)).map((e) => e.detail)).toEqual([{ blockedId: investor.user.id }]);
    expect(await eventsOf('connection_ended', startup.user.id)).toHaveLength(1);

    // The same profiles, unblocked, are a fitting pair: generation would suggest them.
    const control = await startupWithProfile('Control Co');
    expect((await control.client.request({ method: 'POST', url: '/api/generate-matches' })).statusCode).toBe(200);
    expect(await storedMatch(control.user.id, investor.user.id)).toBeDefined();

    for (const client of [startup.client, investor.client])
      expect((await client.request({ method: 'POST', url: '/api/generate-matches' })).statusCode).toBe(200);
    expect(await storedMatch(startup.user.id, investor.user.id)).toBeUndefined();
  });

  it('hides the blocker’s profile from the blocked user until unblocked, and unblocking does not reconnect', async () => {
    const { startup, investor } = await connectedPair();
    const profile = () => investor.client.request({ method: 'GET', url: `/api/startups/${startup.user.id}` });
    expect((await profile()).statusCode).toBe(200);
    await block(startup.client, investor.user.id);
    expect((await profile()).statusCode).toBe(404);
    // The blocker still sees the blocked user's profile.
    expect((await startup.client.request({ method: 'GET', url: `/api/investors/${investor.user.id}` })).statusCode).toBe(200);

    const lifted = await startup.client.request({ method: 'DELETE', url: `/api/blocks/${investor.user.id}` });
    expect(lifted.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    expect((await send(investor, startup)).statusCode).toBe(403);
    expect(await eventsOf('user_unblocked', startup.user.id)).toHaveLength(1);
    expect((await startup.client.request({ method: 'DELETE', url: `/api/blocks/${investor.user.id}` })).statusCode).toBe(404);
  });

  it('the blocked user cannot message the blocker, and the blocker’s list drops the conversation', async () => {
    const { startup, investor } = await connectedPair();
    expect((await send(investor, startup, 'Hi there')).statusCode).toBe(201);
    await block(startup.client, investor.user.id);
    const refused = await send(investor, startup);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot message this person.');
    expect((await send(startup, investor)).statusCode).toBe(403);
    const conversationsOf = async (party: Party) =>
      ((await party.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as Array<{ userId: number }>).map((c) => c.userId);
    expect(await conversationsOf(startup)).not.toContain(investor.user.id);
    expect(await conversationsOf(investor)).toContain(startup.user.id);
    // The blocked side keeps the history, read-only, with no match left to act on.
    const kept = ((await investor.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as ConversationSummary[]).find(
      (c) => c.userId === startup.user.id,
    );
    expect(kept).toMatchObject({ connected: false, matchId: null, connectionEndedBy: null });
  });

  it('lists blocks newest first, is idempotent, refuses yourself (400) and unknown users (404)', async () => {
    const investor = await investorWithProfile('Blocking Fund');
    const first = await startupWithProfile('First Blocked');
    const registeredOnly = newClient();
    const { user: bare } = await registeredOnly.register('startup');

    expect((await block(investor.client, first.user.id)).statusCode).toBe(201);
    const again = await block(investor.client, first.user.id);
    expect([200, 201]).toContain(again.statusCode);
    expect((await block(investor.client, bare.id)).statusCode).toBe(201);

    const list = (await investor.client.request({ method: 'GET', url: '/api/blocks' })).json() as Array<Record<string, unknown>>;
    expect(list.map((entry) => entry.userId)).toEqual([bare.id, first.user.id]);
    expect(list[0]).toMatchObject({ userType: 'startup', name: bare.username, blockedAt: expect.any(String) });
    expect(list[1]).toMatchObject({ name: 'First Blocked' });

    const self = await block(investor.client, investor.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself.');
    expect((await block(investor.client, 2_000_000_000)).statusCode).toBe(404);
  });
});
