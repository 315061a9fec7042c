// Sign-in and registration that cannot be turned against users (issue #14; docs/security.md,
// docs/decisions/0029): known-device cookies keep the owner in while strangers fail on their
// username, blocks grow, registration is throttled per address, and X-Forwarded-For is believed
// only as far as the configured proxies.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { knownDevices, rateLimits, securityEvents, users } from '../../src/server/db/schema';
import * as passwords from '../../src/server/features/auth/passwords';
import { buildRegistration } from '../factories';
import { TestClient, buildTestApp, useTestSuite } from '../support/test-app';

// The real argon2 hash, watched: registration must hash even when the name is taken.
vi.mock('../../src/server/features/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const suite = useTestSuite();

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const deviceCookieFrom = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === 'vm_device' && cookie.value !== '');

function signIn(app: FastifyInstance, body: { username: string; password: string }, from: { ip: string; device?: string }) {
  const payload = { username: body.username, password: body.password };
  return app.inject({ method: 'POST', url: '/api/login', remoteAddress: from.ip, cookies: from.device ? { vm_device: from.device } : {}, payload });
}

/** An address outside the test's others, one per index: 100.64.0.0/10 holds plenty. */
const strangerIp = (index: number) => `100.${64 + Math.floor(index / 65_536)}.${Math.floor(index / 256) % 256}.${index % 256}`;

describe('known devices', () => {
  it('gives a browser that signs in an HttpOnly, SameSite=Lax device cookie, stored only as a hash bound to the account', async () => {
    const registration = buildRegistration('startup');
    const registered = await suite.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), payload: registration });
    expect(registered.statusCode).toBe(201);
    const cookies = registered.cookies.map((cookie) => cookie.name);
    expect(cookies).toEqual(['vm_session', 'vm_device']);
    const device = deviceCookieFrom(registered)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device.domain).toBeUndefined();
    // Long-lived: a year, far beyond the session's lifetime.
    expect(new Date(device.expires!).getTime() - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);

    const rows = await suite.database.db.select().from(knownDevices).where(eq(knownDevices.userId, registered.json().id));
    expect(rows.map((row) => row.id)).toEqual([createHash('sha256').update(device.value).digest('hex')]);

    // Signing in again from that browser keeps the same device; logging out does not forget it.
    const again = await signIn(suite.app, registration, { ip: freshIp(), device: device.value });
    expect(deviceCookieFrom(again)?.value).toBe(device.value);
    const loggedOut = await suite.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { vm_session: again.cookies.find((cookie) => cookie.name === 'vm_session')!.value },
    });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.cookies.some((cookie) => cookie.name === 'vm_device')).toBe(false);
  });

  it('keeps the owner signing in from a known browser through 1,000 failures on their username from other addresses', async () => {
    const registration = buildRegistration('startup', { username: 'ledgerly' });
    const owner = await suite.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '203.0.113.5', payload: registration });
    expect(owner.statusCode).toBe(201);
    const ownerDevice = deviceCookieFrom(owner)!.value;

    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 1000; batch += 25) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, offset) =>
          signIn(suite.app, { username: 'ledgerly', password: `Guess-${batch + offset}-xyz` }, { ip: strangerIp(batch + offset) }),
        ),
      );
      for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect((statuses.get(401) ?? 0) + (statuses.get(429) ?? 0)).toBe(1000);

    // The owner, from the browser they signed in with before, at once.
    const ownerAgain = await signIn(suite.app, { username: 'ledgerly', password: registration.password }, { ip: '203.0.113.5', device: ownerDevice });
    expect(ownerAgain.statusCode).toBe(200);
    expect(ownerAgain.json().username).toBe('ledgerly');

    // Any other browser, even with the right password, is still throttled.
    const unknown = await signIn(suite.app, { username: 'ledgerly', password: registration.password }, { ip: '203.0.113.6' });
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);
    expect(unknown.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);

    // A device cookie of another account does not make a browser known for this one.
    const other = await suite.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '203.0.113.7', payload: buildRegistration('investor') });
    const borrowed = await signIn(
      suite.app,
      { username: 'ledgerly', password: registration.password },
      { ip: '203.0.113.7', device: deviceCookieFrom(other)!.value },
    );
    expect(borrowed.statusCode).toBe(429);

    // The lockout is in the security log, without any password.
    const [ledgerly] = await suite.database.db.select().from(users).where(eq(users.username, 'ledgerly'));
    const lockouts = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'login_lockout'), eq(securityEvents.userId, ledgerly!.id)));
    expect(lockouts.length).toBeGreaterThanOrEqual(1);
    expect(lockouts[0]!.detail).toMatchObject({ username: 'ledgerly', scope: 'username', strike: 1 });
    const everything = JSON.stringify(await suite.database.db.select().from(securityEvents));
    expect(everything).not.toContain('Guess-');
    expect(everything).not.toContain(registration.password);
  });
});

