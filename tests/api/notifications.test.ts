// The notification centre (issue #18; docs/notifications.md): every type is created from its
// feature's change, after that change commits, with its sentence and target composed when read;
// message notifications collapse per conversation; read, read-all, the unread count and the
// unread filter; the live `notifications_changed` event; the 90-day sweep; and silence for a
// blocked pair.
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { and, eq, inArray } from 'drizzle-orm';
import { SCHEDULES } from '../../src/server/app-jobs';
import { jobs, matches, milestones, notifications } from '../../src/server/db/schema';
import { notify, remindDueMilestones, sweepOldNotifications } from '../../src/server/features/notifications';
import type { Notification, NotificationPage } from '../../src/shared/contracts/notifications';
import { NEW_MATCH_NOTIFICATION_MIN_SCORE, NOTIFICATION_RETENTION_DAYS } from '../../src/shared/contracts/notifications';
import { TEST_PASSWORD } from '../factories';
import { pdfBytes } from '../support/document-fixtures';
import { useLiveStreams } from '../support/event-stream';
import { connectPair } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { serviceContext } from '../support/service-context';
import { healthParties, type Party } from '../support/health-parties';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
const openStream = useLiveStreams(() => suite.app);
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.40.${++ipCounter}`);

const parties = healthParties(newClient);
const startupWithProfile = (companyName = 'Bell Health') => parties.startupWithProfile(companyName);
const investorWithProfile = (firmName = 'Bell Capital') => parties.investorWithProfile(firmName);

/** A pair with a pending match nobody answered yet. */
async function matchedPair(names: { company?: string; firm?: string } = {}) {
  const startup = await startupWithProfile(names.company);
  const investor = await investorWithProfile(names.firm);
  const [row] = await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: investor.user.id, score: 80 }).returning();
  return { startup, investor, matchId: row!.id };
}

async function connectedPair(names: { company?: string; firm?: string } = {}) {
  const pair = await matchedPair(names);
  await connectPair(pair.startup.client, pair.investor.client, pair.matchId);
  return pair;
}

const decide = (client: TestClient, matchId: number, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload });
const send = (from: Party, to: Party, content = 'Hello') =>
  from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });

async function page(client: TestClient, query = ''): Promise<NotificationPage> {
  const response = await client.request({ method: 'GET', url: `/api/notifications${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const all = async (client: TestClient): Promise<Notification[]> => (await page(client, '?limit=100')).items;
const ofType = async (client: TestClient, type: string) => (await all(client)).filter((item) => item.type === type);
async function unread(client: TestClient): Promise<number> {
  const response = await client.request({ method: 'GET', url: '/api/notifications/unread-count' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { unread: number }).unread;
}

async function uploadDeck(client: TestClient, name = 'Deck') {
  const { payload, headers } = multipartPayload({ name, type: 'Pitch Deck' }, { filename: 'deck.pdf', content: pdfBytes(2), contentType: 'application/pdf' });
  const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('notifications of matches and connections', () => {
  it('an accept the other side has not answered is a request; the second accept tells only the side that did not decide last', async () => {
    const { startup, investor, matchId } = await matchedPair({ company: 'Request Health', firm: 'Request Capital' });
    expect((await decide(startup.client, matchId, { status: 'accepted' })).statusCode).toBe(200);
    const [request] = await ofType(investor.client, 'connection_requested');
    expect(request).toMatchObject({ sentence: 'Request Health wants to connect with you', target: { kind: 'match', matchId, tab: 'pending' }, readAt: null });
    expect(await ofType(startup.client, 'connection_requested')).toEqual([]);

    expect((await decide(investor.client, matchId, { status: 'accepted' })).statusCode).toBe(200);
    const [made] = await ofType(startup.client, 'connection_made');
    expect(made).toMatchObject({ sentence: 'You are now connected with Request Capital', target: { kind: 'match', matchId, tab: 'accepted' } });
    expect(await ofType(investor.client, 'connection_made')).toEqual([]);
    // The request's target follows the match to the tab it is on now.
    const [requestNow] = await ofType(investor.client, 'connection_requested');
    expect(requestNow!.target).toEqual({ kind: 'match', matchId, tab: 'accepted' });
  });

  it('a decline tells the other side only when the reason is shared', async () => {
    const shared = await matchedPair({ company: 'Declined Health', firm: 'Frank Capital' });
    expect((await decide(shared.investor.client, shared.matchId, { status: 'rejected', reason: 'stage', shareReason: true })).statusCode).toBe(200);
    const [declined] = await ofType(shared.startup.client, 'connection_declined');
    expect(declined).toMatchObject({
      sentence: 'Frank Capital declined your match: not my stage',
      target: { kind: 'match', matchId: shared.matchId, tab: 'rejected' },
    });

    const kept = await matchedPair({ firm: 'Quiet Capital' });
    expect((await decide(kept.investor.client, kept.matchId, { status: 'rejected', reason: 'stage' })).statusCode).toBe(200);
    expect(await all(kept.startup.client)).toEqual([]);
  });

  it('ending a connection tells the other side; a block stays silent', async () => {
    const ended = await connectedPair({ company: 'Ending Health' });
    expect((await ended.startup.client.request({ method: 'POST', url: `/api/matches/${ended.matchId}/disconnect` })).statusCode).toBe(200);
    const [notification] = await ofType(ended.investor.client, 'connection_ended');
    expect(notification).toMatchObject({ sentence: 'Ending Health ended your connection', target: { kind: 'match', matchId: ended.matchId, tab: 'pending' } });

    const blocked = await connectedPair();
    const before = await all(blocked.investor.client);
    expect((await blocked.startup.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blocked.investor.user.id } })).statusCode).toBe(201);
    expect(await ofType(blocked.investor.client, 'connection_ended')).toEqual([]);
    // The match is gone with the block: its earlier notifications lead nowhere now.
    const after = await all(blocked.investor.client);
    expect(after.map((item) => item.id)).toEqual(before.map((item) => item.id));
    expect(after.every((item) => item.target === null)).toBe(true);
  });

  it(`a generation run tells each counterpart of new matches scoring ${NEW_MATCH_NOTIFICATION_MIN_SCORE} or more, collapsed while unread`, async () => {
    const investor = await investorWithProfile('Scouted Capital');
    const first = await startupWithProfile('First Run Health');
    const second = await startupWithProfile('Second Run Health');
    for (const startup of [first, second]) {
      const run = await startup.client.request({ method: 'POST', url: '/api/generate-matches' });
      expect(run.statusCode, run.body).toBe(200);
    }
    const scores = await suite.database.db.select({ score: matches.score }).from(matches).where(eq(matches.investorId, investor.user.id));
    const high = scores.filter((row) => row.score >= NEW_MATCH_NOTIFICATION_MIN_SCORE).length;
    expect(high, 'the profiles fit well enough to score above the threshold').toBe(2);
    const items = await ofType(investor.client, 'new_matches');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sentence: `2 new matches scoring ${NEW_MATCH_NOTIFICATION_MIN_SCORE} or more`, target: { kind: 'matches' } });
    // The one who ran it is not told.
    expect(await ofType(first.client, 'new_matches')).toEqual([]);
  });
});

