// Email verification and change of address (issue #17; docs/decisions/0038). Registration sends a
// link (valid 48 hours, usable once); opening it marks the address verified. A new address waits,
// pending, until its own link is opened; the old address is told when it happens. Emails are read
// back from the real outbox under the app's DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate';
import { accountTokens, matches, users } from '../../src/server/db/schema';
import type { StartupMatchPage } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildRegistration, buildStartupProfileBody, TEST_PASSWORD, uniqueSuffix } from '../factories';
import { explanation, matchState } from '../support/match-state';
import { migrateUpTo } from '../support/migrations';
import { outboxReader } from '../support/outbox';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-email-verification-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const clock = createTestClock();
const suite = useTestSuite({ clock, env: { DATA_DIR: dataDir } });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.60.${++ipCounter}`);
const VERIFY_SUBJECT = 'Confirm your email address for VentureMatch';

const emailsTo = outboxReader(dataDir);

function verifyTokenIn(mail: ParsedMail): string {
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link in "${mail.subject}"`);
  return token;
}

async function latestVerifyToken(address: string): Promise<string> {
  const mails = await emailsTo(address, VERIFY_SUBJECT);
  expect(mails.length).toBeGreaterThan(0);
  return verifyTokenIn(mails.at(-1)!);
}

const verify = (client: TestClient, token: string) => client.request({ method: 'POST', url: '/api/email/verify', payload: { token } });
const currentUser = async (client: TestClient) => (await client.request({ method: 'GET', url: '/api/user' })).json();

describe('registration and the verification link', () => {
  it('sends a link at registration; opening it once verifies the address; a second use is a 400', async () => {
    const client = newClient();
    const { user, registration } = await client.register('startup');
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null });

    const mails = await emailsTo(registration.email, VERIFY_SUBJECT);
    expect(mails).toHaveLength(1);
    const token = verifyTokenIn(mails[0]!);
    // Only the hash is kept, for 48 hours.
    const [row] = await suite.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'verify-email')));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * 60 * 60_000);

    // The link works in any browser, signed in or not: it is the proof.
    const opened = await verify(newClient(), token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: user.id, email: registration.email.toLowerCase(), emailVerified: true, pendingEmail: null });
    expect(await currentUser(client)).toMatchObject({ emailVerified: true });

    const again = await verify(newClient(), token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link has expired or was already used. Ask for a new one.');
  });

  it('expires after 48 hours', async () => {
    const client = newClient();
    const { registration } = await client.register('investor');
    const token = await latestVerifyToken(registration.email);
    clock.advanceMs(49 * 60 * 60_000);
    const late = await verify(newClient(), token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This verification link has expired or was already used. Ask for a new one.');
    expect(await currentUser(client)).toMatchObject({ emailVerified: false });
  });

  it('refuses a malformed or unknown token with a sentence', async () => {
    const malformed = await verify(newClient(), 'short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This verification link is not valid. Ask for a new one.');
    const unknown = await verify(newClient(), 'B'.repeat(43));
    expect(unknown.statusCode).toBe(400);
  });
});

