// Forgot, reset and change password (issue #17; docs/security.md, "Account recovery and sessions";
// docs/decisions/0038). Emails are read back from the real outbox (.eml files under the app's
// DATA_DIR) after the jobs ran, as a newcomer would open them. Nothing is mocked: a failing send is
// a real SMTP connection to a port nobody listens on.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { accountTokens, jobs, securityEvents, sessions } from '../../src/server/db/schema';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/shared/contracts/account';
import { TEST_PASSWORD } from '../factories';
import { useLiveStreams } from '../support/event-stream';
import { outboxReader } from '../support/outbox';
import { buildTestApp, createTestClock, TestClient, useTestSuite } from '../support/test-app';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-account-passwords-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const clock = createTestClock();
const suite = useTestSuite({ clock, env: { DATA_DIR: dataDir } });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.40.${++ipCounter}`);
const NEW_PASSWORD = 'Another-Long-Passphrase-77';

const openStream = useLiveStreams(() => suite.app);

// ---------------------------------------------------------------------------------------------
// The outbox, read as a mail client would

const emailsTo = outboxReader(dataDir);

function resetTokenIn(mail: ParsedMail): string {
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in "${mail.subject}"`);
  // The HTML part carries the same link.
  expect(String(mail.html)).toContain(`token=${token}`);
  return token;
}

async function jobCount(): Promise<number> {
  const [row] = await suite.database.db.select({ value: count() }).from(jobs);
  return row!.value;
}

/** A registered account, signed in on a client, and its password-reset link as emailed. */
async function accountWithResetLink() {
  const owner = newClient();
  const { user, registration } = await owner.register('startup');
  const forgot = await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } });
  expect(forgot.statusCode).toBe(202);
  const resets = (await emailsTo(registration.email)).filter((mail) => mail.subject?.includes('Reset'));
  expect(resets).toHaveLength(1);
  return { owner, user, registration, token: resetTokenIn(resets[0]!) };
}

const signIn = (client: TestClient, username: string, password: string) =>
  client.request({ method: 'POST', url: '/api/login', payload: { username, password } });

// ---------------------------------------------------------------------------------------------

/** The security log's event types for a user, oldest first. */
async function securityEventTypes(userId: number): Promise<string[]> {
  const rows = await suite.database.db
    .select({ type: securityEvents.eventType })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(securityEvents.id);
  return rows.map((row) => row.type);
}

describe('forgot password', () => {
  it('answers a known and an unknown address alike: same status and body, one job each, and an email only to the known one', async () => {
    const { registration } = await newClient().register('investor');
    const unknown = `nobody.${Date.now()}@example.test`;

    const before = await jobCount();
    const known = await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email.toUpperCase() } });
    const afterKnown = await jobCount();
    const stranger = await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: unknown } });
    const afterUnknown = await jobCount();

    expect(known.statusCode).toBe(202);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    // The request itself does the same work either way: it queues exactly one job.
    expect(afterKnown - before).toBe(1);
    expect(afterUnknown - afterKnown).toBe(1);
    expect(stranger.cookies).toEqual(known.cookies);

    // The registration's verification email went to the same address; the reset is the other one.
    const resets = (await emailsTo(registration.email)).filter((mail) => mail.subject === 'Reset your VentureMatch password');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.text).toContain('60 minutes');
    expect(await emailsTo(unknown)).toEqual([]);
  });

  it('refuses a malformed address with a sentence, and needs no session', async () => {
    const response = await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email');
  });

  it('sends one account at most three reset emails an hour, whoever asks, and says nothing about it', async () => {
    const { registration } = await newClient().register('startup');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await emailsTo(registration.email)).filter((mail) => mail.subject?.includes('Reset'))).toHaveLength(3);

    // An hour later the account can be sent a link again.
    clock.advanceMs(61 * 60_000);
    await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } });
    expect((await emailsTo(registration.email)).filter((mail) => mail.subject?.includes('Reset'))).toHaveLength(4);
  });

  it('throttles one network: the 21st request in an hour is a 429, for a known and an unknown address alike', async () => {
    const network = new TestClient(suite.app, '198.18.41.1');
    const { registration } = await newClient().register('startup');
    for (let i = 0; i < 20; i++) {
      const response = await network.request({ method: 'POST', url: '/api/password/forgot', payload: { email: `unknown.${i}.${Date.now()}@example.test` } });
      expect(response.statusCode).toBe(202);
    }
    const unknown = await network.request({ method: 'POST', url: '/api/password/forgot', payload: { email: `one.more.${Date.now()}@example.test` } });
    const known = await network.request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } });
    expect(unknown.statusCode).toBe(429);
    expect(known.statusCode).toBe(429);
    expect(known.json()).toEqual(unknown.json());
    expect(unknown.json().message).toMatch(/^Too many password reset requests came from this network\. Please try again in \d+ minutes?\.$/);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not affected.
    expect((await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } })).statusCode).toBe(202);
  });
});

