// Messaging (issue #6): who may talk to whom, threads, read receipts, summaries, live events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activities, matches, messages } from '../../src/server/db/schema';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { openEventStream } from '../support/event-stream';
import { buildTestApp, TestClient, useTestSuite } from '../support/test-app';
import { isPostgresRun, openTestDatabase } from '../support/test-database';
import type { DatabaseHandle } from '../../src/server/db/client';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = (app = suite.app) => new TestClient(app, `198.18.4.${++ipCounter}`);

async function connectedPair(status: 'accepted' | 'pending' = 'accepted', app = suite.app, database = suite.database) {
  const startup = newClient(app);
  const { user: startupUser } = await startup.register('startup', { firstName: 'Sam', lastName: 'Startup' });
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Chatty Co' }) });
  const investor = newClient(app);
  const { user: investorUser } = await investor.register('investor', { firstName: 'Ivy', lastName: 'Investor' });
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Talk Ventures' }) });
  await database.db.insert(matches).values({ startupId: startupUser.id, investorId: investorUser.id, score: 80, status });
  return { startup, startupUser, investor, investorUser };
}

const send = (client: TestClient, receiverId: number, content: string) => client.request({ method: 'POST', url: '/api/messages', payload: { receiverId, content } });

describe('POST /api/messages', () => {
  it('stores a trimmed message between connected users and records message_sent', async () => {
    const { startup, startupUser, investorUser } = await connectedPair();
    const response = await send(startup, investorUser.id, '  Hello, thanks for accepting!  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ senderId: startupUser.id, receiverId: investorUser.id, content: 'Hello, thanks for accepting!', read: false });
    const feed = await suite.database.db.select().from(activities).where(and(eq(activities.userId, startupUser.id), eq(activities.activityType, 'message_sent')));
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

  it('accepts exactly 5,000 characters', async () => {
    const { investor, startupUser } = await connectedPair();
    expect((await send(investor, startupUser.id, 'y'.repeat(5000))).statusCode).toBe(201);
  });

  it('is 403 unless the two share an accepted match', async () => {
    const pending = await connectedPair('pending');
    expect((await send(pending.startup, pending.investorUser.id, 'Hi')).statusCode).toBe(403);
    const stranger = newClient();
    await stranger.register('investor');
    const { startupUser } = await connectedPair();
    expect((await send(stranger, startupUser.id, 'Hi')).statusCode).toBe(403);
    expect(await suite.database.db.select().from(messages).where(eq(messages.receiverId, startupUser.id))).toHaveLength(0);
  });

  it('refuses a sender field in the body (the sender is the session)', async () => {
    const { startup, investorUser, startupUser } = await connectedPair();
    const response = await startup.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investorUser.id, content: 'Hi', senderId: startupUser.id } });
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
  });

  it('pages a long thread from the latest backwards without gaps', async () => {
    const { startup, startupUser, investorUser } = await connectedPair();
    await suite.database.db.insert(messages).values(Array.from({ length: 120 }, (_, i) => ({ senderId: startupUser.id, receiverId: investorUser.id, content: `m${i}` })));
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: { items: Array<{ content: string }>; olderCursor: string | null } = (
        await startup.request({ method: 'GET', url: `/api/messages/${investorUser.id}`, query: before ? { before } : {} })
      ).json();
      seen.unshift(...page.items.map((message) => message.content));
      before = page.olderCursor;
    } while (before);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
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
    const read = await investor.request({ method: 'POST', url: `/api/messages/${message.id}/read` });
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(true);
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
    await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: quietUser.id, score: 60, status: 'accepted' });
    await send(startup, investorUser.id, 'Latest news');

    const list = (await startup.request({ method: 'GET', url: '/api/messages/conversations' })).json();
    expect(list.map((item: { userId: number }) => item.userId)).toEqual([investorUser.id, quietUser.id]);
    expect(list[0]).toMatchObject({ firstName: 'Ivy', lastName: 'Investor', organization: 'Talk Ventures', userType: 'investor', lastMessage: 'Latest news', unreadCount: 0 });
    expect(list[1]).toMatchObject({ firstName: 'Quinn', lastMessage: null, lastMessageTime: null, unreadCount: 0 });
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
      expect((await receiverStream.next((event) => event.type === 'message')).data).toEqual({ type: 'message', messageId: message.id, senderId: startupUser.id, receiverId: investorUser.id });
      expect((await senderTab.next((event) => event.type === 'message')).data.messageId).toBe(message.id);

      await investor.request({ method: 'POST', url: `/api/messages/${startupUser.id}/read-all` });
      expect((await senderTab.next((event) => event.type === 'message_read')).data).toMatchObject({ readerId: investorUser.id, messageIds: [message.id] });
    } finally {
      receiverStream.close();
      senderTab.close();
    }
  });

  it('tells both parties when a match is decided', async () => {
    const { startup, investor, startupUser, investorUser } = await connectedPair('pending');
    const [match] = await suite.database.db.select().from(matches).where(and(eq(matches.startupId, startupUser.id), eq(matches.investorId, investorUser.id)));
    const startupStream = await openEventStream(baseUrl, startup.sessionToken!);
    try {
      await investor.request({ method: 'POST', url: `/api/matches/${match!.id}/update`, payload: { status: 'accepted' } });
      expect((await startupStream.next((event) => event.type === 'match_updated')).data).toEqual({ type: 'match_updated', matchId: match!.id, status: 'accepted' });
    } finally {
      startupStream.close();
    }
  });

  it('refuses the stream without a session', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
  });
});

// Two app instances on one PostgreSQL database: NOTIFY carries events between them.
describe.runIf(isPostgresRun())('two instances on one PostgreSQL', () => {
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

  it('a message posted to instance A reaches an event stream on instance B', async () => {
    const { startup, investor, investorUser } = await connectedPair('accepted', instanceA, shared);
    const streamOnB = await openEventStream(baseUrlB, investor.sessionToken!);
    try {
      const message = (await send(startup, investorUser.id, 'Across instances')).json();
      expect((await streamOnB.next((event) => event.type === 'message')).data.messageId).toBe(message.id);
    } finally {
      streamOnB.close();
    }
  });
});
