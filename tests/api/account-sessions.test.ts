// "Where you are signed in" (issue #17; docs/decisions/0038): the caller's sessions with browser,
// OS, masked address and times; ending one (another user's is a 404); ending all the others. An
// ended session's live event streams close at once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { describeUserAgent, maskIp, MAX_USER_AGENT_LENGTH } from '../../src/server/features/auth/session-client';
import { hashSessionToken } from '../../src/server/features/auth/session-tokens';
import type { AccountSession } from '../../src/shared/contracts/account';
import { buildRegistration, TEST_PASSWORD } from '../factories';
import { useLiveStreams } from '../support/event-stream';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock();
const suite = useTestSuite({ clock });

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const openStream = useLiveStreams(() => suite.app);

let ipCounter = 0;
const newClient = (ip = `198.18.50.${++ipCounter}`) => new TestClient(suite.app, ip);

/** One account signed in on several browsers, each with its own User-Agent and address. */
async function signedInOn(browsers: Array<{ userAgent?: string; ip?: string }>) {
  const registration = buildRegistration('startup');
  const clients: TestClient[] = [];
  for (const [index, browser] of browsers.entries()) {
    const client = newClient(browser.ip);
    const headers = browser.userAgent ? { 'user-agent': browser.userAgent } : {};
    const response =
      index === 0
        ? await client.request({ method: 'POST', url: '/api/register', headers, payload: registration })
        : await client.request({ method: 'POST', url: '/api/login', headers, payload: { username: registration.username, password: TEST_PASSWORD } });
    expect(response.statusCode).toBeLessThan(300);
    clients.push(client);
  }
  return { registration, clients };
}

