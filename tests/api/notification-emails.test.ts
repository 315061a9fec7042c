// Notification emails (issue #18, docs/notifications.md) received by a real SMTP server in this
// process, with the app's clock injected: a type set to email sends one when its notification is
// delivered; a conversation still unread 15 minutes after its first unread message sends one email
// (the sender and the count, never the text), and none if read meanwhile; the digest goes out at
// 08:00 in each user's own time zone, weekly ones only on Mondays, and nothing when nothing is new;
// every email's one-click unsubscribe works through the header URL and the footer link; a forged
// token is refused; and a restart (a new app on the same database) neither loses nor duplicates one.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, matches } from '../../src/server/db/schema';
import { SCHEDULES } from '../../src/server/app-jobs';
import { NOTIFICATION_EMAIL_JOBS, scheduleDueDigests } from '../../src/server/features/notifications/notification-emails.service';
import { UNREAD_MESSAGE_EMAIL_DELAY_MS } from '../../src/shared/contracts/notification-preferences';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { connectPair } from '../support/match-state';
import { serviceContext } from '../support/service-context';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { buildTestApp, createTestClock, TestClient, useTestSuite, type TestAppOptions } from '../support/test-app';

const ORIGIN = 'https://app.venturematch.test';
// Sunday 1 November 2026, 01:00 UTC: the digests below run on this Sunday and the Monday after.
const clock = createTestClock(new Date('2026-11-01T01:00:00Z'));
let inbox: SmtpInbox;
const options: TestAppOptions = { clock };
// Registered before the suite's own beforeAll, so the app is built with the server's address.
beforeAll(async () => {
  inbox = await startSmtpInbox();
  options.env = { SMTP_URL: inbox.url, APP_ORIGIN: ORIGIN, MAIL_FROM: 'VentureMatch <no-reply@venturematch.test>' };
});
const suite = useTestSuite(options);
afterAll(async () => inbox?.close());

let ipCounter = 0;
const newClient = (app: FastifyInstance = suite.app) => new TestClient(app, `198.18.60.${++ipCounter}`);

async function party(userType: 'startup' | 'investor', name: string, app?: FastifyInstance) {
  const client = newClient(app);
  const { user } = await client.register(userType);
  const body =
    userType === 'startup'
      ? buildStartupProfileBody({ companyName: name, industry: 'HealthTech', stage: 'Seed' })
      : buildInvestorProfileBody({ firmName: name, industryFocus: ['HealthTech'], stagePreference: ['Seed'] });
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload: body });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}
type Party = Awaited<ReturnType<typeof party>>;

async function matched(company: string, firm: string, score = 80) {
  const startup = await party('startup', company);
  const investor = await party('investor', firm);
  const [row] = await suite.database.db
    .insert(matches)
    .values({ startupId: startup.user.id, investorId: investor.user.id, score, createdAt: clock.now() })
    .returning();
  return { startup, investor, matchId: row!.id };
}

const send = (from: Party, to: Party, content: string) =>
  from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });
