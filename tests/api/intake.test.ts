// Fair intake (issue #19; docs/intake.md): an investor's weekly cap on startup requests and the
// queue past it (invisible to the investor, "Request queued" to the startup), the hourly release
// at the week's start, investors not open to new deals, a startup's limit of 30 open requests,
// the 30-day expiry with its notification, and the settings of both roles. The clock is the test
// app's: each test starts on a Wednesday of its own week, so one test's week never counts another's.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, investorProfiles, matches, notifications, startupProfiles, users } from '../../src/server/db/schema';
import { decideMatch, expireUnansweredRequests, intakeExposureFactors, releaseQueuedRequests } from '../../src/server/features/matching';
import { intakeExposureFactor } from '../../src/server/features/matching/intake-exposure';
import { OUTGOING_REQUEST_LIMIT, OUTGOING_REQUEST_LIMIT_MESSAGE, WEEKLY_REQUEST_CAP_MESSAGE } from '../../src/shared/contracts/intake';
import { SCHEDULES } from '../../src/server/app-jobs';
import type { UserType } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody, uniqueSuffix } from '../factories';
import { oneSidedAccept } from '../support/match-state';
import { serviceContext } from '../support/service-context';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const DAY_MS = 24 * 60 * 60_000;
const clock = createTestClock(new Date('2026-11-04T12:00:00Z')); // a Wednesday
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.19.${++ipCounter}`);

/** Moves the clock to the next Wednesday 12:00 UTC, so each test has a week of its own. */
function startNextWeek(): void {
  const now = clock.now();
  const sinceWednesday = (now.getUTCDay() + 4) % 7;
  const wednesdayNoon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceWednesday, 12);
  clock.advanceMs(wednesdayNoon + 7 * DAY_MS - now.getTime());
}
/** Monday 00:00 UTC after the clock's Wednesday. */
const nextMonday = () => new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate() + 5));

async function signedIn(userType: UserType, name: string) {
  const client = newClient();
  const { user, registration } = await client.register(userType);
  const payload = userType === 'startup' ? buildStartupProfileBody({ companyName: name }) : buildInvestorProfileBody({ firmName: name });
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload });
  expect(saved.statusCode, saved.body).toBe(200);
  // After a month on the clock the session has expired: signing in again.
  const signInAgain = async () => {
    const response = await client.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: registration.password } });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { client, id: user.id, signInAgain };
}

/** A party inserted directly (no session; its decisions go through the service), with a profile. */
async function inserted(userType: UserType, name: string): Promise<number> {
  const suffix = uniqueSuffix();
  const [user] = await suite.database.db
    .insert(users)
    .values({ username: `${userType}_${suffix}`, email: `${suffix}@intake.example`, passwordHash: 'not-a-login', userType, firstName: 'Test', lastName: name })
    .returning();
  if (userType === 'startup') await suite.database.db.insert(startupProfiles).values({ userId: user!.id, companyName: name, profileCompleteness: 50 });
  else await suite.database.db.insert(investorProfiles).values({ userId: user!.id, firmName: name, profileCompleteness: 50 });
  return user!.id;
}

async function insertMatch(startupId: number, investorId: number, state: Partial<typeof matches.$inferInsert> = {}): Promise<number> {
  const [row] = await suite.database.db
    .insert(matches)
    .values({ startupId, investorId, score: 70, ...state })
    .returning();
  return row!.id;
}

/** `userId` accepts `matchId` through the decision service, as the route would, and the jobs it started run. */
async function acceptAs(userId: number, userType: UserType, matchId: number) {
  const view = await decideMatch(serviceContext(suite.app, { id: userId, userType, sessionId: 'intake-test' }), { matchId, status: 'accepted' });
  await suite.app.jobs.idle();
  return view;
}

/** A new startup asks `investorId`: a fresh match, accepted by the startup. Returns the match id. */
async function requestFromNewStartup(investorId: number, name = 'Asking Co'): Promise<number> {
  const startupId = await inserted('startup', name);
  const matchId = await insertMatch(startupId, investorId);
  await acceptAs(startupId, 'startup', matchId);
  return matchId;
}

const row = async (matchId: number) => (await suite.database.db.select().from(matches).where(eq(matches.id, matchId)))[0]!;
const get = async (client: TestClient, url: string) => {
  const response = await client.request({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const putSettings = (client: TestClient, payload: Record<string, unknown>) => client.request({ method: 'PUT', url: '/api/intake-settings', payload });
const notificationsOf = (recipientId: number, type: string) =>
  suite.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.type, type)));
const interestEntries = (userId: number) =>
  suite.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, 'interest_received')));
const release = async () => {
  await releaseQueuedRequests(serviceContext(suite.app));
  await suite.app.jobs.idle();
};
const expire = async () => {
  const expired = await expireUnansweredRequests(serviceContext(suite.app));
  await suite.app.jobs.idle();
  return expired;
};

describe('the investor’s weekly cap', () => {
  it('delivers 25 startup requests a week and queues the 26th, unseen by the investor and "Request queued" to the startup', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Capped Capital');
    const delivered: number[] = [];
    for (let index = 0; index < 25; index++) delivered.push(await requestFromNewStartup(investor.id, `Early ${index}`));
    const asker = await signedIn('startup', 'Twenty Sixth');
    const queuedId = await insertMatch(asker.id, investor.id);
    const answer = await asker.client.request({ method: 'POST', url: `/api/matches/${queuedId}/update`, payload: { status: 'accepted' } });
    expect(answer.statusCode, answer.body).toBe(200);

    // Stored: the 25 reached the investor now; the 26th waits for Monday 00:00 UTC.
    expect(await row(delivered[24]!)).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null, requestedAt: clock.now() });
    expect(await row(queuedId)).toMatchObject({
      startupDecision: 'accepted',
      requestDeliveredAt: null,
      requestQueuedUntil: nextMonday(),
      requestedAt: clock.now(),
    });

    // The startup: queued, not rejected; no expiry while it has not been delivered.
    expect(answer.json()).toMatchObject({ status: 'pending', myDecision: 'accepted', theirDecision: 'pending', requestQueued: true, requestExpiresAt: null });
    const startupList = await get(asker.client, '/api/matches/startup');
    expect(startupList.items.find((match: { id: number }) => match.id === queuedId)).toMatchObject({ requestQueued: true });

    // The investor: 25 requests, and one plain pending match; the queue is a count of its own.
    const list = await get(investor.client, '/api/matches/investor?limit=100');
    expect(list.queuedRequests).toBe(1);
    expect(list.counts).toMatchObject({ total: 26, pending: 26 });
    const seen = (id: number) => list.items.find((match: { id: number }) => match.id === id);
    expect(seen(queuedId)).toMatchObject({ theirDecision: 'pending', myDecision: 'pending', requestQueued: false, requestExpiresAt: null });
    expect(seen(delivered[0]!)).toMatchObject({ theirDecision: 'accepted', requestExpiresAt: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString() });
    // Requests waiting for the investor come first; the queued one is not among them.
    expect(
      list.items
        .slice(0, 25)
        .map((match: { id: number }) => match.id)
        .sort(),
    ).toEqual([...delivered].sort());
    expect((await get(investor.client, `/api/matches/${queuedId}`)).theirDecision).toBe('pending');
    expect((await get(investor.client, '/api/dashboard/stats')).connectionRequests).toBe(25);
    expect(await notificationsOf(investor.id, 'connection_requested')).toHaveLength(25);
    expect(await interestEntries(investor.id)).toHaveLength(25);
    expect(await get(investor.client, '/api/intake-settings')).toEqual({
      userType: 'investor',
      openToNewDeals: true,
      weeklyRequestCap: 25,
      requestsThisWeek: 25,
      queuedRequests: 1,
      weekEndsAt: nextMonday().toISOString(),
    });

    // The hourly job before Monday leaves it waiting.
    await release();
    expect((await row(queuedId)).requestQueuedUntil).toEqual(nextMonday());

    // Monday 00:30 UTC: a new week, and the queued request is delivered as if just made.
    const monday = nextMonday();
    clock.advanceMs(monday.getTime() + 30 * 60_000 - clock.now().getTime());
    await release();
    expect(await row(queuedId)).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null });
    const released = await get(investor.client, '/api/matches/investor?limit=100');
    expect(released.queuedRequests).toBe(0);
    expect(released.items[0]).toMatchObject({ id: queuedId, theirDecision: 'accepted' });
    expect((await get(investor.client, '/api/dashboard/stats')).connectionRequests).toBe(26);
    const requested = await notificationsOf(investor.id, 'connection_requested');
    expect(requested).toHaveLength(26);
    expect(requested.some((item) => item.payload.matchId === queuedId && item.payload.partnerId === asker.id)).toBe(true);
    expect(await interestEntries(investor.id)).toHaveLength(26);
    expect(await get(asker.client, `/api/matches/${queuedId}`)).toMatchObject({
      requestQueued: false,
      requestExpiresAt: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
    });

    // A second run delivers nothing twice.
    await release();
    expect(await notificationsOf(investor.id, 'connection_requested')).toHaveLength(26);
  });

  it('releases the oldest requests first, up to the new week’s cap; the rest wait another week', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Small Fund');
    expect((await putSettings(investor.client, { weeklyRequestCap: 1 })).statusCode).toBe(200);
    const first = await requestFromNewStartup(investor.id);
    const queued: number[] = [];
    for (let index = 0; index < 3; index++) {
      clock.advanceMs(60_000);
      queued.push(await requestFromNewStartup(investor.id));
    }
    expect((await row(first)).requestDeliveredAt).not.toBeNull();
    for (const id of queued) expect((await row(id)).requestQueuedUntil).toEqual(nextMonday());

    const monday = nextMonday();
    clock.advanceMs(monday.getTime() + 60 * 60_000 - clock.now().getTime());
    await release();
    const [oldest, ...rest] = await Promise.all(queued.map(row));
    expect(oldest).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null });
    const followingMonday = new Date(monday.getTime() + 7 * DAY_MS);
    for (const waiting of rest) expect(waiting).toMatchObject({ requestDeliveredAt: null, requestQueuedUntil: followingMonday });
  });

  it('counts answered requests too: declining one does not make room for another the same week', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Answering Fund');
    expect((await putSettings(investor.client, { weeklyRequestCap: 1 })).statusCode).toBe(200);
    const first = await requestFromNewStartup(investor.id);
    const declined = await investor.client.request({ method: 'POST', url: `/api/matches/${first}/update`, payload: { status: 'rejected' } });
    expect(declined.statusCode).toBe(200);
    // The answer closed the request (no expiry, nothing open) but it still counts for this week.
    expect(await row(first)).toMatchObject({ status: 'rejected', requestedAt: null, requestQueuedUntil: null });
    expect((await get(investor.client, '/api/intake-settings')).requestsThisWeek).toBe(1);
    const second = await requestFromNewStartup(investor.id);
    expect((await row(second)).requestQueuedUntil).toEqual(nextMonday());
  });

  it('accepting a queued request connects the pair: the investor chose it', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Choosing Fund');
    expect((await putSettings(investor.client, { weeklyRequestCap: 1 })).statusCode).toBe(200);
    await requestFromNewStartup(investor.id);
    const asker = await signedIn('startup', 'Queued Co');
    const matchId = await insertMatch(asker.id, investor.id);
    await asker.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect((await row(matchId)).requestQueuedUntil).not.toBeNull();

    const accepted = await investor.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', myDecision: 'accepted', theirDecision: 'accepted' });
    expect(await row(matchId)).toMatchObject({ status: 'accepted', requestedAt: null, requestDeliveredAt: null, requestQueuedUntil: null });
    expect(await get(asker.client, `/api/matches/${matchId}`)).toMatchObject({ status: 'accepted', requestQueued: false });
    expect(await notificationsOf(asker.id, 'connection_made')).toHaveLength(1);
    // Not a delivered request: the week's count is the one delivered before.
    expect((await get(investor.client, '/api/intake-settings')).requestsThisWeek).toBe(1);
  });

  it('never caps an investor’s own requests', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Closed But Asking');
    expect((await putSettings(investor.client, { openToNewDeals: false, weeklyRequestCap: 1 })).statusCode).toBe(200);
    const startup = await signedIn('startup', 'Asked Co');
    const matchId = await insertMatch(startup.id, investor.id);
    const asked = await investor.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect(asked.statusCode).toBe(200);
    expect(await row(matchId)).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null });
    expect(await get(startup.client, `/api/matches/${matchId}`)).toMatchObject({ theirDecision: 'accepted', requestQueued: false });
    expect(await notificationsOf(startup.id, 'connection_requested')).toHaveLength(1);
  });
});

describe('investors not open to new deals', () => {
  it('queue every startup request until they open up, which releases them at once up to the cap', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Closed Fund');
    const closed = await putSettings(investor.client, { openToNewDeals: false, weeklyRequestCap: 2 });
    expect(closed.statusCode, closed.body).toBe(200);
    const asked = [await requestFromNewStartup(investor.id), await requestFromNewStartup(investor.id), await requestFromNewStartup(investor.id)];
    for (const id of asked) expect((await row(id)).requestQueuedUntil).toEqual(nextMonday());
    expect(await notificationsOf(investor.id, 'connection_requested')).toHaveLength(0);
    expect((await get(investor.client, '/api/dashboard/stats')).connectionRequests).toBe(0);

    // Still closed on Monday: the job checks again, and they wait another week.
    const monday = nextMonday();
    clock.advanceMs(monday.getTime() + 60 * 60_000 - clock.now().getTime());
    await release();
    for (const id of asked) expect((await row(id)).requestQueuedUntil).toEqual(new Date(monday.getTime() + 7 * DAY_MS));

    // Opening up delivers the oldest two now (the cap), not next week.
    const opened = await putSettings(investor.client, { openToNewDeals: true });
    await suite.app.jobs.idle();
    expect(opened.json()).toMatchObject({ openToNewDeals: true, weeklyRequestCap: 2, requestsThisWeek: 2, queuedRequests: 1 });
    expect(await row(asked[0]!)).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null });
    expect(await row(asked[1]!)).toMatchObject({ requestDeliveredAt: clock.now(), requestQueuedUntil: null });
    expect((await row(asked[2]!)).requestQueuedUntil).not.toBeNull();
    expect(await notificationsOf(investor.id, 'connection_requested')).toHaveLength(2);

    // Raising the cap makes room for the last one at once too.
    expect((await putSettings(investor.client, { weeklyRequestCap: 3 })).json()).toMatchObject({ requestsThisWeek: 3, queuedRequests: 0 });
  });
});

describe('a startup’s outgoing limit', () => {
  it(`refuses the ${OUTGOING_REQUEST_LIMIT + 1}st open request (queued ones count) and still lets a pair connect`, async () => {
    startNextWeek();
    const startup = await signedIn('startup', 'Eager Co');
    for (let index = 0; index < OUTGOING_REQUEST_LIMIT; index++) {
      const investorId = await inserted('investor', `Fund ${index}`);
      // One of them waits in its investor's queue: it is still waiting for an answer.
      await insertMatch(startup.id, investorId, {
        ...oneSidedAccept('startup'),
        requestedAt: clock.now(),
        ...(index === 0 ? { requestQueuedUntil: nextMonday() } : {}),
      });
    }
    expect(await get(startup.client, '/api/intake-settings')).toEqual({ userType: 'startup', raisingNow: true, openRequests: 30, openRequestLimit: 30 });

    const oneMore = await insertMatch(startup.id, await inserted('investor', 'One More Fund'));
    const refused = await startup.client.request({ method: 'POST', url: `/api/matches/${oneMore}/update`, payload: { status: 'accepted' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OUTGOING_REQUEST_LIMIT_MESSAGE);
    expect(refused.json().message).toBe('You have 30 requests waiting for an answer. You can send more as investors answer or requests expire.');
    expect((await row(oneMore)).startupDecision).toBe('pending');

    // Accepting where the investor already asked connects: always allowed.
    const theirRequest = await insertMatch(startup.id, await inserted('investor', 'Asking Fund'), oneSidedAccept('investor'));
    const connected = await startup.client.request({ method: 'POST', url: `/api/matches/${theirRequest}/update`, payload: { status: 'accepted' } });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().status).toBe('accepted');

    // An answer makes room.
    const [answered] = await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, startup.id), eq(matches.startupDecision, 'accepted'), eq(matches.status, 'pending')))
      .limit(1);
    await suite.database.db.update(matches).set({ investorDecision: 'rejected', status: 'rejected' }).where(eq(matches.id, answered!.id));
    const now = await startup.client.request({ method: 'POST', url: `/api/matches/${oneMore}/update`, payload: { status: 'accepted' } });
    expect(now.statusCode, now.body).toBe(200);
  });
});

describe('expiry of unanswered requests', () => {
  it('after 30 days the asker’s answer goes back to pending, with a notification, once', async () => {
    startNextWeek();
    const startup = await signedIn('startup', 'Patient Co');
    const investor = await signedIn('investor', 'Silent Fund');
    const matchId = await insertMatch(startup.id, investor.id);
    await startup.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    const deliveredAt = clock.now();
    expect((await get(startup.client, `/api/matches/${matchId}`)).requestExpiresAt).toBe(new Date(deliveredAt.getTime() + 30 * DAY_MS).toISOString());

    clock.advanceMs(30 * DAY_MS - 60_000);
    await expire();
    expect((await row(matchId)).startupDecision).toBe('accepted');

    clock.advanceMs(60_000);
    await expire();
    await startup.signInAgain();
    await investor.signInAgain();
    expect(await row(matchId)).toMatchObject({
      status: 'pending',
      startupDecision: 'pending',
      investorDecision: 'pending',
      requestedAt: null,
      requestDeliveredAt: null,
      requestQueuedUntil: null,
      requestExpiredAt: clock.now(),
    });
    const told = await notificationsOf(startup.id, 'connection_request_expired');
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toEqual({ matchId, partnerId: investor.id });
    // What the bell says and where it leads: the match, on the tab it is on now.
    const { items } = await get(startup.client, '/api/notifications');
    expect(items.find((item: { type: string }) => item.type === 'connection_request_expired')).toMatchObject({
      sentence: 'Your request to Silent Fund expired after 30 days without an answer',
      target: { kind: 'match', matchId, tab: 'pending' },
    });
    expect(await get(startup.client, `/api/matches/${matchId}`)).toMatchObject({ myDecision: 'pending', requestExpiresAt: null });
    expect((await get(investor.client, '/api/dashboard/stats')).connectionRequests).toBe(0);

    // Idempotent: a second run the same day changes and tells nothing more.
    await expire();
    expect(await notificationsOf(startup.id, 'connection_request_expired')).toHaveLength(1);
    // The startup may ask again.
    const again = await startup.client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status: 'accepted' } });
    expect(again.json()).toMatchObject({ myDecision: 'accepted', requestExpiresAt: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString() });
  });

  it('expires an investor’s request the same way, and never a queued one', async () => {
    startNextWeek();
    const startup = await signedIn('startup', 'Busy Co');
    const investor = await signedIn('investor', 'Keen Fund');
    const theirs = await insertMatch(startup.id, investor.id);
    await investor.client.request({ method: 'POST', url: `/api/matches/${theirs}/update`, payload: { status: 'accepted' } });
    const queued = await insertMatch(await inserted('startup', 'Waiting Co'), investor.id, {
      ...oneSidedAccept('startup'),
      requestedAt: clock.now(),
      requestQueuedUntil: nextMonday(),
    });
    clock.advanceMs(31 * DAY_MS);
    await expire();
    expect(await row(theirs)).toMatchObject({ investorDecision: 'pending', requestExpiredAt: clock.now() });
    expect(await notificationsOf(investor.id, 'connection_request_expired')).toHaveLength(1);
    expect(await row(queued)).toMatchObject({ startupDecision: 'accepted', requestExpiredAt: null });
  });

  it('runs as durable schedules: hourly release, daily expiry', () => {
    expect(SCHEDULES).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'intake-release', intervalMs: 60 * 60_000 }),
        expect.objectContaining({ name: 'intake-expiry', intervalMs: 24 * 60 * 60_000 }),
      ]),
    );
  });
});

describe('GET and PUT /api/intake-settings', () => {
  it('answers each role its own fields and saves only those', async () => {
    startNextWeek();
    const investor = await signedIn('investor', 'Settings Fund');
    const startup = await signedIn('startup', 'Settings Co');
    expect(await get(investor.client, '/api/intake-settings')).toMatchObject({
      userType: 'investor',
      openToNewDeals: true,
      weeklyRequestCap: 25,
      requestsThisWeek: 0,
    });
    const saved = await putSettings(investor.client, { openToNewDeals: false, weeklyRequestCap: 40 });
    expect(saved.json()).toMatchObject({ openToNewDeals: false, weeklyRequestCap: 40 });
    expect(await get(investor.client, '/api/intake-settings')).toMatchObject({ openToNewDeals: false, weeklyRequestCap: 40 });

    const raising = await putSettings(startup.client, { raisingNow: false });
    expect(raising.json()).toEqual({ userType: 'startup', raisingNow: false, openRequests: 0, openRequestLimit: 30 });

    expect((await putSettings(startup.client, { weeklyRequestCap: 10 })).json().message).toBe(
      'Only investors set whether they are open to new deals and a weekly limit.',
    );
    expect((await putSettings(investor.client, { raisingNow: true })).json().message).toBe('Only startups set whether they are raising now.');
  });

  it.each([0, 501, 2.5, '10', null])('refuses a weekly limit of %j with the sentence', async (weeklyRequestCap) => {
    const investor = await signedIn('investor', 'Strict Fund');
    const refused = await putSettings(investor.client, { weeklyRequestCap });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(WEEKLY_REQUEST_CAP_MESSAGE);
    expect(WEEKLY_REQUEST_CAP_MESSAGE).toBe('The weekly limit must be a whole number from 1 to 500');
  });

  it('refuses unknown fields, callers without a profile, and anonymous callers', async () => {
    const investor = await signedIn('investor', 'Plain Fund');
    expect((await putSettings(investor.client, { somethingElse: true })).statusCode).toBe(400);
    const bare = newClient();
    await bare.register('investor');
    const noProfile = await putSettings(bare, { weeklyRequestCap: 5 });
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().message).toBe('Save your profile first: these settings are part of it.');
    expect((await newClient().request({ method: 'GET', url: '/api/intake-settings' })).statusCode).toBe(401);
  });
});

describe('congestion from intake (ranking only)', () => {
  it('ranks an investor with room at 1, at the cap at 1/√2, lower with every queued request, and a closed one as full', () => {
    const base = { openToNewDeals: true, weeklyRequestCap: 10, deliveredThisWeek: 0, queued: 0 };
    expect(intakeExposureFactor({ ...base, deliveredThisWeek: 9 })).toBe(1);
    expect(intakeExposureFactor({ ...base, deliveredThisWeek: 10 })).toBeCloseTo(Math.SQRT1_2);
    expect(intakeExposureFactor({ ...base, deliveredThisWeek: 10, queued: 5 })).toBeCloseTo((1 + 15 / 10) ** -0.5);
    expect(intakeExposureFactor({ ...base, openToNewDeals: false })).toBeCloseTo(Math.SQRT1_2);
  });

  it('reads each investor’s week and queue from the database', async () => {
    startNextWeek();
    const roomy = await inserted('investor', 'Roomy Fund');
    const full = await inserted('investor', 'Full Fund');
    await suite.database.db.update(investorProfiles).set({ weeklyRequestCap: 1 }).where(eq(investorProfiles.userId, full));
    await requestFromNewStartup(full);
    await requestFromNewStartup(full);
    await requestFromNewStartup(roomy);
    const factors = await intakeExposureFactors(suite.database.db, { investorIds: [roomy, full], now: clock.now() });
    expect(factors.has(roomy)).toBe(false);
    expect(factors.get(full)).toBeCloseTo((1 + 2 / 1) ** -0.5);
  });
});
