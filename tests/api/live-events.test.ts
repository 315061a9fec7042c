// Live events that cannot break (issue #12): a read receipt for thousands of messages stays one
// small event, and a stream ends as soon as its session does (logout, ending a user's sessions,
// expiry). Real event streams over HTTP; no assertion depends on how long anything took.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/server/db/client';
import { messages, sessions } from '../../src/server/db/schema';
import { endUserSessions } from '../../src/server/features/auth/session.service';
import { hashSessionToken } from '../../src/server/features/auth/session-tokens';
import { openEventStream, type EventStreamReader } from '../support/event-stream';
import { serviceContext } from '../support/service-context';
import { buildTestApp, createTestClock, TestClient, useTestSuite } from '../support/test-app';
import { isPostgresRun, openTestDatabase } from '../support/test-database';

const clock = createTestClock();
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.12.${++ipCounter}`);
const SECOND_IN_DAYS = 1 / 86_400;

let baseUrl: string;
beforeAll(async () => {
  baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
});

const openStreams: EventStreamReader[] = [];
async function openStream(client: TestClient): Promise<EventStreamReader> {
  const stream = await openEventStream(baseUrl, client.sessionToken!);
  openStreams.push(stream);
  return stream;
}
afterEach(() => {
  for (const stream of openStreams.splice(0)) stream.close();
});

/** Publishes a marker event to one user, as any feature would after its commit. */
async function publishMarker(userId: number, messageId: number): Promise<void> {
  await suite.database.db.transaction((tx) => suite.app.events.publish(tx, [userId], { type: 'message', messageId, senderId: 0, receiverId: userId }));
}

/** The same account signed in on `count` browsers: one session each. */
async function signedInTwice(count = 2): Promise<{ userId: number; clients: TestClient[] }> {
  const first = newClient();
  const { user, registration } = await first.register('investor');
  const clients = [first];
  for (let i = 1; i < count; i++) {
    const other = newClient();
    const response = await other.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: registration.password } });
    expect(response.statusCode).toBe(200);
    clients.push(other);
  }
  return { userId: user.id, clients };
}

describe('marking thousands of messages read', () => {
  it('marks 5,000 unread messages read and tells the sender with one small event', async () => {
    const sender = newClient();
    const { user: senderUser } = await sender.register('startup');
    const reader = newClient();
    const { user: readerUser } = await reader.register('investor');
    // One statement, so the test stays quick.
    await suite.database.db.execute(sql`
      insert into messages (sender_id, receiver_id, content, sent_at)
      select ${senderUser.id}, ${readerUser.id}, 'unread ' || n, ${clock.now().toISOString()}::timestamptz - n * interval '1 second'
        from generate_series(1, 5000) as n`);
    const [newest] = await suite.database.db
      .select({ id: sql<number>`max(${messages.id})` })
      .from(messages)
      .where(and(eq(messages.senderId, senderUser.id), eq(messages.receiverId, readerUser.id)));
    const senderStream = await openStream(sender);
    const readerStream = await openStream(reader);

    const response = await reader.request({ method: 'POST', url: `/api/messages/${senderUser.id}/read-all` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ marked: 5000 });
    const expected = { type: 'message_read', readerId: readerUser.id, partnerId: senderUser.id, upToMessageId: Number(newest!.id), count: 5000 };
    expect((await senderStream.next((event) => event.type === 'message_read')).data).toEqual(expected);
    expect((await readerStream.next((event) => event.type === 'message_read')).data).toEqual(expected);
    expect((await reader.request({ method: 'GET', url: '/api/messages/unread-count' })).json()).toEqual({ unread: 0 });

    // The conversation keeps working: nothing left to mark, then one more message to mark.
    expect((await reader.request({ method: 'POST', url: `/api/messages/${senderUser.id}/read-all` })).json()).toEqual({ marked: 0 });
    await suite.database.db.insert(messages).values({ senderId: senderUser.id, receiverId: readerUser.id, content: 'one more', sentAt: clock.now() });
    expect((await reader.request({ method: 'POST', url: `/api/messages/${senderUser.id}/read-all` })).json()).toEqual({ marked: 1 });
    expect((await senderStream.next((event) => event.type === 'message_read')).data.count).toBe(1);
  });
});

describe('a stream ends with its session', () => {
  it('ends the stream at logout: an event published after the logout never reaches it', async () => {
    const { userId, clients } = await signedInTwice(1);
    const stream = await openStream(clients[0]!);
    await publishMarker(userId, -1);
    expect((await stream.next()).data.messageId).toBe(-1);

    expect((await clients[0]!.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    await publishMarker(userId, -2);
    // Events arrive in commit order: the logout's announcement first, so the stream has ended
    // before -2 could be written (the heartbeat recheck plays no part).
    await expect(stream.next()).rejects.toThrow('the event stream ended');
  });

  it('logging out one session ends only its streams: the same user’s other session keeps receiving', async () => {
    const { userId, clients } = await signedInTwice(2);
    const [sessionA, sessionB] = clients as [TestClient, TestClient];
    const firstTabOfA = await openStream(sessionA);
    const secondTabOfA = await openStream(sessionA);
    const tabOfB = await openStream(sessionB);

    await sessionA.request({ method: 'POST', url: '/api/logout' });
    await publishMarker(userId, -3);
    expect((await tabOfB.next()).data.messageId).toBe(-3);
    await expect(firstTabOfA.next()).rejects.toThrow('the event stream ended');
    await expect(secondTabOfA.next()).rejects.toThrow('the event stream ended');
    expect((await sessionB.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('endUserSessions ends every session of the user but the one kept, with their streams', async () => {
    const { userId, clients } = await signedInTwice(3);
    const [first, second, kept] = clients as [TestClient, TestClient, TestClient];
    const streams = await Promise.all(clients.map((client) => openStream(client)));
    const outsider = newClient();
    await outsider.register('startup');

    const keptSessionId = hashSessionToken(kept.sessionToken!);
    expect(await endUserSessions(serviceContext(suite.app), { userId, exceptSessionId: keptSessionId })).toEqual({ ended: 2 });
    const left = await suite.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((row) => row.id)).toEqual([keptSessionId]);
    await publishMarker(userId, -4);
    expect((await streams[2]!.next()).data.messageId).toBe(-4);
    await expect(streams[0]!.next()).rejects.toThrow('the event stream ended');
    await expect(streams[1]!.next()).rejects.toThrow('the event stream ended');
    expect((await first.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await second.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    // Without an exception every session goes, and nobody else's.
    expect(await endUserSessions(serviceContext(suite.app), { userId })).toEqual({ ended: 1 });
    await publishMarker(userId, -5);
    await expect(streams[2]!.next()).rejects.toThrow('the event stream ended');
    expect((await outsider.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  describe('at expiry', () => {
    /** Moves a session's absolute deadline to `ms` after the app's current time. */
    async function expireIn(client: TestClient, ms: number): Promise<void> {
      const deadline = new Date(clock.now().getTime() + ms);
      await suite.database.db
        .update(sessions)
        .set({ absoluteExpiresAt: deadline })
        .where(eq(sessions.id, hashSessionToken(client.sessionToken!)));
    }

    /** Opens a stream whose heartbeat (which also rechecks the session) never fires: only its deadline timer can end it. */
    async function openStreamWithoutHeartbeat(client: TestClient): Promise<EventStreamReader> {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        return await openStream(client);
      } finally {
        vi.useRealTimers();
      }
    }

    it('ends the stream when the session reaches its deadline', async () => {
      const { clients } = await signedInTwice(1);
      await expireIn(clients[0]!, 300);
      const stream = await openStreamWithoutHeartbeat(clients[0]!);
      clock.advanceDays(2 * SECOND_IN_DAYS); // past the deadline
      await expect(stream.next()).rejects.toThrow('the event stream ended');
    });

    it('keeps the stream when the deadline has moved on, and ends it at the new one', async () => {
      const { userId, clients } = await signedInTwice(1);
      await expireIn(clients[0]!, 200);
      const stream = await openStreamWithoutHeartbeat(clients[0]!);
      // Activity elsewhere moves the deadline later (the idle one does this in practice).
      await expireIn(clients[0]!, 400);
      await new Promise((resolve) => setTimeout(resolve, 600)); // the first deadline has come and gone
      await publishMarker(userId, -6);
      expect((await stream.next()).data.messageId).toBe(-6);
      clock.advanceDays(2 * SECOND_IN_DAYS); // past the new deadline
      await expect(stream.next()).rejects.toThrow('the event stream ended');
    });
  });
});

// A logout on one instance ends the session's streams on another: the announcement travels by
// NOTIFY like every event. Skipped in the default (PGlite) run: an embedded PGlite belongs to one
// process and cannot be shared by two instances.
describe.skipIf(!isPostgresRun())('two instances on one PostgreSQL (runs under npm run test:pg)', () => {
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
    await instanceA?.close();
    await instanceB?.close();
    await shared?.close();
  });

  it('a logout through instance A ends the session’s stream on instance B before a later event', async () => {
    const client = new TestClient(instanceA, '198.18.12.250');
    const { user } = await client.register('investor');
    const streamOnB = await openEventStream(baseUrlB, client.sessionToken!);
    try {
      await client.request({ method: 'POST', url: '/api/logout' });
      await shared.db.transaction((tx) => instanceA.events.publish(tx, [user.id], { type: 'message', messageId: -7, senderId: 0, receiverId: user.id }));
      await expect(streamOnB.next()).rejects.toThrow('the event stream ended');
    } finally {
      streamOnB.close();
    }
  });
});
