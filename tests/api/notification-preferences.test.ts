// Notification preferences (issue #18, docs/notifications.md): the defaults a new account gets,
// PUT merging what is sent over what was there, the validation sentences, and the filtering they
// cause at delivery: `off` writes no notification, "in the app and by email" also sends an email
// (to a real SMTP server), and the new-match threshold replaces the product's default. The account
// export carries them and deletion removes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { matches, notificationPreferences } from '../../src/server/db/schema';
import { notify } from '../../src/server/features/notifications';
import { DEFAULT_NOTIFICATION_CHANNELS } from '../../src/shared/contracts/notification-preferences';
import { NEW_MATCH_NOTIFICATION_MIN_SCORE } from '../../src/shared/contracts/notifications';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { serviceContext } from '../support/service-context';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { createTestClock, TestClient, useTestSuite, type TestAppOptions } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-03T12:00:00Z'));
let inbox: SmtpInbox;
const options: TestAppOptions = { clock };
beforeAll(async () => {
  inbox = await startSmtpInbox();
  options.env = { SMTP_URL: inbox.url, APP_ORIGIN: 'https://app.venturematch.test' };
});
const suite = useTestSuite(options);
afterAll(async () => inbox?.close());

let ipCounter = 0;
async function signedIn(userType: 'startup' | 'investor') {
  const client = new TestClient(suite.app, `198.18.61.${++ipCounter}`);
  const { user } = await client.register(userType);
  const profile =
    userType === 'startup'
      ? buildStartupProfileBody({ companyName: `Pref Health ${user.id}`, industry: 'HealthTech', stage: 'Seed' })
      : buildInvestorProfileBody({ firmName: `Pref Capital ${user.id}`, industryFocus: ['HealthTech'], stagePreference: ['Seed'] });
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload: profile });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}
const URL_ = '/api/account/notification-preferences';
const put = (client: TestClient, payload: unknown) => client.request({ method: 'PUT', url: URL_, payload: payload as Record<string, unknown> });