const setPreferences = async (client: TestClient, payload: Record<string, unknown>) => {
  const response = await client.request({ method: 'PUT', url: '/api/account/notification-preferences', payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { channels: Record<string, string>; digest: string };
};
const preferencesOf = async (client: TestClient) => (await client.request({ method: 'GET', url: '/api/account/notification-preferences' })).json();

/** The token of a URL in an email (the header's API URL or the footer's page URL). */
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
/** A header as sent, unfolded (mailparser reshapes List-* headers, so read the raw line). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
}
function unsubscribeHeader(mail: ParsedMail): string {
  return (rawHeader(mail, 'list-unsubscribe') ?? '').replace(/^<|>$/g, '');
}
function footerLink(mail: ParsedMail): string {
  const match = new RegExp(`${ORIGIN.replace(/\./g, '\\.')}/unsubscribe\\?token=[A-Za-z0-9._%-]+`).exec(mail.text ?? '');
  return match![0];
}

async function advance(ms: number) {
  clock.advanceMs(ms);
  await suite.app.jobs.idle();
}

describe('an email per notification, and its one-click unsubscribe', () => {
  it('a connection request is emailed with its sentence, its link and the unsubscribe headers; the header URL turns it off', async () => {
    const { startup, investor, matchId } = await matched('Mail Health', 'Mail Capital');
    const accepted = await startup.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect(accepted.statusCode).toBe(200);
    const [mail, ...more] = inbox.to(investor.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Mail Health wants to connect with you');
    expect(mail!.text).toContain(`${ORIGIN}/investor/startups?tab=pending`);
    expect(mail!.html).toContain(`${ORIGIN}/investor/startups?tab=pending`);
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const headerUrl = unsubscribeHeader(mail!);
    expect(headerUrl.startsWith(`${ORIGIN}/api/notifications/unsubscribe?token=`)).toBe(true);
    expect(footerLink(mail!)).toBe(`${ORIGIN}/unsubscribe?token=${encodeURIComponent(tokenOf(headerUrl))}`);

    // What a mail client does (RFC 8058): a form POST to the header's URL, no session, no Origin.
    const url = new URL(headerUrl);
    const oneClick = await suite.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ type: 'connection_requested', label: 'Someone wants to connect' });
    expect((await preferencesOf(investor.client)).channels.connection_requested).toBe('in_app');

    // Still in the app, no longer by email.
    const second = await matched('Quiet Mail Health', 'Unused Capital');
    const [row] = await suite.database.db.update(matches).set({ investorId: investor.user.id }).where(eq(matches.id, second.matchId)).returning();
    expect((await second.startup.client.request({ method: 'POST', url: `/api/matches/${row!.id}/update`, payload: { status: 'accepted' } })).statusCode).toBe(
      200,
    );
    const notifications = (await investor.client.request({ method: 'GET', url: '/api/notifications' })).json() as { items: Array<{ sentence: string }> };
    expect(notifications.items.map((item) => item.sentence)).toContain('Quiet Mail Health wants to connect with you');
    expect(inbox.to(investor.user.email)).toHaveLength(1);
  });

  it('the footer link’s token, POSTed by the unsubscribe page, turns that type off; a forged token is a 400 with a sentence', async () => {
    const { startup, investor, matchId } = await matched('Footer Health', 'Footer Capital');
    await connectPair(startup.client, investor.client, matchId);
    const made = inbox.to(startup.user.email).find((mail) => mail.subject === 'You are now connected with Footer Capital');
    expect(made, 'connection email').toBeDefined();
    const token = tokenOf(footerLink(made!));
    // The page POSTs as the app's client does, without a body.
    const response = await suite.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ type: 'connection_made', label: 'A connection is made' });
    expect((await preferencesOf(startup.client)).channels.connection_made).toBe('in_app');
    // Twice is fine.
    expect((await suite.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);

    const [userId, , signature] = token.split('.');
    for (const forged of [
      `${userId}.digest.${signature}`,
      `${Number(userId) + 1}.connection_made.${signature}`,
      `${userId}.connection_made.${'A'.repeat(43)}`,
      'not-a-token',
    ]) {
      const refused = await suite.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}` });
      expect(refused.statusCode, forged).toBe(400);
      expect(refused.json().message).toMatch(/^This unsubscribe link is not valid/);
    }
    expect((await preferencesOf(startup.client)).digest).toBe('off');
  });
});

describe('unread messages', () => {
  it('one email per conversation when its messages are still unread 15 minutes after the first; the sender and the count, never the text', async () => {
    const { startup, investor, matchId } = await matched('Chatty Health', 'Listening Capital');
    await connectPair(startup.client, investor.client, matchId);
    const before = inbox.to(investor.user.email).length;
    expect((await send(startup, investor, 'secret terms one')).statusCode).toBe(201);
    await advance(5 * 60_000);
    expect((await send(startup, investor, 'secret terms two')).statusCode).toBe(201);
    await advance(9 * 60_000);
    expect(inbox.to(investor.user.email)).toHaveLength(before);
    await advance(60_000 + 1);
    const mails = inbox.to(investor.user.email).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual(['Chatty Health sent you 2 messages']);
    expect(mails[0]!.text).toContain(`${ORIGIN}/messages?partner=${startup.user.id}`);
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('secret terms');
    expect(unsubscribeHeader(mails[0]!)).toContain('/api/notifications/unsubscribe?token=');

    // More messages while the same run is unread: no second email.
    expect((await send(startup, investor, 'secret terms three')).statusCode).toBe(201);
    await advance(UNREAD_MESSAGE_EMAIL_DELAY_MS + 1);
    expect(inbox.to(investor.user.email).slice(before)).toHaveLength(1);
  });

  it('nothing when the recipient read the conversation within the 15 minutes', async () => {
    const { startup, investor, matchId } = await matched('Read Health', 'Reading Capital');
    await connectPair(startup.client, investor.client, matchId);
    const before = inbox.to(startup.user.email).length;
    expect((await send(investor, startup, 'hello')).statusCode).toBe(201);
    await advance(10 * 60_000);
    const read = await startup.client.request({ method: 'POST', url: `/api/messages/${investor.user.id}/read-all` });
    expect(read.statusCode, read.body).toBe(200);
    await advance(UNREAD_MESSAGE_EMAIL_DELAY_MS);
    expect(inbox.to(startup.user.email)).toHaveLength(before);
  });

  it('a restart neither loses nor duplicates the email: a new app on the same database sends it once', async () => {
    const first = await buildTestApp(suite.database, options);
    const startup = await party('startup', 'Restart Health', first);
    const investor = await party('investor', 'Restart Capital', first);
    const [row] = await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: investor.user.id, score: 80 }).returning();
    await connectPair(startup.client, investor.client, row!.id);
    expect((await send(investor, startup, 'before the restart')).statusCode).toBe(201);
    // The email waits as a delayed job when the first instance stops.
    await first.close();
    const waiting = await suite.database.db.select().from(jobs).where(eq(jobs.name, NOTIFICATION_EMAIL_JOBS.unreadMessages));
    expect(waiting.filter((job) => job.state === 'queued' && (job.payload as { userId?: number }).userId === startup.user.id)).toHaveLength(1);

    const second = await buildTestApp(suite.database, options);
    try {
      clock.advanceMs(UNREAD_MESSAGE_EMAIL_DELAY_MS + 1);
      await second.jobs.idle();
      const sent = () => inbox.to(startup.user.email).filter((mail) => mail.subject === 'Restart Capital sent you a message');
      expect(sent()).toHaveLength(1);
      // The job runs again, as after a crash between the send and its success being recorded: its key stops it.
      await suite.database.db.insert(jobs).values({
        name: NOTIFICATION_EMAIL_JOBS.unreadMessages,
        payload: { userId: startup.user.id, partnerId: investor.user.id },
        runAt: clock.now(),
        createdAt: clock.now(),
      });
      await second.jobs.idle();
      expect(sent()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the digest', () => {
  /** Runs the hourly scan at `iso` (what the schedule's job does) and the digests it enqueues. */
  async function scanAt(iso: string) {
    clock.advanceMs(new Date(iso).getTime() - clock.now().getTime());
    await scheduleDueDigests(serviceContext(suite.app));
    await suite.app.jobs.idle();
  }
  const digestsTo = (address: string) => inbox.to(address).filter((mail) => /digest$/.test(mail.subject ?? ''));

  it('is scheduled hourly', () => {
    expect(SCHEDULES.find((schedule) => schedule.job === NOTIFICATION_EMAIL_JOBS.scheduleDigests)?.intervalMs).toBe(60 * 60_000);
  });

  it('goes out at 08:00 in each user’s time zone (Berlin, New York), weekly only on Monday, and not when nothing is new', async () => {
    await scanAt('2026-11-01T05:00:00Z');
    const pair = await matched('Digest Health', 'Digest Capital', 85);
    const berlin = pair.startup;
    const newYork = pair.investor;
    await setPreferences(berlin.client, { digest: 'daily', timeZone: 'Europe/Berlin' });
    await setPreferences(newYork.client, { digest: 'daily', timeZone: 'America/New_York' });
    const weekly = await matched('Weekly Health', 'Weekly Capital', 90);
    await setPreferences(weekly.investor.client, { digest: 'weekly' });

    await scanAt('2026-11-01T06:30:00Z'); // Berlin 07:30, New York 01:30
    expect(digestsTo(berlin.user.email)).toHaveLength(0);
    await scanAt('2026-11-01T07:05:00Z'); // Berlin 08:05
    const [berlinDigest] = digestsTo(berlin.user.email);
    expect(berlinDigest?.subject).toBe('Your VentureMatch daily digest');
    expect(berlinDigest!.text).toContain('Digest Capital');
    expect(berlinDigest!.text).toContain('85');
    expect(rawHeader(berlinDigest!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(digestsTo(newYork.user.email)).toHaveLength(0);
    await scanAt('2026-11-01T08:05:00Z'); // UTC 08:05 on a Sunday: the weekly one waits for Monday
    expect(digestsTo(weekly.investor.user.email)).toHaveLength(0);
    await scanAt('2026-11-01T13:05:00Z'); // New York 08:05 (EST), Berlin 14:05
    expect(digestsTo(newYork.user.email).map((mail) => mail.subject)).toEqual(['Your VentureMatch daily digest']);
    expect(digestsTo(newYork.user.email)[0]!.text).toContain('Digest Health');
    expect(digestsTo(berlin.user.email)).toHaveLength(1);
    await scanAt('2026-11-01T14:05:00Z');
    expect(digestsTo(newYork.user.email)).toHaveLength(1);

    // Monday: nothing new for Berlin since Sunday's digest, so nothing; the weekly one at its 08:00 (UTC).
    await scanAt('2026-11-02T07:05:00Z');
    expect(digestsTo(berlin.user.email)).toHaveLength(1);
    await scanAt('2026-11-02T08:05:00Z');
    const [weeklyDigest] = digestsTo(weekly.investor.user.email);
    expect(weeklyDigest?.subject).toBe('Your VentureMatch weekly digest');
    expect(weeklyDigest!.text).toContain('Weekly Health');

    // The digest's footer link turns the digest off.
    const unsubscribed = await suite.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(tokenOf(footerLink(weeklyDigest!)))}`,
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json().type).toBe('digest');
    expect((await preferencesOf(weekly.investor.client)).digest).toBe('off');
  });
});
