// Sessions resolved from the in-process cache (issue #16): a signed-in request is answered without
// looking the session up again, yet a logout, ending a user's sessions or a passed deadline is
// honoured at once, on the instance that did it and, through NOTIFY, on every other one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { endUserSessions } from '../../src/server/features/auth/session.service';
import { SESSION_CACHE_TTL_MS } from '../../src/server/features/auth/session-cache';
import { hashSessionToken } from '../../src/server/features/auth/session-tokens';
import type { HubEvent } from '../../src/server/realtime/event-hub';
import { serviceContext } from '../support/service-context';
import { buildTestApp, createTestClock, TestClient, useTestSuite } from '../support/test-app';
import { isPostgresRun, openTestDatabase } from '../support/test-database';

const clock = createTestClock();
const suite = useTestSuite({ clock });
let ipCounter = 0;

/** The same account signed in on `count` browsers of `app`: one session each. */
async function signedIn(app: FastifyInstance, count: number): Promise<{ userId: number; clients: TestClient[] }> {
  const first = new TestClient(app, `198.18.16.${++ipCounter}`);
  const { user, registration } = await first.register('startup');
  const clients = [first];
  for (let i = 1; i < count; i++) {
    const other = new TestClient(app, `198.18.16.${++ipCounter}`);
    await other.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: registration.password } });
    clients.push(other);
  }
  return { userId: user.id, clients };
}

const whoAmI = (client: TestClient, app = client.app) => app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: client.sessionToken! } });

describe('on one instance', () => {
  it('answers a remembered session without the database: a row deleted behind the app’s back still signs in until the entry expires', async () => {
    const { clients } = await signedIn(suite.app, 1);
    const [client] = clients as [TestClient];
    expect((await whoAmI(client)).statusCode).toBe(200);
    // Deleted with no announcement, which no code path of the app does: only the time to live ends it.
    await suite.database.db.delete(sessions).where(eq(sessions.id, hashSessionToken(client.sessionToken!)));
    expect((await whoAmI(client)).statusCode).toBe(200);
    clock.advanceMs(SESSION_CACHE_TTL_MS + 1);
    expect((await whoAmI(client)).statusCode).toBe(401);
  });

  it('refuses a remembered session as soon as its deadline passes, though the entry is younger than its time to live', async () => {
    const { clients } = await signedIn(suite.app, 1);
    const [client] = clients as [TestClient];
    const deadline = new Date(clock.now().getTime() + 10_000);
    await suite.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: deadline })
      .where(eq(sessions.id, hashSessionToken(client.sessionToken!)));
    expect((await whoAmI(client)).statusCode).toBe(200);
    clock.advanceMs(10_000);
    expect((await whoAmI(client)).statusCode).toBe(401);
  });

  it('forgets a remembered session at logout: the replayed cookie gets 401 at once', async () => {
    const { clients } = await signedIn(suite.app, 2);
    const [leaving, staying] = clients as [TestClient, TestClient];
    const token = leaving.sessionToken!;
    expect((await whoAmI(leaving)).statusCode).toBe(200);
    expect((await leaving.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await suite.app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: token } })).statusCode).toBe(401);
    expect((await whoAmI(staying)).statusCode).toBe(200);
  });

  it('forgets every remembered session of a user but the kept one when their sessions end (a password change)', async () => {
    const { userId, clients } = await signedIn(suite.app, 3);
    for (const client of clients) expect((await whoAmI(client)).statusCode).toBe(200);
    const kept = clients[2]!;
    await endUserSessions(serviceContext(suite.app), { userId, exceptSessionId: hashSessionToken(kept.sessionToken!) });
    expect(await Promise.all(clients.map(async (client) => (await whoAmI(client)).statusCode))).toEqual([401, 401, 200]);
  });
});

// Skipped in the default (PGlite) run: an embedded PGlite belongs to one process and cannot be
// shared by two instances.
describe.skipIf(!isPostgresRun())('two instances on one PostgreSQL (runs under npm run test:pg)', () => {
  let shared: DatabaseHandle;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;
  beforeAll(async () => {
    shared = await openTestDatabase();
    instanceA = await buildTestApp(shared);
    instanceB = await buildTestApp(shared);
  });
  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await shared?.close();
  });

  /**
   * Resolves when `instance`'s hub delivers an event of `type` to `userId`. The cache subscribed
   * when it remembered the session, before this listener, so it has acted by then.
   */
  function heard(instance: FastifyInstance, userId: number, type: HubEvent['type']): Promise<void> {
    return new Promise((resolve) => {
      const unsubscribe = instance.events.subscribe(userId, (event) => {
        if (event.type !== type) return;
        unsubscribe();
        resolve();
      });
    });
  }

  it('a logout through instance A clears the session from instance B’s cache: B’s next request is 401', async () => {
    const { userId, clients } = await signedIn(instanceA, 1);
    const [client] = clients as [TestClient];
    const token = client.sessionToken!;
    // Remembered by B; unless B forgets it, B would answer from memory for the next 30 s.
    expect((await whoAmI(client, instanceB)).statusCode).toBe(200);
    expect((await whoAmI(client, instanceB)).statusCode).toBe(200);

    const announced = heard(instanceB, userId, 'session_ended');
    expect((await client.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    await announced;
    expect((await instanceB.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: token } })).statusCode).toBe(401);
  });

  it('ending a user’s sessions through A clears them from B’s cache, all but the kept one', async () => {
    const { userId, clients } = await signedIn(instanceA, 3);
    for (const client of clients) expect((await whoAmI(client, instanceB)).statusCode).toBe(200);
    const kept = clients[2]!;

    const announced = heard(instanceB, userId, 'sessions_ended');
    await endUserSessions(serviceContext(instanceA), { userId, exceptSessionId: hashSessionToken(kept.sessionToken!) });
    await announced;
    expect(await Promise.all(clients.map(async (client) => (await whoAmI(client, instanceB)).statusCode))).toEqual([401, 401, 200]);
  });
});