describe('throttling with growing blocks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(suite.database, {
      env: { LOGIN_MAX_FAILURES_PER_USERNAME: '3', LOGIN_MAX_FAILURES_PER_IP: '1000', LOGIN_THROTTLE_WINDOW_MINUTES: '15' },
    });
  });
  afterAll(() => app.close());

  /** The block ends as if its time had passed (the throttle's store keeps real time, not the app clock). */
  const endBlock = (key: string) =>
    suite.database.db
      .update(rateLimits)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));

  it('doubles the block each time a username fills up again within a day', async () => {
    const registration = buildRegistration('investor');
    await new TestClient(app, freshIp()).register('investor', registration);
    const failThrice = async () => {
      for (let i = 0; i < 3; i++)
        expect((await signIn(app, { username: registration.username, password: 'Wrong-Password-1' }, { ip: freshIp() })).statusCode).toBe(401);
      return signIn(app, registration, { ip: freshIp() });
    };

    const first = await failThrice();
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    await endBlock(`login-user:${registration.username}`);
    const second = await failThrice();
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    expect(second.json().message).toBe('Too many failed sign-in attempts. Please try again in 30 minutes.');

    await endBlock(`login-user:${registration.username}`);
    const third = await failThrice();
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(third.json().message).toBe('Too many failed sign-in attempts. Please try again in 60 minutes.');

    const [user] = await suite.database.db.select().from(users).where(eq(users.username, registration.username));
    const lockouts = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'login_lockout'), eq(securityEvents.userId, user!.id)))
      // PostgreSQL returns rows in no particular order without one.
      .orderBy(securityEvents.id);
    expect(lockouts.map((event) => event.detail)).toEqual([
      expect.objectContaining({ scope: 'username', strike: 1, blockSeconds: 900 }),
      expect.objectContaining({ scope: 'username', strike: 2, blockSeconds: 1800 }),
      expect.objectContaining({ scope: 'username', strike: 3, blockSeconds: 3600 }),
    ]);
  });

  it('throttles a known device in its own, more generous bucket', async () => {
    const registration = buildRegistration('startup');
    const registered = await app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), payload: registration });
    const device = deviceCookieFrom(registered)!.value;
    const ip = freshIp();
    // Twice the username's limit of 3: the owner mistyping a few times is not locked out.
    for (let i = 0; i < 6; i++)
      expect((await signIn(app, { username: registration.username, password: 'Wrong-Password-1' }, { ip, device })).statusCode).toBe(401);
    const blocked = await signIn(app, registration, { ip, device });
    expect(blocked.statusCode).toBe(429);
    // Its failures were its own: the username is not blocked for other browsers.
    expect((await signIn(app, registration, { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('registration throttling', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(suite.database, { env: { REGISTRATION_MAX_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(() => app.close());

  const register = (ip: string, overrides = {}) =>
    app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: buildRegistration('startup', overrides) });

  it('answers 429 with Retry-After past the hourly limit per address, counting taken names too', async () => {
    const ip = freshIp();
    const first = await register(ip);
    expect(first.statusCode).toBe(201);
    expect((await register(ip, { username: first.json().username })).statusCode).toBe(409);

    const third = await register(ip);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect(third.json().message).toMatch(/^Too many accounts were created from this network\. Please try again in \d+ minutes?\.$/);

    expect((await register(freshIp())).statusCode).toBe(201);
    const events = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'registration_throttled'), eq(securityEvents.ip, ip)));
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toBeNull();
  });

  it('does not count a registration refused for a common password', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await register(ip, { password: 'password1', confirmPassword: 'password1' })).statusCode).toBe(400);
    expect((await register(ip)).statusCode).toBe(201);
  });
});