describe('new matches and each counterpart’s own threshold', () => {
  it('a generation run tells a counterpart whose threshold the match reaches, and not one whose threshold it misses', async () => {
    const lowered = await investorWithProfile('Wide Net Capital');
    const raised = await investorWithProfile('Narrow Capital');
    const threshold = (client: TestClient, newMatchMinScore: number) =>
      client.request({ method: 'PUT', url: '/api/account/notification-preferences', payload: { newMatchMinScore } });
    expect((await threshold(lowered.client, 0)).statusCode).toBe(200);
    expect((await threshold(raised.client, 100)).statusCode).toBe(200);
    const startup = await startupWithProfile('Threshold Health');
    expect((await startup.client.request({ method: 'POST', url: '/api/generate-matches' })).statusCode).toBe(200);
    const scores = await suite.database.db
      .select({ score: matches.score })
      .from(matches)
      .where(inArray(matches.investorId, [lowered.user.id, raised.user.id]));
    expect(scores, 'both investors were matched').toHaveLength(2);
    expect(scores.every((row) => row.score < 100)).toBe(true);
    expect(await ofType(lowered.client, 'new_matches')).toMatchObject([{ sentence: '1 new match scoring 0 or more' }]);
    expect(await ofType(raised.client, 'new_matches')).toEqual([]);
  });
});