describe('resending the verification email', () => {
  it('sends another link, at most three an hour, then a 429 until the hour has passed', async () => {
    const client = newClient();
    const { registration } = await client.register('startup');
    // Registration sent the first; two more are allowed this hour.
    for (let i = 0; i < 2; i++) {
      const response = await client.request({ method: 'POST', url: '/api/email/verify/resend' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: 'We have sent you a new verification email.' });
    }
    expect(await emailsTo(registration.email, VERIFY_SUBJECT)).toHaveLength(3);
    const throttled = await client.request({ method: 'POST', url: '/api/email/verify/resend' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^We have already sent you 3 emails in the last hour\. Please check your inbox, or try again in \d+ minutes?\.$/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    clock.advanceMs(61 * 60_000);
    expect((await client.request({ method: 'POST', url: '/api/email/verify/resend' })).statusCode).toBe(202);
    // Every link sent works until one is used.
    expect((await verify(newClient(), await latestVerifyToken(registration.email))).statusCode).toBe(200);
  });

  it('refuses when there is nothing to verify, and needs a session', async () => {
    const client = newClient();
    const { registration } = await client.register('startup');
    await verify(newClient(), await latestVerifyToken(registration.email));
    const response = await client.request({ method: 'POST', url: '/api/email/verify/resend' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your email address is already verified.');
    expect((await newClient().request({ method: 'POST', url: '/api/email/verify/resend' })).statusCode).toBe(401);
  });
});

describe('changing the email address', () => {
  it('keeps the old address until the new one is verified, then switches and tells the old address', async () => {
    const client = newClient();
    const { user, registration } = await client.register('investor');
    await verify(newClient(), await latestVerifyToken(registration.email));
    const newAddress = `moved.${uniqueSuffix()}@example.test`;

    const asked = await client.request({
      method: 'POST',
      url: '/api/account/email',
      payload: { email: `  ${newAddress.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: registration.email.toLowerCase(), emailVerified: true, pendingEmail: newAddress });

    // Nothing changed yet: the old address is still the account's, for sign-in lookups and resets.
    const [before] = await suite.database.db.select().from(users).where(eq(users.id, user.id));
    expect(before).toMatchObject({ email: registration.email.toLowerCase(), pendingEmail: newAddress });
    const mails = await emailsTo(newAddress, VERIFY_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(newAddress);

    const opened = await verify(newClient(), verifyTokenIn(mails[0]!));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: user.id, email: newAddress, emailVerified: true, pendingEmail: null });
    expect(await currentUser(client)).toMatchObject({ email: newAddress, pendingEmail: null });
    const notices = await emailsTo(registration.email, 'Your VentureMatch email address was changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(newAddress);
    // The old address is free for someone else now.
    expect(
      (await newClient().request({ method: 'POST', url: '/api/register', payload: buildRegistration('startup', { email: registration.email }) })).statusCode,
    ).toBe(201);
  });

  it('refuses a wrong password with a 400 that counts as a failed sign-in, and an address in use like registration does', async () => {
    const client = newClient();
    const { registration } = await client.register('startup');
    const other = await newClient().register('investor');

    const wrong = await client.request({
      method: 'POST',
      url: '/api/account/email',
      payload: { email: `x.${uniqueSuffix()}@example.test`, password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'This password is not correct.', fieldErrors: { password: ['This password is not correct.'] } });
    const [failed] = await suite.database.db
      .execute(sql`select count(*)::int as n from security_events where event_type = 'login_failed' and detail->>'username' = ${registration.username}`)
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
    expect(failed!.n).toBe(1);

    const taken = await client.request({
      method: 'POST',
      url: '/api/account/email',
      payload: { email: other.registration.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      message: 'An account with this email already exists.',
      fieldErrors: { email: ['An account with this email already exists.'] },
    });
    expect(await currentUser(client)).toMatchObject({ pendingEmail: null });
    expect(
      (await newClient().request({ method: 'POST', url: '/api/account/email', payload: { email: 'a@example.test', password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
  });

  it('kills links for an address the account no longer moves to, and reset links sent to the old address', async () => {
    const client = newClient();
    const { registration } = await client.register('startup');
    const first = `first.${uniqueSuffix()}@example.test`;
    const second = `second.${uniqueSuffix()}@example.test`;
    await client.request({ method: 'POST', url: '/api/account/email', payload: { email: first, password: TEST_PASSWORD } });
    const firstToken = await latestVerifyToken(first);
    // A reset link goes to the address in use (the old one).
    await newClient().request({ method: 'POST', url: '/api/password/forgot', payload: { email: registration.email } });
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec((await emailsTo(registration.email, 'Reset your VentureMatch password'))[0]!.text!)![1]!;
    await client.request({ method: 'POST', url: '/api/account/email', payload: { email: second, password: TEST_PASSWORD } });

    const stale = await verify(newClient(), firstToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This verification link is for an address your account no longer uses. Ask for a new one.');
    expect((await verify(newClient(), await latestVerifyToken(second))).statusCode).toBe(200);
    expect(await currentUser(client)).toMatchObject({ email: second });

    const reset = await newClient().request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: resetToken, password: 'Another-Long-Passphrase-77' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('asking for the current address again withdraws the pending change', async () => {
    const client = newClient();
    const { registration } = await client.register('startup');
    await client.request({ method: 'POST', url: '/api/account/email', payload: { email: `pending.${uniqueSuffix()}@example.test`, password: TEST_PASSWORD } });
    const back = await client.request({ method: 'POST', url: '/api/account/email', payload: { email: registration.email, password: TEST_PASSWORD } });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ email: registration.email.toLowerCase(), pendingEmail: null });
  });
});

describe('who counts as verified', () => {
  // The demo is a whole marketplace (docs/demo.md): seeding it takes a while on a busy machine.
  it('migration 0011: existing accounts start unverified, except the demo accounts', async () => {
    const database = await openTestDatabase({ migrated: false });
    try {
      await migrateUpTo(database, '0010_reports');
      // Written in the 0010 shape (the builders would ask for today's columns back).
      const insertOld = async (email: string) => {
        const result = await database.db.execute(sql`insert into users (username, password_hash, email, user_type, first_name, last_name)
                                                     values (${`old_${uniqueSuffix()}`}, 'x', ${email}, 'startup', 'Old', 'Account') returning id`);
        return { id: (result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id };
      };
      const regular = await insertOld(`someone.${uniqueSuffix()}@example.test`);
      const demo = await insertOld(`someone.${uniqueSuffix()}@demo.venturematch.test`);
      await runMigrations(database);
      const rows = await database.db.select({ id: users.id, verifiedAt: users.emailVerifiedAt, pendingEmail: users.pendingEmail }).from(users);
      expect(rows.find((row) => row.id === regular.id)).toEqual({ id: regular.id, verifiedAt: null, pendingEmail: null });
      expect(rows.find((row) => row.id === demo.id)?.verifiedAt).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});

describe('the "Verified" badge others see', () => {
  it('shows on the account’s match card and public profile once the address is verified, at once in a list already cached', async () => {
    const startup = newClient();
    const { user: startupUser } = await startup.register('startup');
    await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() });
    const investor = newClient();
    const { user: investorUser, registration } = await investor.register('investor');
    await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody() });
    const now = clock.now();
    const [match] = await suite.database.db
      .insert(matches)
      .values({
        startupId: startupUser.id,
        investorId: investorUser.id,
        score: 70,
        breakdown: explanation('badge'),
        ...matchState('pending'),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: matches.id });
    const cardOnList = async () =>
      ((await startup.request({ method: 'GET', url: '/api/matches/startup' })).json() as StartupMatchPage).items.find((item) => item.id === match!.id)
        ?.investor;
    const profile = async () => (await startup.request({ method: 'GET', url: `/api/investors/${investorUser.id}` })).json() as { emailVerified: boolean };

    // The profile first: opening it writes a feed entry for the startup, which would refresh the list by itself.
    expect((await profile()).emailVerified).toBe(false);
    expect((await cardOnList())?.emailVerified).toBe(false);
    expect((await verify(newClient(), await latestVerifyToken(registration.email))).statusCode).toBe(200);
    expect((await cardOnList())?.emailVerified).toBe(true);
    expect((await profile()).emailVerified).toBe(true);
    const single = (await startup.request({ method: 'GET', url: `/api/matches/${match!.id}` })).json() as { investor: { emailVerified: boolean } };
    expect(single.investor.emailVerified).toBe(true);
  });
});
