// The auth API (docs/security.md): registration, sign-in, sessions, logout, throttling.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activities, securityEvents, sessions, users } from '../../src/server/db/schema';
import { buildRegistration, TEST_PASSWORD } from '../factories';
import { TestClient, buildTestApp, createTestClock, useTestSuite } from '../support/test-app';
import { serviceContext } from '../support/service-context';

let ipCounter = 0;
// Each test gets its own client IP so the per-IP throttle of one test never leaks into another.
const freshClient = (target = suite.app) => new TestClient(target, `198.51.100.${++ipCounter}`);

const suite = useTestSuite();

describe('POST /api/register', () => {
  it('creates the account, signs it in and answers the allowlisted user', async () => {
    const client = freshClient();
    const registration = buildRegistration('startup', { firstName: 'Ada' });
    const response = await client.request({ method: 'POST', url: '/api/register', payload: registration });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'firstName', 'id', 'lastName', 'pendingEmail', 'userType', 'username']);
    expect(body).toMatchObject({ username: registration.username, userType: 'startup', firstName: 'Ada' });
    expect(response.body).not.toMatch(/argon2|password/i);

    const me = await client.request({ method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.id);
  });

  it('sets an HttpOnly, SameSite=Lax, path-wide session cookie with no Domain', async () => {
    const response = await freshClient().request({ method: 'POST', url: '/api/register', payload: buildRegistration('investor') });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^vm_session=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).not.toMatch(/Secure/i); // development/test over plain http
  });

  it('stores the password as an argon2id hash with OWASP parameters', async () => {
    const { user } = await freshClient().register('startup');
    const [row] = await suite.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('records an account_created activity and a security event', async () => {
    const { user } = await freshClient().register('investor');
    const feed = await suite.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(feed.map((activity) => activity.activityType)).toEqual(['account_created']);
    const events = await suite.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((event) => event.eventType)).toContain('registered');
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['password', { password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    ['confirmPassword', { confirmPassword: 'Something-Else-99' }, "Passwords don't match"],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required'],
    ['userType', { userType: 'admin' }, 'Please select a user type'],
  ])('rejects an invalid %s with the spec message', async (field, overrides, message) => {
    const payload = { ...buildRegistration('startup'), ...overrides };
    const response = await freshClient().request({ method: 'POST', url: '/api/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
    expect(response.json().message).toBe(message);
  });

  it('rejects unknown and server-owned fields and creates nothing', async () => {
    const countUsers = async () => (await suite.database.db.select({ id: users.id }).from(users)).length;
    const before = await countUsers();
    for (const extra of [{ isAdmin: true }, { id: 1 }, { passwordHash: 'x' }, { createdAt: '2020-01-01' }]) {
      const response = await freshClient().request({ method: 'POST', url: '/api/register', payload: { ...buildRegistration('startup'), ...extra } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Unknown field/);
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 409 for a username taken in any letter case, and for a taken email', async () => {
    const { registration } = await freshClient().register('startup');
    const sameName = await freshClient().request({
      method: 'POST',
      url: '/api/register',
      payload: buildRegistration('investor', { username: registration.username.toUpperCase() }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().fieldErrors.username).toEqual(['This username is already taken.']);

    const sameEmail = await freshClient().request({
      method: 'POST',
      url: '/api/register',
      payload: buildRegistration('investor', { email: registration.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fieldErrors.email).toEqual(['An account with this email already exists.']);
  });

  it('keeps uniqueness at the data level too, whatever the letter case', async () => {
    const registration = buildRegistration('startup');
    const insert = (username: string, email: string) =>
      suite.database.db.insert(users).values({ username, email, passwordHash: 'x', userType: 'startup', firstName: 'A', lastName: 'B' });
    await insert(registration.username, registration.email);
    await expect(insert(registration.username.toUpperCase(), `other.${registration.email}`)).rejects.toThrow();
    await expect(insert(`other_${registration.username}`, registration.email.toUpperCase())).rejects.toThrow();
  });

  it('rejects one of the most common passwords with a clear message', async () => {
    const response = await freshClient().request({
      method: 'POST',
      url: '/api/register',
      payload: buildRegistration('startup', { password: 'password1', confirmPassword: 'password1' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.password[0]).toMatch(/too common/);
  });

  it('accepts long pass-phrases and never trims a password', async () => {
    const passphrase = `  ${'correct horse battery staple '.repeat(4)}  `;
    const client = freshClient();
    const { registration } = await client.register('startup', { password: passphrase, confirmPassword: passphrase });
    const login = (password: string) => freshClient().request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password } });
    expect((await login(passphrase)).statusCode).toBe(200);
    expect((await login(passphrase.trim())).statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and issues a brand-new session id', async () => {
    const client = freshClient();
    const { registration } = await client.register('startup', { firstName: 'Grace' });
    const registrationToken = client.sessionToken;

    const response = await client.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: registration.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json().firstName).toBe('Grace');
    expect(client.sessionToken).toBeDefined();
    expect(client.sessionToken).not.toBe(registrationToken);
    // The session the browser held before is gone, not left behind.
    const previous = await suite.app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: registrationToken! } });
    expect(previous.statusCode).toBe(401);
  });

  it('accepts the username in any letter case', async () => {
    const { registration } = await freshClient().register('investor');
    const response = await freshClient().request({
      method: 'POST',
      url: '/api/login',
      payload: { username: registration.username.toUpperCase(), password: registration.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it('never adopts a session id chosen by an attacker', async () => {
    const { registration } = await freshClient().register('startup');
    const fixated = 'attacker-chosen-session-token';
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { vm_session: fixated },
      payload: { username: registration.username, password: registration.password },
    });
    expect(response.statusCode).toBe(200);
    const issued = response.cookies.find((cookie) => cookie.name === 'vm_session' && cookie.value !== '');
    expect(issued?.value).toBeDefined();
    expect(issued?.value).not.toBe(fixated);
    const withFixated = await suite.app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: fixated } });
    expect(withFixated.statusCode).toBe(401);
  });

  it('answers an unknown username and a wrong password identically', async () => {
    const { registration } = await freshClient().register('startup');
    const wrongPassword = await freshClient().request({
      method: 'POST',
      url: '/api/login',
      payload: { username: registration.username, password: 'Wrong-Password-1' },
    });
    const unknownUser = await freshClient().request({
      method: 'POST',
      url: '/api/login',
      payload: { username: `nobody_${registration.username}`, password: 'Wrong-Password-1' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownUser.body);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('validates with the spec messages', async () => {
    const response = await freshClient().request({ method: 'POST', url: '/api/login', payload: { username: 'ab', password: '123' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('logs failed and successful sign-ins in the security log', async () => {
    const client = freshClient();
    const { user, registration } = await client.register('startup');
    await client.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: 'Wrong-Password-1' } });
    await client.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: registration.password } });
    const events = await suite.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((event) => event.eventType)).toEqual(expect.arrayContaining(['login_failed', 'login_succeeded']));
    expect(events.find((event) => event.eventType === 'login_failed')!.ip).toBe(client.ip);
  });
});

describe('login throttling', () => {
  let throttledApp: FastifyInstance;
  beforeAll(async () => {
    throttledApp = await buildTestApp(suite.database, {
      env: { LOGIN_MAX_FAILURES_PER_USERNAME: '3', LOGIN_MAX_FAILURES_PER_IP: '5', LOGIN_THROTTLE_WINDOW_MINUTES: '15' },
    });
  });
  afterAll(() => throttledApp.close());

  const attempt = (client: TestClient, username: string, password: string) =>
    client.request({ method: 'POST', url: '/api/login', payload: { username, password } });

  it('blocks a username after its failures, even with the right password, with 429 and Retry-After', async () => {
    const { registration } = await freshClient(throttledApp).register('startup');
    for (let i = 0; i < 3; i++) expect((await attempt(freshClient(throttledApp), registration.username, 'Wrong-Password-1')).statusCode).toBe(401);

    const blocked = await attempt(freshClient(throttledApp), registration.username, registration.password);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('blocks an IP after its failures across usernames, but not other IPs', async () => {
    const attacker = freshClient(throttledApp);
    for (let i = 0; i < 5; i++) await attempt(attacker, `victim_${i}_${attacker.ip}`, 'Wrong-Password-1');
    const { registration } = await freshClient(throttledApp).register('investor');
    expect((await attempt(attacker, registration.username, registration.password)).statusCode).toBe(429);
    expect((await attempt(freshClient(throttledApp), registration.username, registration.password)).statusCode).toBe(200);
  });

  it('forgives a username’s failures after a successful sign-in', async () => {
    const { registration } = await freshClient(throttledApp).register('startup');
    for (let i = 0; i < 2; i++) await attempt(freshClient(throttledApp), registration.username, 'Wrong-Password-1');
    expect((await attempt(freshClient(throttledApp), registration.username, registration.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await attempt(freshClient(throttledApp), registration.username, 'Wrong-Password-1');
    expect((await attempt(freshClient(throttledApp), registration.username, registration.password)).statusCode).toBe(200);
  });
});

describe('sessions and logout', () => {
  it('stores only a hash of the session token', async () => {
    const client = freshClient();
    const { user } = await client.register('startup');
    const rows = await suite.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(client.sessionToken);
    expect(rows[0]!.id).toBe(createHash('sha256').update(client.sessionToken!).digest('hex'));
    expect(Buffer.from(client.sessionToken!, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('logout deletes the server session, clears the cookie, and a replayed cookie gets 401', async () => {
    const client = freshClient();
    const { user } = await client.register('investor');
    const oldToken = client.sessionToken!;

    const response = await client.request({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((cookie) => cookie.name === 'vm_session');
    expect(cleared?.value).toBe('');
    expect(await suite.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const replay = await suite.app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: oldToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'You are not signed in.' });
  });

  it('answers 401 to signed-out calls of protected routes', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });

  describe('with a controlled clock', () => {
    const clock = createTestClock();
    let clockApp: FastifyInstance;
    beforeAll(async () => {
      clockApp = await buildTestApp(suite.database, { clock, env: { SESSION_IDLE_DAYS: '7', SESSION_ABSOLUTE_DAYS: '30' } });
    });
    afterAll(() => clockApp.close());

    it('expires a session left idle longer than the idle timeout', async () => {
      const client = freshClient(clockApp);
      await client.register('startup');
      clock.advanceDays(6);
      expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      clock.advanceDays(8);
      expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    });

    it('keeps an active session alive (rolling) but never past the absolute lifetime', async () => {
      const client = freshClient(clockApp);
      await client.register('investor');
      const token = client.sessionToken!;
      for (let day = 0; day < 5; day++) {
        clock.advanceDays(5);
        expect((await clockApp.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: token } })).statusCode).toBe(200);
      }
      clock.advanceDays(6); // 31 days after sign-in, active every 5 days
      expect((await clockApp.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: token } })).statusCode).toBe(401);
    });
  });
});

describe('TEST_PASSWORD', () => {
  it('is not a common password (so the suites can register with it)', async () => {
    const { isCommonPassword } = await import('../../src/server/features/auth/passwords');
    expect(isCommonPassword(TEST_PASSWORD)).toBe(false);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
  });
});

describe('deleteExpiredSessions', () => {
  it('removes sessions past either deadline and keeps live ones', async () => {
    const { deleteExpiredSessions } = await import('../../src/server/features/auth/session.service');
    const clock = createTestClock(new Date('2026-06-01T00:00:00Z'));
    const sweepApp = await buildTestApp(suite.database, { clock });
    try {
      const stale = new TestClient(sweepApp, '198.51.100.250');
      const { user: staleUser } = await stale.register('startup');
      clock.advanceDays(8);
      const live = new TestClient(sweepApp, '198.51.100.251');
      const { user: liveUser } = await live.register('investor');
      await deleteExpiredSessions({ ...serviceContext(sweepApp), sessionPolicy: { idleDays: 7, absoluteDays: 30 } });
      expect(await suite.database.db.select().from(sessions).where(eq(sessions.userId, staleUser.id))).toHaveLength(0);
      expect(await suite.database.db.select().from(sessions).where(eq(sessions.userId, liveUser.id))).toHaveLength(1);
    } finally {
      await sweepApp.close();
    }
  });
});