describe('notifications of the data room', () => {
  it('the founder sees "{firm} opened {document}", then the time spent once the view closes, on the same notification', async () => {
    const { startup, investor } = await connectedPair({ firm: 'Opening Capital' });
    const documentId = await uploadDeck(startup.client, 'Pitch deck');
    expect(
      (await startup.client.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: investor.user.id } })).statusCode,
    ).toBe(201);
    const opened = await investor.client.request({ method: 'POST', url: `/api/documents/${documentId}/views` });
    expect(opened.statusCode, opened.body).toBe(201);
    const [notification] = await ofType(startup.client, 'document_opened');
    expect(notification).toMatchObject({ sentence: 'Opening Capital opened Pitch deck', target: { kind: 'document_analytics', documentId } });

    const { viewId } = opened.json() as { viewId: number };
    const closed = await investor.client.request({
      method: 'POST',
      url: `/api/documents/${documentId}/views/${viewId}/close`,
      payload: { durationMs: 4 * 60_000 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await ofType(startup.client, 'document_opened');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: notification!.id, sentence: 'Opening Capital opened Pitch deck · 4 min' });

    // A deleted document reads sensibly and leads nowhere.
    expect((await startup.client.request({ method: 'DELETE', url: `/api/documents/${documentId}` })).statusCode).toBe(200);
    const [gone] = await ofType(startup.client, 'document_opened');
    expect(gone).toMatchObject({ sentence: 'Opening Capital opened a deleted document · 4 min', target: null });
  });

  it('the investor hears of access granted (by hand and by auto-share on connecting) and revoked', async () => {
    const pair = await matchedPair({ company: 'Sharing Health' });
    const autoShared = await uploadDeck(pair.startup.client, 'Auto deck');
    expect(
      (await pair.startup.client.request({ method: 'PUT', url: '/api/data-room/settings', payload: { autoShareCategories: ['Pitch Deck'] } })).statusCode,
    ).toBe(200);
    await connectPair(pair.startup.client, pair.investor.client, pair.matchId);
    const [auto] = await ofType(pair.investor.client, 'document_access_granted');
    expect(auto).toMatchObject({ sentence: 'Sharing Health shared Auto deck with you', target: { kind: 'shared_documents', documentId: autoShared } });

    const byHand = await uploadDeck(pair.startup.client, 'Hand deck');
    expect(
      (await pair.startup.client.request({ method: 'POST', url: `/api/documents/${byHand}/access`, payload: { userId: pair.investor.user.id } })).statusCode,
    ).toBe(201);
    expect((await pair.startup.client.request({ method: 'DELETE', url: `/api/documents/${byHand}/access/${pair.investor.user.id}` })).statusCode).toBe(200);
    const granted = await ofType(pair.investor.client, 'document_access_granted');
    const handGrant = granted.find((item) => item.sentence === 'Sharing Health shared Hand deck with you');
    // Access is gone again: the grant's notification no longer picks the document.
    expect(handGrant?.target).toEqual({ kind: 'shared_documents', documentId: null });
    const [revoked] = await ofType(pair.investor.client, 'document_access_revoked');
    expect(revoked).toMatchObject({ sentence: 'Sharing Health took back your access to Hand deck', target: { kind: 'shared_documents', documentId: null } });
  });
});