async function listOf(client: TestClient): Promise<AccountSession[]> {
  const response = await client.request({ method: 'GET', url: '/api/account/sessions' });
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

describe('what a session keeps about its browser', () => {
  it('masks addresses: IPv4 keeps three octets, IPv6 three groups, IPv4-mapped IPv6 reads as IPv4', () => {
    expect(maskIp('203.0.113.77')).toBe('203.0.113.x');
    expect(maskIp('::ffff:198.51.100.9')).toBe('198.51.100.x');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:x:x:x:x:x');
    expect(maskIp('2001:0db8::1')).toBe('2001:db8:0:x:x:x:x:x');
    expect(maskIp('::1')).toBe('0:0:0:x:x:x:x:x');
    expect(maskIp('fe80::1%eth0')).toBe('fe80:0:0:x:x:x:x:x');
    expect(maskIp('not an address')).toBeNull();
    expect(maskIp(undefined)).toBeNull();
  });

  it('names the browser and the OS, and falls back to "Unknown" when the User-Agent says nothing usable', () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({ browser: 'Chrome 126', os: 'Mac OS 10.15.7' });
    expect(describeUserAgent(FIREFOX_WINDOWS)).toEqual({ browser: 'Firefox 128', os: 'Windows 10' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.5' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
  });
});

describe('GET /api/account/sessions', () => {
  it('lists the caller’s sessions with browser, OS, masked address and times, newest seen first, marking this one', async () => {
    const { clients } = await signedInOn([
      { userAgent: CHROME_MAC, ip: '203.0.113.77' },
      { userAgent: FIREFOX_WINDOWS, ip: '2001:db8:85a3::8a2e:370:7334' },
    ]);
    const [mac, windows] = clients as [TestClient, TestClient];
    const signedInAt = clock.now().toISOString();

    const listed = await listOf(mac);
    expect(listed).toHaveLength(2);
    expect(listed.map((session) => Object.keys(session).sort())).toEqual(
      Array(2).fill(['browser', 'createdAt', 'current', 'id', 'ipApprox', 'lastSeenAt', 'os']),
    );
    const byBrowser = Object.fromEntries(listed.map((session) => [session.browser, session]));
    expect(byBrowser['Chrome 126']).toMatchObject({
      os: 'Mac OS 10.15.7',
      ipApprox: '203.0.113.x',
      current: true,
      createdAt: signedInAt,
      lastSeenAt: signedInAt,
    });
    expect(byBrowser['Firefox 128']).toMatchObject({ os: 'Windows 10', ipApprox: '2001:db8:85a3:x:x:x:x:x', current: false });

    // The ids stand for the sessions in this list only: neither a cookie nor the table's key.
    for (const client of clients) {
      const body = JSON.stringify(listed);
      expect(body).not.toContain(client.sessionToken!);
      expect(body).not.toContain(hashSessionToken(client.sessionToken!));
    }
    expect(listed.every((session) => /^[0-9a-f]{32}$/.test(session.id))).toBe(true);
    // …and the full addresses were never stored.
    const rows = await suite.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(mac.sessionToken!)));
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');

    // The other browser is used a few minutes later: it is now the most recently seen.
    clock.advanceMs(5 * 60_000);
    expect((await windows.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const reordered = await listOf(windows);
    expect(reordered.map((session) => [session.browser, session.current])).toEqual([
      ['Firefox 128', true],
      ['Chrome 126', false],
    ]);
    expect(reordered[0]!.lastSeenAt).toBe(clock.now().toISOString());
  });

  it('shows a browser that sent no User-Agent as unknown, and cuts a huge one before storing it', async () => {
    const { clients } = await signedInOn([{}, { userAgent: `Mozilla/5.0 ${'x'.repeat(5000)}` }]);
    const listed = await listOf(clients[0]!);
    expect(listed.find((session) => session.current)).toMatchObject({ browser: 'Unknown browser', os: 'Unknown OS' });
    const [stored] = await suite.database.db
      .select({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(clients[1]!.sessionToken!)));
    expect(stored!.userAgent).toHaveLength(MAX_USER_AGENT_LENGTH);
  });

  it('needs a session, and shows only the caller’s own', async () => {
    expect((await newClient().request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    const { clients: mine } = await signedInOn([{ userAgent: CHROME_MAC }]);
    await signedInOn([{ userAgent: FIREFOX_WINDOWS }, { userAgent: SAFARI_IPHONE }]);
    expect(await listOf(mine[0]!)).toHaveLength(1);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('ends another of the caller’s sessions: its streams close at once and it is signed out', async () => {
    const { clients } = await signedInOn([{ userAgent: CHROME_MAC }, { userAgent: SAFARI_IPHONE }]);
    const [laptop, phone] = clients as [TestClient, TestClient];
    const phoneStream = await openStream(phone);
    const phoneId = (await listOf(laptop)).find((session) => !session.current)!.id;

    const response = await laptop.request({ method: 'DELETE', url: `/api/account/sessions/${phoneId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, signedOut: false });
    expect(response.cookies.filter((cookie) => cookie.name === 'vm_session')).toEqual([]);
    await expect(phoneStream.next()).rejects.toThrow('the event stream ended');
    expect((await phone.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await listOf(laptop)).map((session) => session.current)).toEqual([true]);

    // Gone now: a second delete is a 404.
    expect((await laptop.request({ method: 'DELETE', url: `/api/account/sessions/${phoneId}` })).statusCode).toBe(404);
  });

  it('answers 404 for another user’s session or an unknown id, and ends nothing', async () => {
    const { clients: mine } = await signedInOn([{ userAgent: CHROME_MAC }]);
    const { clients: theirs } = await signedInOn([{ userAgent: FIREFOX_WINDOWS }]);
    const theirId = (await listOf(theirs[0]!))[0]!.id;

    for (const id of [theirId, '0'.repeat(32), hashSessionToken(theirs[0]!.sessionToken!), theirs[0]!.sessionToken!]) {
      const response = await mine[0]!.request({ method: 'DELETE', url: `/api/account/sessions/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This session was not found. It may have ended already.');
    }
    expect((await theirs[0]!.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await newClient().request({ method: 'DELETE', url: `/api/account/sessions/${theirId}` })).statusCode).toBe(401);
  });

  it('ending the current session signs this browser out, like a logout', async () => {
    const { clients } = await signedInOn([{ userAgent: CHROME_MAC }, { userAgent: SAFARI_IPHONE }]);
    const [laptop, phone] = clients as [TestClient, TestClient];
    const stream = await openStream(laptop);
    const token = laptop.sessionToken!;
    const ownId = (await listOf(laptop)).find((session) => session.current)!.id;

    const response = await laptop.request({ method: 'DELETE', url: `/api/account/sessions/${ownId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, signedOut: true });
    expect(response.cookies.find((cookie) => cookie.name === 'vm_session')?.value).toBe('');
    await expect(stream.next()).rejects.toThrow('the event stream ended');
    // The old cookie, replayed, is refused; the other browser stays signed in.
    expect((await suite.app.inject({ method: 'GET', url: '/api/user', cookies: { vm_session: token } })).statusCode).toBe(401);
    expect((await phone.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});

describe('POST /api/account/sessions/revoke-others', () => {
  it('ends every session but this one, with their streams, and says how many', async () => {
    const { clients } = await signedInOn([{ userAgent: CHROME_MAC }, { userAgent: FIREFOX_WINDOWS }, { userAgent: SAFARI_IPHONE }]);
    const [kept, ...others] = clients as [TestClient, TestClient, TestClient];
    const keptStream = await openStream(kept);
    const otherStreams = await Promise.all(others.map((client) => openStream(client)));

    const response = await kept.request({ method: 'POST', url: '/api/account/sessions/revoke-others' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const stream of otherStreams) await expect(stream.next()).rejects.toThrow('the event stream ended');
    for (const client of others) expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    // This session and its stream carry on.
    const userId = (await kept.request({ method: 'GET', url: '/api/user' })).json().id as number;
    await suite.database.db.transaction((tx) => suite.app.events.publish(tx, [userId], { type: 'message', messageId: -21, senderId: 0, receiverId: userId }));
    expect((await keptStream.next()).data.messageId).toBe(-21);
    expect((await listOf(kept)).map((session) => session.current)).toEqual([true]);
    expect((await kept.request({ method: 'POST', url: '/api/account/sessions/revoke-others' })).json()).toEqual({ ended: 0 });
  });
});
