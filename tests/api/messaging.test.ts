// Messaging (issue #6): who may talk to whom, threads, read receipts, summaries, live events.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activities, matches, messages } from '../../src/server/db/schema';
import { HEARTBEAT_INTERVAL_MS } from '../../src/shared/contracts/events';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { openEventStream } from '../support/event-stream';
import { matchState, oneSidedAccept } from '../support/match-state';
import { buildTestApp, TestClient, useTestSuite } from '../support/test-app';
import { isPostgresRun, openTestDatabase } from '../support/test-database';
import type { DatabaseHandle } from '../../src/server/db/client';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = (app = suite.app) => new TestClient(app, `198.18.4.${++ipCounter}`);

/** A startup and an investor whose match is in `state`: a status, or one side's accept alone. */
async function connectedPair(
  state: 'accepted' | 'pending' | 'rejected' | ReturnType<typeof oneSidedAccept> = 'accepted',
  app = suite.app,
  database = suite.database,
) {
  const startup = newClient(app);
  const { user: startupUser } = await startup.register('startup', { firstName: 'Sam', lastName: 'Startup' });
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Chatty Co' }) });
  const investor = newClient(app);
  const { user: investorUser } = await investor.register('investor', { firstName: 'Ivy', lastName: 'Investor' });
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Talk Ventures' }) });
  await database.db
    .insert(matches)
    .values({ startupId: startupUser.id, investorId: investorUser.id, score: 80, ...(typeof state === 'string' ? matchState(state) : state) });
  return { startup, startupUser, investor, investorUser };
}

const send = (client: TestClient, receiverId: number, content: string) =>
  client.request({ method: 'POST', url: '/api/messages', payload: { receiverId, content } });