describe('notifications of shared milestones', () => {
  it('the partner hears of a milestone created or changed by the other side, not of their own', async () => {
    const { startup, investor } = await connectedPair({ company: 'Planning Health' });
    const created = await startup.client.request({
      method: 'POST',
      url: '/api/milestones',
      payload: { title: 'Close the round', investorId: investor.user.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const milestoneId = (created.json() as { id: number }).id;
    expect(
      (await investor.client.request({ method: 'POST', url: `/api/milestones/${milestoneId}/update`, payload: { status: 'in_progress' } })).statusCode,
    ).toBe(200);

    const [forInvestor] = await ofType(investor.client, 'milestone_changed');
    expect(forInvestor).toMatchObject({
      sentence: 'Planning Health added the milestone "Close the round"',
      target: { kind: 'milestones', partnerId: startup.user.id },
    });
    const forStartup = await ofType(startup.client, 'milestone_changed');
    expect(forStartup).toHaveLength(1);
    expect(forStartup[0]).toMatchObject({
      sentence: 'Bell Capital started the milestone "Close the round"',
      target: { kind: 'milestones', partnerId: investor.user.id },
    });
  });

  it('a milestone due within 24 hours reminds both parties once per milestone and due date', async () => {
    const { startup, investor } = await connectedPair({ company: 'Due Health', firm: 'Due Capital' });
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [due] = await suite.database.db
      .insert(milestones)
      .values({ startupId: startup.user.id, investorId: investor.user.id, title: 'Board deck', date: tomorrow })
      .returning();
    await suite.database.db.insert(milestones).values({ startupId: startup.user.id, investorId: investor.user.id, title: 'Later', date: later });

    await remindDueMilestones(serviceContext(suite.app));
    await remindDueMilestones(serviceContext(suite.app));
    const [forStartup] = await ofType(startup.client, 'milestone_due');
    expect(await ofType(startup.client, 'milestone_due')).toHaveLength(1);
    expect(forStartup).toMatchObject({
      sentence: `"Board deck" with Due Capital is due on ${tomorrow}`,
      target: { kind: 'milestones', partnerId: investor.user.id },
    });
    expect(await ofType(investor.client, 'milestone_due')).toHaveLength(1);

    // A new due date is a new reminder.
    await suite.database.db
      .update(milestones)
      .set({ date: clock.now().toISOString().slice(0, 10) })
      .where(eq(milestones.id, due!.id));
    await remindDueMilestones(serviceContext(suite.app));
    expect(await ofType(investor.client, 'milestone_due')).toHaveLength(2);
    expect(SCHEDULES.map((schedule) => schedule.job)).toContain('notifications.remind-due-milestones');
  });
});

describe('message notifications collapse per conversation', () => {
  it('three messages are one unread notification counting 3; reading the conversation reads it; the next message starts a new one', async () => {
    const { startup, investor } = await connectedPair({ company: 'Chatty Health' });
    for (const text of ['One', 'Two', 'Three']) expect((await send(startup, investor, text)).statusCode).toBe(201);
    const [collapsed, ...others] = await ofType(investor.client, 'message');
    expect(others).toEqual([]);
    expect(collapsed).toMatchObject({
      sentence: 'Chatty Health sent you 3 messages',
      target: { kind: 'conversation', partnerId: startup.user.id },
      readAt: null,
    });
    // Ids and counts only: the text is never stored.
    const [stored] = await suite.database.db.select().from(notifications).where(eq(notifications.id, collapsed!.id));
    expect(JSON.stringify(stored!.payload)).not.toMatch(/One|Two|Three/);

    expect((await investor.client.request({ method: 'POST', url: `/api/messages/${startup.user.id}/read-all` })).statusCode).toBe(200);
    const [read] = await ofType(investor.client, 'message');
    expect(read!.readAt).not.toBeNull();

    expect((await send(startup, investor, 'Four')).statusCode).toBe(201);
    const messagesNow = await ofType(investor.client, 'message');
    expect(messagesNow).toHaveLength(2);
    expect(messagesNow[0]).toMatchObject({ sentence: 'Chatty Health sent you a message', readAt: null });
  });

  it('a message read before its notification is delivered makes none', async () => {
    const { startup, investor } = await connectedPair();
    expect(
      (
        await startup.client.request(
          { method: 'POST', url: '/api/messages', payload: { receiverId: investor.user.id, content: 'Quick' } },
          { waitForBackground: false },
        )
      ).statusCode,
    ).toBe(201);
    await investor.client.request({ method: 'POST', url: `/api/messages/${startup.user.id}/read-all` }, { waitForBackground: false });
    await suite.app.jobs.idle();
    expect(await ofType(investor.client, 'message')).toEqual([]);
  });
});

describe('reading notifications', () => {
  async function withNotifications(count: number) {
    const { startup, investor } = await connectedPair();
    // Each its own notification: milestones created by the startup.
    for (let index = 0; index < count; index++) {
      clock.advanceMs(1000);
      const created = await startup.client.request({
        method: 'POST',
        url: '/api/milestones',
        payload: { title: `Step ${index}`, investorId: investor.user.id },
      });
      expect(created.statusCode).toBe(201);
    }
    return { startup, investor };
  }

  it('pages newest first with a cursor, filters unread, and marks one or all read (each only the caller’s own)', async () => {
    const { startup, investor } = await withNotifications(5);
    // The connection made earlier is the startup's too; the investor has 5 milestones and the request.
    const everything = await all(investor.client);
    expect(everything.map((item) => item.sentence).slice(0, 2)).toEqual([
      'Bell Health added the milestone "Step 4"',
      'Bell Health added the milestone "Step 3"',
    ]);

    const first = await page(investor.client, '?limit=2');
    expect(first.items.map((item) => item.id)).toEqual(everything.slice(0, 2).map((item) => item.id));
    const second = await page(investor.client, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual(everything.slice(2, 4).map((item) => item.id));

    const target = everything[1]!;
    // Someone else's notification does not exist for the caller.
    expect((await startup.client.request({ method: 'POST', url: `/api/notifications/${target.id}/read` })).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'POST', url: '/api/notifications/999999/read' })).statusCode).toBe(404);
    const before = await unread(investor.client);
    expect((await investor.client.request({ method: 'POST', url: `/api/notifications/${target.id}/read` })).statusCode).toBe(200);
    expect(await unread(investor.client)).toBe(before - 1);

    // The unread filter skips the read one and pages too.
    const unreadFirst = await page(investor.client, '?filter=unread&limit=2');
    expect(unreadFirst.items.map((item) => item.id)).toEqual([everything[0]!.id, everything[2]!.id]);
    const unreadSecond = await page(investor.client, `?filter=unread&limit=2&cursor=${unreadFirst.nextCursor}`);
    expect(unreadSecond.items.every((item) => item.readAt === null)).toBe(true);
    expect(unreadSecond.items.map((item) => item.id)).toEqual(everything.slice(3, 5).map((item) => item.id));

    const startupUnread = await unread(startup.client);
    expect((await investor.client.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    expect(await unread(investor.client)).toBe(0);
    expect((await page(investor.client, '?filter=unread')).items).toEqual([]);
    expect(await unread(startup.client)).toBe(startupUnread);
  });

  it('refuses a cursor it did not write and a filter it does not know', async () => {
    const { investor } = await withNotifications(1);
    expect((await investor.client.request({ method: 'GET', url: '/api/notifications?cursor=nonsense' })).statusCode).toBe(400);
    expect((await investor.client.request({ method: 'GET', url: '/api/notifications?filter=old' })).statusCode).toBe(400);
  });

  it('the kept unread count follows every change (each one announces notifications_changed)', async () => {
    const { startup, investor } = await connectedPair();
    const counted = await unread(investor.client);
    expect(await unread(investor.client)).toBe(counted);
    expect((await send(startup, investor)).statusCode).toBe(201);
    expect(await unread(investor.client)).toBe(counted + 1);
    expect((await investor.client.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    expect(await unread(investor.client)).toBe(0);
  });
});

describe('live notifications_changed', () => {
  it('a new notification, a read and read-all arrive on the recipient’s event stream with the unread count', async () => {
    const { startup, investor } = await connectedPair();
    expect((await investor.client.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    const stream = await openStream(investor.client);
    expect((await send(startup, investor)).statusCode).toBe(201);
    const created = await stream.next((event) => event.type === 'notifications_changed');
    const [message] = await ofType(investor.client, 'message');
    expect(created.data).toEqual({ type: 'notifications_changed', unread: 1, notificationId: message!.id });

    expect((await investor.client.request({ method: 'POST', url: `/api/notifications/${message!.id}/read` })).statusCode).toBe(200);
    const read = await stream.next((event) => event.type === 'notifications_changed');
    expect(read.data).toEqual({ type: 'notifications_changed', unread: 0, notificationId: message!.id });

    expect((await send(startup, investor, 'Again')).statusCode).toBe(201);
    await stream.next((event) => event.type === 'notifications_changed');
    expect((await investor.client.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    const readAll = await stream.next((event) => event.type === 'notifications_changed');
    expect(readAll.data).toEqual({ type: 'notifications_changed', unread: 0, notificationId: null });
  });
});

describe('when notifications are not created', () => {
  it('not while the pair is blocked, even for a change made before the block', async () => {
    const { startup, investor } = await connectedPair();
    const sent = await startup.client.request(
      { method: 'POST', url: '/api/messages', payload: { receiverId: investor.user.id, content: 'Before' } },
      { waitForBackground: false },
    );
    expect(sent.statusCode).toBe(201);
    expect(
      (await investor.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: startup.user.id } }, { waitForBackground: false })).statusCode,
    ).toBe(201);
    await suite.app.jobs.idle();
    expect(await ofType(investor.client, 'message')).toEqual([]);
  });

  it('not from a transaction that rolled back: notify only enqueues inside it', async () => {
    const { investor, startup } = await connectedPair();
    const before = await all(investor.client);
    const failure = new Error('the change failed');
    await expect(
      suite.database.db.transaction(async (tx) => {
        await notify(
          { ...serviceContext(suite.app), db: tx },
          { recipientId: investor.user.id, type: 'connection_ended', payload: { partnerId: startup.user.id, matchId: 0 } },
        );
        throw failure;
      }),
    ).rejects.toBe(failure);
    await suite.app.jobs.idle();
    expect(await all(investor.client)).toEqual(before);
    const queued = await suite.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'notifications.deliver'), eq(jobs.state, 'queued')));
    expect(queued).toEqual([]);
  });

  it('a delivery job run again (a retry after a crash) adds nothing', async () => {
    const { startup, investor } = await connectedPair();
    expect((await send(startup, investor)).statusCode).toBe(201);
    const before = await all(startup.client).then(async (startupItems) => ({ startupItems, investorItems: await all(investor.client) }));
    const delivered = (
      await suite.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'notifications.deliver'), eq(jobs.state, 'succeeded')))
    ).filter((job) => [startup.user.id, investor.user.id].includes((job.payload as { userId: number }).userId));
    // The connection (a plain notification) and the message (a collapsed one) both run once more.
    expect(delivered.map((job) => (job.payload as { type: string }).type)).toEqual(expect.arrayContaining(['connection_made', 'message']));
    for (const job of delivered) await suite.database.db.update(jobs).set({ state: 'queued', runAt: clock.now() }).where(eq(jobs.id, job.id));
    await suite.app.jobs.idle();
    expect(await all(startup.client)).toEqual(before.startupItems);
    expect(await all(investor.client)).toEqual(before.investorItems);
  });
});