describe('GET and PUT /api/account/notification-preferences', () => {
  it('a new account has the defaults; PUT changes what it sends and keeps the rest', async () => {
    const { client } = await signedIn('startup');
    const initial = await client.request({ method: 'GET', url: URL_ });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      channels: DEFAULT_NOTIFICATION_CHANNELS,
      digest: 'off',
      timeZone: null,
      newMatchMinScore: NEW_MATCH_NOTIFICATION_MIN_SCORE,
    });

    const first = await put(client, { channels: { document_opened: 'in_app_and_email' }, timeZone: 'Europe/Berlin' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(client, { channels: { message: 'off' }, digest: 'weekly', newMatchMinScore: 85 });
    expect(second.json()).toEqual({
      channels: { ...DEFAULT_NOTIFICATION_CHANNELS, document_opened: 'in_app_and_email', message: 'off' },
      digest: 'weekly',
      timeZone: 'Europe/Berlin',
      newMatchMinScore: 85,
    });
    expect((await client.request({ method: 'GET', url: URL_ })).json()).toEqual(second.json());
  });

  it('refuses bad values with readable sentences, and callers without a session', async () => {
    const { client } = await signedIn('investor');
    const cases: Array<[unknown, string]> = [
      [{ channels: { message: 'sometimes' } }, 'Please choose in the app, in the app and by email, or off'],
      [{ channels: { parties: 'off' } }, 'Unknown field: parties.'],
      [{ digest: 'hourly' }, 'Please choose daily, weekly or off'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Please choose a time zone from the list'],
      [{ newMatchMinScore: 101 }, 'The score threshold must be a whole number from 0 to 100'],
      [{ newMatchMinScore: 7.5 }, 'The score threshold must be a whole number from 0 to 100'],
    ];
    for (const [payload, sentence] of cases) {
      const response = await put(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(sentence);
    }
    expect((await client.request({ method: 'GET', url: URL_ })).json().digest).toBe('off');
    const anonymous = await suite.app.inject({ method: 'GET', url: URL_ });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('filtering at delivery', () => {
  async function pair() {
    const startup = await signedIn('startup');
    const investor = await signedIn('investor');
    const [row] = await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: investor.user.id, score: 80 }).returning();
    return { startup, investor, matchId: row!.id };
  }
  const types = async (client: TestClient) =>
    ((await client.request({ method: 'GET', url: '/api/notifications?limit=100' })).json() as { items: Array<{ type: string; sentence: string }> }).items;

  it('off: no notification at all; in the app: no email; in the app and by email: one email', async () => {
    const off = await pair();
    expect((await put(off.investor.client, { channels: { connection_requested: 'off' } })).statusCode).toBe(200);
    const accepted = await off.startup.client.request({ method: 'POST', url: `/api/matches/${off.matchId}/update`, payload: { status: 'accepted' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await types(off.investor.client)).toEqual([]);
    expect(inbox.to(off.investor.user.email)).toEqual([]);

    const inApp = await pair();
    expect((await put(inApp.startup.client, { channels: { connection_declined: 'in_app' } })).statusCode).toBe(200);
    const declined = { status: 'rejected', reason: 'stage', shareReason: true };
    expect((await inApp.investor.client.request({ method: 'POST', url: `/api/matches/${inApp.matchId}/update`, payload: declined })).statusCode).toBe(200);
    expect((await types(inApp.startup.client)).map((item) => item.type)).toEqual(['connection_declined']);
    expect(inbox.to(inApp.startup.user.email)).toEqual([]);

    const email = await pair();
    expect((await put(email.startup.client, { channels: { connection_declined: 'in_app_and_email' } })).statusCode).toBe(200);
    expect((await email.investor.client.request({ method: 'POST', url: `/api/matches/${email.matchId}/update`, payload: declined })).statusCode).toBe(200);
    const [sentence] = (await types(email.startup.client)).map((item) => item.sentence);
    expect(inbox.to(email.startup.user.email).map((mail) => mail.subject)).toEqual([sentence]);
  });

  it('new matches count from the user’s own threshold instead of the default', async () => {
    const { startup, investor, matchId } = await pair();
    expect((await put(investor.client, { newMatchMinScore: 90 })).statusCode).toBe(200);
    const ctx = serviceContext(suite.app);
    // Score 80: under this investor's 90, though over the default.
    await suite.app.db.transaction((tx) =>
      notify({ ...ctx, db: tx }, { recipientId: investor.user.id, type: 'new_matches', payload: { count: 1, latestId: matchId } }),
    );
    await suite.app.jobs.idle();
    expect(await types(investor.client)).toEqual([]);
    // The startup keeps the default (70): the same match counts.
    await suite.app.db.transaction((tx) =>
      notify({ ...ctx, db: tx }, { recipientId: startup.user.id, type: 'new_matches', payload: { count: 1, latestId: matchId } }),
    );
    await suite.app.jobs.idle();
    expect((await types(startup.client)).map((item) => item.sentence)).toEqual([`1 new match scoring ${NEW_MATCH_NOTIFICATION_MIN_SCORE} or more`]);

    await suite.database.db.update(matches).set({ score: 95 }).where(eq(matches.id, matchId));
    await suite.app.db.transaction((tx) =>
      notify({ ...ctx, db: tx }, { recipientId: investor.user.id, type: 'new_matches', payload: { count: 1, latestId: matchId } }),
    );
    await suite.app.jobs.idle();
    expect((await types(investor.client)).map((item) => item.sentence)).toEqual(['1 new match scoring 90 or more']);
  });
});

/** The named entries of a ZIP, as text. */
async function zipEntries(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

describe('the account', () => {
  it('the export carries the preferences; deletion removes them', async () => {
    const { client, user } = await signedIn('investor');
    expect((await put(client, { digest: 'daily', timeZone: 'America/New_York', channels: { message: 'in_app' } })).statusCode).toBe(200);
    const exported = await client.request({ method: 'GET', url: '/api/account/export' });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const entries = await zipEntries(exported.rawPayload);
    const preferences = JSON.parse(entries.get('notification-preferences.json') ?? '{}');
    expect(preferences.preferences).toMatchObject({ digest: 'daily', timeZone: 'America/New_York', channels: { message: 'in_app' } });

    const deleted = await client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await suite.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).toEqual([]);
  });
});