describe('the reset link', () => {
  it('stores only a hash: the raw token is in no table row and no job payload', async () => {
    const { user, token } = await accountWithResetLink();
    const rows = await suite.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password-reset')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.purpose).toBe('password-reset');
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * 60_000);
    const everything = await suite.database.db.execute(sql`select (select coalesce(json_agg(t), '[]') from account_tokens t)::text as tokens,
                                                                   (select coalesce(json_agg(j.payload), '[]') from jobs j)::text as payloads`);
    const text = JSON.stringify((everything as unknown as { rows: unknown[] }).rows);
    expect(text).not.toContain(token);
  });

  it('sets the new password, signs this browser in, ends every other session and closes their streams, and sends the notice', async () => {
    const { owner, user, registration, token } = await accountWithResetLink();
    const secondBrowser = newClient();
    expect((await signIn(secondBrowser, registration.username, TEST_PASSWORD)).statusCode).toBe(200);
    const streams = [await openStream(owner), await openStream(secondBrowser)];

    const opener = newClient();
    const reset = await opener.request({
      method: 'POST',
      url: '/api/password/reset',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: user.id, username: registration.username, emailVerified: true });
    expect(reset.cookies.map((cookie) => cookie.name)).toEqual(['vm_session', 'vm_device']);

    // Signed in: the new session works; the old ones are gone, and their streams closed.
    expect((await opener.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    for (const stream of streams) await expect(stream.next()).rejects.toThrow('the event stream ended');
    expect((await owner.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await secondBrowser.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const left = await suite.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);

    // The old password is gone, the new one works.
    expect((await signIn(newClient(), registration.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
    const notices = (await emailsTo(registration.email)).filter((mail) => mail.subject === 'Your VentureMatch password was changed');
    expect(notices).toHaveLength(1);
    expect(await securityEventTypes(user.id)).toContain('password_reset');
  });

  it('works once: a second use, or any other link of the account, is a clear 400', async () => {
    const { registration, token } = await accountWithResetLink();
    // A second link, asked for before the first was used.
    await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } });
    const second = resetTokenIn((await emailsTo(registration.email)).filter((mail) => mail.subject?.includes('Reset'))[1]!);

    expect((await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    for (const spent of [token, second]) {
      const again = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token: spent, password: 'Yet-Another-Passphrase-3' } });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This reset link has expired or was already used. Ask for a new one.');
      expect(sessionCookie(again)).toBeUndefined();
    }
    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires after 60 minutes', async () => {
    const { registration, token } = await accountWithResetLink();
    clock.advanceMs(61 * 60_000);
    const late = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This reset link has expired or was already used. Ask for a new one.');
    expect((await signIn(newClient(), registration.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token, and a new password registration would refuse, without spending the link', async () => {
    const { registration, token } = await accountWithResetLink();
    const unknown = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token: 'A'.repeat(43), password: NEW_PASSWORD } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This reset link has expired or was already used. Ask for a new one.');
    const malformed = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token: 'not a token!', password: NEW_PASSWORD } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This reset link is not valid. Ask for a new one.');

    const short = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.password).toEqual(['Password must be at least 6 characters']);
    const common = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is too common. Please choose a less guessable one.');

    // Still good after the refusals.
    expect((await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner sign in at once even when strangers had throttled the username', async () => {
    const { registration, token } = await accountWithResetLink();
    for (let i = 0; i < 10; i++) await signIn(new TestClient(suite.app, `198.18.42.${i + 1}`), registration.username, 'wrong-password-guess');
    expect((await signIn(newClient(), registration.username, TEST_PASSWORD)).statusCode).toBe(429);

    expect((await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a reset email that cannot be sent', () => {
  it('leaves no usable token behind, and the job is retried (it makes a fresh token then)', async () => {
    // A port that was open a moment ago and is closed now: the SMTP connection is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const failingApp = await buildTestApp(suite.database, { clock, env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const { user, registration } = await new TestClient(failingApp, '198.18.43.1').register('startup');
      const response = await new TestClient(failingApp, '198.18.43.2').request({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: registration.email },
      });
      expect(response.statusCode).toBe(202);
      const tokens = await suite.database.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password-reset')));
      expect(tokens).toEqual([]);
      const [job] = await suite.database.db
        .select({ state: jobs.state, attempts: jobs.attempts, lastError: jobs.lastError })
        .from(jobs)
        .where(and(eq(jobs.name, 'auth.send-password-reset'), eq(jobs.dedupeKey, `password-reset:${registration.email.toLowerCase()}`)));
      expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      expect(job!.lastError).toBeTruthy();
    } finally {
      await failingApp.close();
    }
  });
});

describe('change password', () => {
  it('keeps this session, ends the others with their streams, and sends the notice', async () => {
    const here = newClient();
    const { user, registration } = await here.register('investor');
    const elsewhere = newClient();
    expect((await signIn(elsewhere, registration.username, TEST_PASSWORD)).statusCode).toBe(200);
    const hereStream = await openStream(here);
    const elsewhereStream = await openStream(elsewhere);

    const response = await here.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, endedSessions: 1 });
    expect(sessionCookie(response)).toBeUndefined();

    await expect(elsewhereStream.next()).rejects.toThrow('the event stream ended');
    expect((await elsewhere.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await here.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // This session's stream is still open: an event for the user reaches it.
    await suite.database.db.transaction((tx) => suite.app.events.publish(tx, [user.id], { type: 'message', messageId: -11, senderId: 0, receiverId: user.id }));
    expect((await hereStream.next()).data.messageId).toBe(-11);

    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
    const notices = (await emailsTo(registration.email)).filter((mail) => mail.subject === 'Your VentureMatch password was changed');
    expect(notices).toHaveLength(1);
    expect(await securityEventTypes(user.id)).toContain('password_changed');
  });

  it('refuses a wrong current password with a 400 that counts towards the sign-in throttle: the 11th attempt is a 429', async () => {
    const client = newClient();
    const { user, registration } = await client.register('startup');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await client.request({
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword: `wrong-${attempt}`, newPassword: NEW_PASSWORD },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Your current password is not correct.',
        fieldErrors: { currentPassword: ['Your current password is not correct.'] },
      });
    }
    const throttled = await client.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // It is the sign-in throttle: signing in with the username (from a new browser) is throttled too.
    expect((await signIn(newClient(), registration.username, TEST_PASSWORD)).statusCode).toBe(429);
    const [failures] = await suite.database.db
      .select({ value: count() })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, 'login_failed')));
    expect(failures!.value).toBe(10);
    // The session itself is untouched.
    expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('applies the registration password rules to the new password, and needs a session', async () => {
    const client = newClient();
    await client.register('startup');
    const short = await client.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toEqual(['Password must be at least 6 characters']);
    const common = await client.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.newPassword).toEqual(['This password is too common. Please choose a less guessable one.']);
    const extra = await client.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, userId: 1 },
    });
    expect(extra.statusCode).toBe(400);

    const anonymous = await newClient().request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('kills reset links sent before the change', async () => {
    const { owner, registration, token } = await accountWithResetLink();
    expect(
      (await owner.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const stale = await newClient().request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Yet-Another-Passphrase-3' } });
    expect(stale.statusCode).toBe(400);
    expect((await signIn(newClient(), registration.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'vm_session' && cookie.value !== '')?.value;
}