describe('retention and account deletion', () => {
  it(`sweeps notifications older than ${NOTIFICATION_RETENTION_DAYS} days, read or not`, async () => {
    const { investor } = await connectedPair();
    const now = clock.now();
    const day = 86_400_000;
    const [old] = await suite.database.db
      .insert(notifications)
      .values({
        recipientId: investor.user.id,
        type: 'new_matches',
        payload: { count: 1 },
        createdAt: new Date(now.getTime() - (NOTIFICATION_RETENTION_DAYS + 1) * day),
      })
      .returning();
    const [recent] = await suite.database.db
      .insert(notifications)
      .values({
        recipientId: investor.user.id,
        type: 'new_matches',
        payload: { count: 1 },
        createdAt: new Date(now.getTime() - (NOTIFICATION_RETENTION_DAYS - 1) * day),
      })
      .returning();
    expect(await sweepOldNotifications(serviceContext(suite.app))).toBeGreaterThanOrEqual(1);
    const ids = (await all(investor.client)).map((item) => item.id);
    expect(ids).toContain(recent!.id);
    expect(ids).not.toContain(old!.id);
    expect(SCHEDULES.map((schedule) => schedule.job)).toContain('notifications.sweep');
  });

  it('the account export lists the caller’s notifications (ids and counts, never message text)', async () => {
    const { startup, investor } = await connectedPair();
    expect((await send(startup, investor, 'Secret words')).statusCode).toBe(201);
    const response = await investor.client.request({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(200);
    const text = await zipEntry(response.rawPayload, 'notifications.json');
    const exported = JSON.parse(text) as { notifications: Array<{ id: number; type: string; payload: Record<string, unknown>; readAt: string | null }> };
    const mine = await all(investor.client);
    expect(exported.notifications.map((item) => item.id)).toEqual(mine.map((item) => item.id));
    expect(exported.notifications.find((item) => item.type === 'message')!.payload).toEqual({
      partnerId: startup.user.id,
      count: 1,
      latestId: expect.any(Number),
    });
    expect(text).not.toContain('Secret words');
  });

  it('deleting an account removes its notifications; others read it as a deleted account', async () => {
    const { startup, investor } = await connectedPair({ company: 'Leaving Health' });
    expect((await send(startup, investor)).statusCode).toBe(201);
    expect((await send(investor, startup)).statusCode).toBe(201);
    const deleted = await startup.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await suite.database.db.select().from(notifications).where(eq(notifications.recipientId, startup.user.id));
    expect(left).toEqual([]);
    const [message] = await ofType(investor.client, 'message');
    expect(message).toMatchObject({ sentence: 'A deleted account sent you a message', target: null });
  });
});

/** One entry of a ZIP, as text. */
function zipEntry(buffer: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      zip.on('error', reject);
      zip.on('end', () => reject(new Error(`${name} is not in the archive`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.readEntry();
    });
  });
}