describe('POST /api/messages', () => {
  it('stores a trimmed message between connected users and records message_sent', async () => {
    const { startup, startupUser, investorUser } = await connectedPair();
    const response = await send(startup, investorUser.id, '  Hello, thanks for accepting!  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ senderId: startupUser.id, receiverId: investorUser.id, content: 'Hello, thanks for accepting!', read: false });
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, startupUser.id), eq(activities.activityType, 'message_sent')));
    expect(feed[0]!.description).toBe('Sent a message to Ivy Investor');
  });

  it.each([
    ['empty', ''],
    ['whitespace only', ' \n\t '],
    ['over 5,000 characters', 'x'.repeat(5001)],
  ])('refuses %s content with 400', async (_name, content) => {
    const { startup, investorUser } = await connectedPair();
    const response = await send(startup, investorUser.id, content);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.content).toBeDefined();
  });

  it.each([
    ['no content', { receiverId: 1 }, 'content'],
    ['a receiver given as text', { receiverId: '1', content: 'Hi' }, 'receiverId'],
    ['no receiver', { content: 'Hi' }, 'receiverId'],
  ])('refuses %s with 400 and a sentence', async (_name, payload, field) => {
    const { startup } = await connectedPair();
    const response = await startup.request({ method: 'POST', url: '/api/messages', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBeDefined();
    expect(response.json().message).toMatch(/\w+/);
  });

  it('refuses a message to yourself with 400', async () => {
    const { startup, startupUser } = await connectedPair();
    const response = await send(startup, startupUser.id, 'Note to self');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot send a message to yourself.');
  });

  it('accepts exactly 5,000 characters', async () => {
    const { investor, startupUser } = await connectedPair();
    expect((await send(investor, startupUser.id, 'y'.repeat(5000))).statusCode).toBe(201);
  });

  it('is 403 unless both accepted the match (a connection)', async () => {
    const pending = await connectedPair('pending');
    const refused = await send(pending.startup, pending.investorUser.id, 'Hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can message only people you are connected with: both of you must accept the match.');
    expect((await send(pending.investor, pending.startupUser.id, 'Hi')).statusCode).toBe(403);
    const declined = await connectedPair('rejected');
    expect((await send(declined.investor, declined.startupUser.id, 'Hi')).statusCode).toBe(403);
    // One side's accept alone connects nobody, whichever side gave it.
    for (const accepter of ['startup', 'investor'] as const) {
      const oneSided = await connectedPair(oneSidedAccept(accepter));
      expect((await send(oneSided.startup, oneSided.investorUser.id, 'Hi')).statusCode).toBe(403);
      expect((await send(oneSided.investor, oneSided.startupUser.id, 'Hi')).statusCode).toBe(403);
    }
    // Same role, and an id nobody has.
    const otherInvestor = newClient();
    const { user: otherInvestorUser } = await otherInvestor.register('investor');
    expect((await send(declined.investor, otherInvestorUser.id, 'Hi')).statusCode).toBe(403);
    expect((await send(declined.investor, 2_000_000_000, 'Hi')).statusCode).toBe(403);
    const stranger = newClient();
    await stranger.register('investor');
    const { startupUser } = await connectedPair();
    expect((await send(stranger, startupUser.id, 'Hi')).statusCode).toBe(403);
    expect(await suite.database.db.select().from(messages).where(eq(messages.receiverId, startupUser.id))).toHaveLength(0);
  });

  it('refuses a sender field in the body (the sender is the session)', async () => {
    const { startup, investorUser, startupUser } = await connectedPair();
    const response = await startup.request({
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: investorUser.id, content: 'Hi', senderId: startupUser.id },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('threads', () => {
  it('returns only the pair’s messages, oldest to newest, by path or by query', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair();
    await send(startup, investorUser.id, 'one');
    await send(investor, startupUser.id, 'two');
    await send(startup, investorUser.id, 'three');
    const other = await connectedPair();
    await send(other.startup, other.investorUser.id, 'elsewhere');

    const byPath = (await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}` })).json();
    expect(byPath.items.map((message: { content: string }) => message.content)).toEqual(['one', 'two', 'three']);
    const byQuery = (await investor.request({ method: 'GET', url: `/api/messages?partnerId=${startupUser.id}` })).json();
    expect(byQuery.items.map((message: { content: string }) => message.content)).toEqual(['one', 'two', 'three']);
  });

  it('gives a third party nothing of another pair’s thread', async () => {
    const { startupUser, investorUser, startup } = await connectedPair();
    await send(startup, investorUser.id, 'private');
    const stranger = newClient();
    await stranger.register('startup');
    const response = await stranger.request({ method: 'GET', url: `/api/messages/${investorUser.id}` });
    expect(response.json().items).toEqual([]);
    expect((await stranger.request({ method: 'GET', url: `/api/messages/${startupUser.id}` })).json().items).toEqual([]);
    expect((await stranger.request({ method: 'GET', url: `/api/messages?partnerId=${investorUser.id}` })).json().items).toEqual([]);
  });

  it('pages a long thread from the latest backwards without gaps', async () => {
    const { startup, startupUser, investorUser } = await connectedPair();
    const start = Date.parse('2026-11-01T09:00:00Z');
    await suite.database.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        senderId: startupUser.id,
        receiverId: investorUser.id,
        content: `m${i}`,
        sentAt: new Date(start + i * 60_000),
      })),
    );
    const first = (await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}` })).json();
    // The latest page first (50 by default), itself oldest to newest.
    expect(first.items.map((message: { content: string }) => message.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 70}`));
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: { items: Array<{ content: string }>; olderCursor: string | null } = (
        await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}`, query: before ? { before } : {} })
      ).json();
      seen.unshift(...page.items.map((message) => message.content));
      before = page.olderCursor;
    } while (before);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `m${i}`));
  });

  it.each([
    ['a cursor that is not ours', '?before=bm90LWEtY3Vyc29y', 'That page link is no longer valid. Reload and try again.'],
    ['a page size over 100', '?limit=101', 'limit must be between 1 and 100'],
    ['a page size of 0', '?limit=0', 'limit must be between 1 and 100'],
  ])('refuses %s with 400', async (_name, search, message) => {
    const { startup, investorUser } = await connectedPair();
    const response = await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}${search}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a partner id that is not a positive whole number', async () => {
    const { startup } = await connectedPair();
    for (const url of ['/api/messages/abc', '/api/messages/0', '/api/messages?partnerId=-3', '/api/messages']) {
      const response = await startup.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('read receipts', () => {
  it('lets only the receiver mark a message read (404 for anyone else)', async () => {
    const { startup, investor, investorUser } = await connectedPair();
    const message = (await send(startup, investorUser.id, 'Read me')).json();
    expect((await startup.request({ method: 'POST', url: `/api/messages/${message.id}/read` })).statusCode).toBe(404);
    const stranger = newClient();
    await stranger.register('investor');
    expect((await stranger.request({ method: 'POST', url: `/api/messages/${message.id}/read` })).statusCode).toBe(404);
    expect((await investor.request({ method: 'POST', url: '/api/messages/2000000000/read' })).statusCode).toBe(404);
    const [stillUnread] = await suite.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(stillUnread!.read).toBe(false);
    const read = await investor.request({ method: 'POST', url: `/api/messages/${message.id}/read` });
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(true);
  });

  it('marks nothing of another pair when a third party asks to mark a thread read', async () => {
    const { startup, startupUser, investorUser } = await connectedPair();
    await send(startup, investorUser.id, 'For Ivy only');
    const stranger = newClient();
    await stranger.register('investor');
    // The stranger names the sender as "partner": only messages to the stranger could be marked.
    expect((await stranger.request({ method: 'POST', url: `/api/messages/${startupUser.id}/read-all` })).json()).toEqual({ marked: 0 });
    const rows = await suite.database.db.select().from(messages).where(eq(messages.senderId, startupUser.id));
    expect(rows.map((row) => row.read)).toEqual([false]);
  });

  it('marks a whole thread read when the chat opens, and the unread counts follow', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair();
    await send(startup, investorUser.id, 'a');
    await send(startup, investorUser.id, 'b');
    expect((await investor.request({ method: 'GET', url: '/api/messages/unread-count' })).json()).toEqual({ unread: 2 });
    const summary = (await investor.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(summary.find((item: { userId: number }) => item.userId === startupUser.id).unreadCount).toBe(2);
    expect((await investor.request({ method: 'POST', url: `/api/messages/${startupUser.id}/read-all` })).json()).toEqual({ marked: 2 });
    expect((await investor.request({ method: 'GET', url: '/api/messages/unread-count' })).json()).toEqual({ unread: 0 });
    const senderView = (await startup.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    const lastSent = (await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}` })).json().items.at(-1);
    expect(senderView.find((item: { userId: number }) => item.userId === investorUser.id).lastReadByPartnerId).toBe(lastSent.id);
  });
});

describe('GET /api/messages/conversations', () => {
  it('lists partners newest first, with accepted matches without messages at the end', async () => {
    const { startup, investorUser, startupUser } = await connectedPair();
    // A second accepted investor, never messaged.
    const quiet = newClient();
    const { user: quietUser } = await quiet.register('investor', { firstName: 'Quinn', lastName: 'Quiet' });
    await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: quietUser.id, score: 60, ...matchState('accepted') });
    await send(startup, investorUser.id, 'Latest news');

    const list = (await startup.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(list.map((item: { userId: number }) => item.userId)).toEqual([investorUser.id, quietUser.id]);
    expect(list[0]).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Investor',
      organization: 'Talk Ventures',
      userType: 'investor',
      lastMessage: 'Latest news',
      unreadCount: 0,
    });
    expect(list[1]).toMatchObject({ firstName: 'Quinn', lastMessage: null, lastMessageTime: null, unreadCount: 0 });
  });

  it('orders by the latest message either way, counts only messages to the caller, and leaves out pending and other pairs', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair();
    const second = newClient();
    const { user: secondUser } = await second.register('investor', { firstName: 'Sid', lastName: 'Second' });
    await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: secondUser.id, score: 70, ...matchState('accepted') });
    const pending = newClient();
    const { user: pendingUser } = await pending.register('investor', { firstName: 'Pat', lastName: 'Pending' });
    await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: pendingUser.id, score: 90, ...oneSidedAccept('investor') });

    await send(startup, investorUser.id, 'to Ivy');
    await send(second, startupUser.id, 'from Sid 1');
    await send(second, startupUser.id, 'from Sid 2');
    let list = (await startup.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(list.map((item: { firstName: string; unreadCount: number; lastMessage: string }) => [item.firstName, item.unreadCount, item.lastMessage])).toEqual([
      ['Sid', 2, 'from Sid 2'],
      ['Ivy', 0, 'to Ivy'],
    ]);
    // A reply moves Ivy to the top; the startup's own messages never count as unread for it.
    await send(investor, startupUser.id, 'from Ivy');
    list = (await startup.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(list.map((item: { firstName: string; unreadCount: number }) => [item.firstName, item.unreadCount])).toEqual([
      ['Ivy', 1],
      ['Sid', 2],
    ]);
    expect((await startup.request({ method: 'GET', url: '/api/messages/unread-count' })).json()).toEqual({ unread: 3 });
    // Ivy sees only her own conversation, not Sid's.
    const ivyList = (await investor.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(ivyList.map((item: { userId: number }) => item.userId)).toEqual([startupUser.id]);
  });
});

describe('live events (Server-Sent Events)', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('delivers a new message to the receiver and the sender’s other tabs, then the read receipt', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair();
    const receiverStream = await openEventStream(baseUrl, investor.sessionToken!);
    const senderTab = await openEventStream(baseUrl, startup.sessionToken!);
    try {
      const message = (await send(startup, investorUser.id, 'Live hello')).json();
      expect((await receiverStream.next((event) => event.type === 'message')).data).toEqual({
        type: 'message',
        messageId: message.id,
        senderId: startupUser.id,
        receiverId: investorUser.id,
      });
      expect((await senderTab.next((event) => event.type === 'message')).data.messageId).toBe(message.id);

      await investor.request({ method: 'POST', url: `/api/messages/${startupUser.id}/read-all` });
      expect((await senderTab.next((event) => event.type === 'message_read')).data).toMatchObject({
        readerId: investorUser.id,
        upToMessageId: message.id,
        count: 1,
      });
    } finally {
      receiverStream.close();
      senderTab.close();
    }
  });

  it('tells both parties when a match is decided', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair(oneSidedAccept('startup'));
    const [match] = await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, startupUser.id), eq(matches.investorId, investorUser.id)));
    const startupStream = await openEventStream(baseUrl, startup.sessionToken!);
    try {
      // The investor's accept is the second: the pair connects, and the startup hears it.
      await investor.request({ method: 'POST', url: `/api/matches/${match!.id}/update`, payload: { status: 'accepted' } });
      expect((await startupStream.next((event) => event.type === 'match_updated')).data).toEqual({
        type: 'match_updated',
        matchId: match!.id,
        status: 'accepted',
      });
    } finally {
      startupStream.close();
    }
  });

  it('tells the sender when one message is read', async () => {
    const { startup, investor, investorUser } = await connectedPair();
    const message = (await send(startup, investorUser.id, 'Read this one')).json();
    const senderStream = await openEventStream(baseUrl, startup.sessionToken!);
    try {
      await investor.request({ method: 'POST', url: `/api/messages/${message.id}/read` });
      expect((await senderStream.next((event) => event.type === 'message_read')).data).toMatchObject({
        readerId: investorUser.id,
        upToMessageId: message.id,
        count: 1,
      });
    } finally {
      senderStream.close();
    }
  });

  it('never delivers a pair’s events to anyone else', async () => {
    const { startup, investor, investorUser, startupUser } = await connectedPair();
    const outsider = await connectedPair();
    const outsiderStream = await openEventStream(baseUrl, outsider.investor.sessionToken!);
    try {
      await send(startup, investorUser.id, 'Not for the outsider');
      await investor.request({ method: 'POST', url: `/api/messages/${startupUser.id}/read-all` });
      // Events arrive in commit order: the first one the outsider gets must be its own.
      const own = (await send(outsider.startup, outsider.investorUser.id, 'For the outsider')).json();
      const first = await outsiderStream.next();
      expect(first.data).toMatchObject({ type: 'message', messageId: own.id });
    } finally {
      outsiderStream.close();
    }
  });

  it('publishes only at commit: a rolled-back change announces nothing', async () => {
    const { investor, investorUser } = await connectedPair();
    const stream = await openEventStream(baseUrl, investor.sessionToken!);
    try {
      await expect(
        suite.database.db.transaction(async (tx) => {
          await suite.app.events.publish(tx, [investorUser.id], { type: 'message', messageId: -1, senderId: 0, receiverId: investorUser.id });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await suite.database.db.transaction((tx) =>
        suite.app.events.publish(tx, [investorUser.id], { type: 'message', messageId: -2, senderId: 0, receiverId: investorUser.id }),
      );
      expect((await stream.next()).data.messageId).toBe(-2);
    } finally {
      stream.close();
    }
  });

  it('ends the stream at the next heartbeat once the session is logged out', async () => {
    const { investor } = await connectedPair();
    // Only the interval timers are simulated, so the heartbeat can be reached without waiting 25 s.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await openEventStream(baseUrl, investor.sessionToken!);
      await investor.request({ method: 'POST', url: '/api/logout' });
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      await expect(stream.next()).rejects.toThrow('the event stream ended');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses the stream without a session', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
  });
});

// Two app instances on one PostgreSQL database: NOTIFY carries events between them. Skipped in
// the default (PGlite) run because an embedded PGlite belongs to one process and cannot be
// shared by two instances; `npm run test:pg` sets TEST_DATABASE_URL and runs it.
describe.skipIf(!isPostgresRun())('two instances on one PostgreSQL (runs under npm run test:pg; an embedded PGlite cannot be shared)', () => {
  let shared: DatabaseHandle;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;
  let baseUrlB: string;
  beforeAll(async () => {
    shared = await openTestDatabase();
    instanceA = await buildTestApp(shared);
    instanceB = await buildTestApp(shared);
    baseUrlB = await instanceB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await instanceA.close();
    await instanceB.close();
    await shared.close();
  });

  it('a message posted to instance A reaches an event stream on instance B, and the read receipt comes back', async () => {
    const { startup, investor, investorUser, startupUser } = await connectedPair('accepted', instanceA, shared);
    const baseUrlA = await instanceA.listen({ port: 0, host: '127.0.0.1' });
    const streamOnB = await openEventStream(baseUrlB, investor.sessionToken!);
    const senderStreamOnA = await openEventStream(baseUrlA, startup.sessionToken!);
    try {
      // Posted through instance A (inject never touches B).
      const message = (await send(startup, investorUser.id, 'Across instances')).json();
      expect((await streamOnB.next((event) => event.type === 'message')).data).toEqual({
        type: 'message',
        messageId: message.id,
        senderId: startupUser.id,
        receiverId: investorUser.id,
      });
      // Read through instance B; the sender's stream on A hears it.
      const readOnB = await fetch(`${baseUrlB}/api/messages/${startupUser.id}/read-all`, {
        method: 'POST',
        headers: { cookie: `vm_session=${investor.sessionToken}` },
      });
      expect(await readOnB.json()).toEqual({ marked: 1 });
      expect((await senderStreamOnA.next((event) => event.type === 'message_read')).data).toMatchObject({
        readerId: investorUser.id,
        upToMessageId: message.id,
        count: 1,
      });
    } finally {
      streamOnB.close();
      senderStreamOnA.close();
    }
  });
});