describe('registration answers that reveal nothing by timing', () => {
  it('hashes the password before looking for a taken username or email, and answers both in one shape', async () => {
    const { registration } = await new TestClient(suite.app, freshIp()).register('startup');
    const hashed = vi.mocked(passwords.hashPassword);

    for (const taken of [{ username: registration.username.toUpperCase() }, { email: registration.email }]) {
      hashed.mockClear();
      const attempt = buildRegistration('investor', { ...taken, password: 'Another-Passphrase-77' });
      const response = await suite.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), payload: attempt });
      expect(response.statusCode).toBe(409);
      expect(Object.keys(response.json()).sort()).toEqual(['fieldErrors', 'message']);
      expect(hashed).toHaveBeenCalledWith('Another-Passphrase-77');
    }
  });
});

describe('TRUST_PROXY and the per-IP throttle', () => {
  const ipThrottle = { LOGIN_MAX_FAILURES_PER_USERNAME: '1000', LOGIN_MAX_FAILURES_PER_IP: '3' };
  const failFrom = (app: FastifyInstance, remoteAddress: string, forwardedFor: string, index: number) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: `nobody_${remoteAddress}_${index}`, password: 'Wrong-Password-1' },
    });

  it('with TRUST_PROXY=1, believes one hop and ignores forged entries before it', async () => {
    const app = await buildTestApp(suite.database, { env: { ...ipThrottle, TRUST_PROXY: '1' } });
    try {
      const proxy = '10.0.0.2';
      for (let i = 0; i < 3; i++) expect((await failFrom(app, proxy, `192.0.2.${100 + i}, 203.0.113.200`, i)).statusCode).toBe(401);
      expect((await failFrom(app, proxy, '192.0.2.199, 203.0.113.200', 3)).statusCode).toBe(429);
      // Another client behind the same proxy is its own address.
      expect((await failFrom(app, proxy, '203.0.113.201', 4)).statusCode).toBe(401);
      const failed = await suite.database.db
        .select({ ip: securityEvents.ip })
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'login_failed'), sql`${securityEvents.detail}->>'username' like ${`nobody_${proxy}_%`}`));
      expect(new Set(failed.map((event) => event.ip))).toEqual(new Set(['203.0.113.200', '203.0.113.201']));
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY unset, ignores X-Forwarded-For entirely', async () => {
    const app = await buildTestApp(suite.database, { env: ipThrottle });
    try {
      const client = '192.0.2.150';
      for (let i = 0; i < 3; i++) expect((await failFrom(app, client, `198.18.0.${i}`, i)).statusCode).toBe(401);
      expect((await failFrom(app, client, '198.18.0.99', 3)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('with a list of proxy addresses, trusts only those peers', async () => {
    const app = await buildTestApp(suite.database, { env: { ...ipThrottle, TRUST_PROXY: '10.0.0.0/8' } });
    try {
      await failFrom(app, '10.1.2.3', '198.18.1.1, 203.0.113.210', 0);
      // Not a listed proxy: its X-Forwarded-For is not believed.
      await failFrom(app, '192.0.2.160', '203.0.113.211', 1);
      const failed = await suite.database.db
        .select({ ip: securityEvents.ip })
        .from(securityEvents)
        .where(sql`${securityEvents.detail}->>'username' in ('nobody_10.1.2.3_0', 'nobody_192.0.2.160_1')`);
      expect(failed.map((event) => event.ip).sort()).toEqual(['192.0.2.160', '203.0.113.210']);
    } finally {
      await app.close();
    }
  });
});
