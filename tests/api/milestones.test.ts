// Shared milestones (issue #7): the transition table, the partner-id rule for both roles, and
// authorization (not connected → 403, another pair's milestone → 404).
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { activities, matches, milestones } from '../../src/server/db/schema';
import { MILESTONE_STATUSES, type MilestoneStatus } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { openEventStream } from '../support/event-stream';
import { matchState, oneSidedAccept } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.5.${++ipCounter}`);

/** A startup and an investor whose match is in `state`: a status, or one side's accept alone. */
async function pair(state: 'accepted' | 'pending' | ReturnType<typeof oneSidedAccept> = 'accepted') {
  const startup = newClient();
  const { user: startupUser } = await startup.register('startup');
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Plan Co' }) });
  const investor = newClient();
  const { user: investorUser } = await investor.register('investor');
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Plan Capital' }) });
  await suite.database.db
    .insert(matches)
    .values({ startupId: startupUser.id, investorId: investorUser.id, score: 70, ...(typeof state === 'string' ? matchState(state) : state) });
  return { startup, startupUser, investor, investorUser };
}

const create = (client: TestClient, payload: object) => client.request({ method: 'POST', url: '/api/milestones', payload });

describe('POST /api/milestones', () => {
  it('lets a startup create one naming the partner as investorId, defaulting to pending', async () => {
    const { startup, startupUser, investorUser } = await pair();
    const response = await create(startup, { title: 'Intro call', description: 'First conversation', date: '2026-12-01', investorId: investorUser.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      startupId: startupUser.id,
      investorId: investorUser.id,
      title: 'Intro call',
      status: 'pending',
      date: '2026-12-01',
    });
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, startupUser.id), eq(activities.activityType, 'milestone_created')));
    expect(feed.map((activity) => [activity.description, activity.entityId])).toEqual([
      ['Added the milestone "Intro call" with Plan Capital', response.json().id],
    ]);
  });

  it('lets an investor create one naming the partner as startupId, with any starting status', async () => {
    const { investor, startupUser, investorUser } = await pair();
    for (const status of MILESTONE_STATUSES) {
      const response = await create(investor, { title: `Step ${status}`, status, startupId: startupUser.id });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ startupId: startupUser.id, investorId: investorUser.id, status });
    }
  });

  it('enforces the partner-id rule for both roles', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const startupWrongField = await create(startup, { title: 'Wrong field', startupId: investorUser.id });
    expect(startupWrongField.statusCode).toBe(400);
    expect(startupWrongField.json().fieldErrors.investorId).toEqual(['Choose a connected partner']);
    const investorWrongField = await create(investor, { title: 'Wrong field', investorId: startupUser.id });
    expect(investorWrongField.statusCode).toBe(400);
    expect(investorWrongField.json().fieldErrors.startupId).toEqual(['Choose a connected partner']);
    // Naming both is ambiguous even when the right one is among them.
    expect((await create(startup, { title: 'Both fields', investorId: investorUser.id, startupId: startupUser.id })).statusCode).toBe(400);
    expect((await create(startup, { title: 'No partner' })).statusCode).toBe(400);
    expect((await create(investor, { title: 'No partner' })).statusCode).toBe(400);
    expect(await suite.database.db.select().from(milestones).where(eq(milestones.startupId, startupUser.id))).toHaveLength(0);
  });

  it('never takes a partner from the wrong side of the market, or the caller itself', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const otherStartup = newClient();
    const { user: otherStartupUser } = await otherStartup.register('startup');
    // A startup's id as investorId, or the caller's own id, names no connected pair.
    expect((await create(startup, { title: 'Startup as investor', investorId: otherStartupUser.id })).statusCode).toBe(403);
    expect((await create(startup, { title: 'Myself', investorId: startupUser.id })).statusCode).toBe(403);
    expect((await create(investor, { title: 'Myself', startupId: investorUser.id })).statusCode).toBe(403);
    expect((await startup.request({ method: 'GET', url: `/api/milestones?partnerId=${startupUser.id}` })).statusCode).toBe(403);
  });

  it('refuses unknown and server-owned fields', async () => {
    const { startup, investorUser } = await pair();
    for (const extra of [{ id: 99 }, { createdAt: '2026-01-01T00:00:00Z' }, { completedBy: 1 }]) {
      expect((await create(startup, { title: 'Intro call', investorId: investorUser.id, ...extra })).statusCode).toBe(400);
    }
    const badStatus = await create(startup, { title: 'Intro call', status: 'done', investorId: investorUser.id });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fieldErrors.status).toEqual(['Status must be pending, in progress or completed']);
  });

  it('validates the title and the date with clear messages', async () => {
    const { startup, investorUser } = await pair();
    const short = await create(startup, { title: 'Hi', investorId: investorUser.id });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.title).toEqual(['Title must be at least 3 characters']);
    expect((await create(startup, { title: '   Hi   ', investorId: investorUser.id })).json().fieldErrors.title).toEqual([
      'Title must be at least 3 characters',
    ]);
    // The display format, a day that does not exist (Date.parse rolls it into March), a bad month.
    for (const date of ['12/01/2026', '2026-02-31', '2026-13-01', '0000-01-01']) {
      const badDate = await create(startup, { title: 'Term sheet', date, investorId: investorUser.id });
      expect(badDate.statusCode, date).toBe(400);
      expect(badDate.json().fieldErrors.date).toEqual(['Please enter a valid date']);
    }
    const leapDay = await create(startup, { title: 'Leap day check-in', date: '2028-02-29', investorId: investorUser.id });
    expect(leapDay.json()).toMatchObject({ date: '2028-02-29' });
    const empty = await create(startup, { title: '  Close  ', description: '', date: '', investorId: investorUser.id });
    expect(empty.json()).toMatchObject({ title: 'Close', description: null, date: null, status: 'pending' });
    const tooLong = await create(startup, { title: 'Notes', description: 'x'.repeat(2001), investorId: investorUser.id });
    expect(tooLong.json().fieldErrors.description).toEqual(['Description must be at most 2,000 characters']);
  });

  it('needs a partner id to list', async () => {
    const { startup } = await pair();
    const response = await startup.request({ method: 'GET', url: '/api/milestones' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.partnerId).toEqual(['Choose a connected partner']);
  });

  it('is 403 for a pair that is not connected', async () => {
    const { startup, investorUser } = await pair('pending');
    const refused = await create(startup, { title: 'Too early', investorId: investorUser.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Milestones are shared only between a startup and an investor who are connected: both must accept the match.');
    expect((await startup.request({ method: 'GET', url: `/api/milestones?partnerId=${investorUser.id}` })).statusCode).toBe(403);
    // One side's accept alone is not a connection, whichever side gave it.
    for (const accepter of ['startup', 'investor'] as const) {
      const oneSided = await pair(oneSidedAccept(accepter));
      expect((await create(oneSided.startup, { title: 'Too early', investorId: oneSided.investorUser.id })).statusCode).toBe(403);
      expect((await oneSided.investor.request({ method: 'GET', url: `/api/milestones?partnerId=${oneSided.startupUser.id}` })).statusCode).toBe(403);
    }
  });
});

describe('the shared plan', () => {
  it('shows both parties the same list, soonest first', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    await create(startup, { title: 'Due diligence', date: '2027-01-15', investorId: investorUser.id });
    await create(investor, { title: 'Intro call', date: '2026-12-01', startupId: startupUser.id });
    await create(startup, { title: 'Close', investorId: investorUser.id });
    const fromStartup = (await startup.request({ method: 'GET', url: `/api/milestones?partnerId=${investorUser.id}` })).json();
    const fromInvestor = (await investor.request({ method: 'GET', url: `/api/milestones?partnerId=${startupUser.id}` })).json();
    expect(fromStartup.map((milestone: { title: string }) => milestone.title)).toEqual(['Intro call', 'Due diligence', 'Close']);
    expect(fromInvestor).toEqual(fromStartup);
  });

  const statusCases = MILESTONE_STATUSES.flatMap((from) => (['in_progress', 'completed'] as const).map((to) => [from, to] as const));
  const allowed = new Set(['pending>in_progress', 'in_progress>completed']);
  it.each(statusCases)('from %s to %s follows the transition table', async (from, to) => {
    const { startup, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Term sheet', status: from, investorId: investorUser.id })).json();
    const response = await startup.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: to } });
    expect(response.statusCode).toBe(allowed.has(`${from}>${to}`) ? 200 : 409);
    const [row] = await suite.database.db.select().from(milestones).where(eq(milestones.id, milestone.id));
    expect(row!.status).toBe(allowed.has(`${from}>${to}`) ? to : (from as MilestoneStatus));
  });

  it('moves a milestone once when both parties press Complete at the same time', async () => {
    const { startup, investor, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Close', status: 'in_progress', investorId: investorUser.id })).json();
    const complete = (client: TestClient) =>
      client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'completed' } });
    const responses = await Promise.all([complete(startup), complete(investor)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe('This milestone is already completed.');
    const completions = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, milestone.id), eq(activities.activityType, 'milestone_updated')));
    expect(completions).toHaveLength(1);
  });

  it('lets either party move, edit and delete, and records milestone_updated for each', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Data room review', investorId: investorUser.id })).json();
    const started = await investor.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } });
    expect(started.json()).toMatchObject({ status: 'in_progress' });
    const edited = await investor.request({
      method: 'PATCH',
      url: `/api/milestones/${milestone.id}`,
      payload: { title: 'Data room deep dive', date: '2027-02-01' },
    });
    expect(edited.json()).toMatchObject({ title: 'Data room deep dive', date: '2027-02-01', description: null, status: 'in_progress' });
    const cleared = await startup.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { description: 'Financials first', date: '' } });
    expect(cleared.json()).toMatchObject({ title: 'Data room deep dive', description: 'Financials first', date: null });
    expect((await investor.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: {} })).statusCode).toBe(400);
    expect((await investor.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { title: 'No' } })).json().fieldErrors.title).toEqual([
      'Title must be at least 3 characters',
    ]);
    // Status moves only through the transition endpoint.
    expect((await investor.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { status: 'completed' } })).statusCode).toBe(400);
    expect((await startup.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` })).statusCode).toBe(200);
    expect(await suite.database.db.select().from(milestones).where(eq(milestones.id, milestone.id))).toHaveLength(0);
    expect((await startup.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` })).statusCode).toBe(404);

    const feedOf = async (userId: number) =>
      (
        await suite.database.db
          .select()
          .from(activities)
          .where(and(eq(activities.userId, userId), eq(activities.activityType, 'milestone_updated')))
          .orderBy(asc(activities.id))
      ).map((activity) => activity.description);
    expect(await feedOf(investorUser.id)).toEqual([
      'Started the milestone "Data room review" with Plan Co',
      'Edited the milestone "Data room deep dive" with Plan Co',
    ]);
    expect(await feedOf(startupUser.id)).toEqual([
      'Edited the milestone "Data room deep dive" with Plan Capital',
      'Removed the milestone "Data room deep dive" with Plan Capital',
    ]);
  });

  it('is 403 for every call once the pair is no longer connected', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Term sheet', investorId: investorUser.id })).json();
    // Accepted is final in the product; this guards the rule should that ever change.
    await suite.database.db
      .update(matches)
      .set(matchState('rejected'))
      .where(and(eq(matches.startupId, startupUser.id), eq(matches.investorId, investorUser.id)));
    for (const client of [startup, investor]) {
      expect((await client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } })).statusCode).toBe(
        403,
      );
      expect((await client.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { title: 'Renamed' } })).statusCode).toBe(403);
      expect((await client.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` })).statusCode).toBe(403);
    }
    expect((await investor.request({ method: 'GET', url: `/api/milestones?partnerId=${startupUser.id}` })).statusCode).toBe(403);
    expect((await startup.request({ method: 'GET', url: '/api/milestones/upcoming' })).json()).toEqual([]);
    const [row] = await suite.database.db.select().from(milestones).where(eq(milestones.id, milestone.id));
    expect(row).toMatchObject({ title: 'Term sheet', status: 'pending' });
  });

  it('is 404 for another pair’s milestone, whatever the call', async () => {
    const first = await pair();
    const milestone = (await create(first.startup, { title: 'Private step', investorId: first.investorUser.id })).json();
    const other = await pair();
    for (const client of [other.startup, other.investor]) {
      expect((await client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } })).statusCode).toBe(
        404,
      );
      expect((await client.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { title: 'Hijacked' } })).statusCode).toBe(404);
      expect((await client.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` })).statusCode).toBe(404);
    }
    const [row] = await suite.database.db.select().from(milestones).where(eq(milestones.id, milestone.id));
    expect(row).toMatchObject({ title: 'Private step', status: 'pending' });
  });

  it('lists upcoming and in-progress milestones across partners for the dashboard', async () => {
    const { startup, investorUser } = await pair();
    await create(startup, { title: 'Done already', status: 'completed', investorId: investorUser.id });
    await create(startup, { title: 'Later step', date: '2027-03-01', investorId: investorUser.id });
    await create(startup, { title: 'Happening now', status: 'in_progress', investorId: investorUser.id });
    const upcoming = (await startup.request({ method: 'GET', url: '/api/milestones/upcoming' })).json();
    expect(upcoming.map((milestone: { title: string }) => milestone.title)).toEqual(['Happening now', 'Later step']);
    expect(upcoming[0].partnerName).toBe('Plan Capital');
  });

  it('lists upcoming milestones from every partner of the caller, and only the caller’s', async () => {
    const first = await pair();
    const secondInvestor = newClient();
    const { user: secondInvestorUser } = await secondInvestor.register('investor', { firstName: 'Nora', lastName: 'Nofirm' });
    await suite.database.db
      .insert(matches)
      .values({ startupId: first.startupUser.id, investorId: secondInvestorUser.id, score: 60, ...matchState('accepted') });
    await create(first.startup, { title: 'First fund call', date: '2027-05-01', investorId: first.investorUser.id });
    await create(first.startup, { title: 'Second fund call', date: '2027-04-01', investorId: secondInvestorUser.id });
    const stranger = await pair();
    await create(stranger.startup, { title: 'Not yours', investorId: stranger.investorUser.id });

    const upcoming = (await first.startup.request({ method: 'GET', url: '/api/milestones/upcoming' })).json();
    // The second investor has no profile yet, so the card names the person.
    expect(upcoming.map((milestone: { title: string; partnerName: string }) => [milestone.title, milestone.partnerName])).toEqual([
      ['Second fund call', 'Nora Nofirm'],
      ['First fund call', 'Plan Capital'],
    ]);
    const investorSide = (await secondInvestor.request({ method: 'GET', url: '/api/milestones/upcoming' })).json();
    expect(investorSide.map((milestone: { title: string; partnerName: string }) => [milestone.title, milestone.partnerName])).toEqual([
      ['Second fund call', 'Plan Co'],
    ]);
  });
});

describe('live events', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('tells the partner about every change, after it commits, and never about a refused one', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const partnerStream = await openEventStream(baseUrl, investor.sessionToken!);
    const isMilestoneEvent = (event: { type: string }) => event.type === 'milestone_updated';
    try {
      const milestone = (await create(startup, { title: 'Intro call', investorId: investorUser.id })).json();
      const expected = { type: 'milestone_updated', milestoneId: milestone.id, startupId: startupUser.id, investorId: investorUser.id };
      expect((await partnerStream.next(isMilestoneEvent)).data).toEqual(expected);

      // A refused transition (pending → completed) rolls back and announces nothing: the next
      // event the partner sees is the edit that follows it.
      expect((await startup.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'completed' } })).statusCode).toBe(409);
      const other = (await create(startup, { title: 'Due diligence', investorId: investorUser.id })).json();
      expect((await partnerStream.next(isMilestoneEvent)).data).toEqual({ ...expected, milestoneId: other.id });

      await startup.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } });
      expect((await partnerStream.next(isMilestoneEvent)).data).toEqual(expected);
      await startup.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { date: '2027-01-10' } });
      expect((await partnerStream.next(isMilestoneEvent)).data).toEqual(expected);
      await startup.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` });
      expect((await partnerStream.next(isMilestoneEvent)).data).toEqual(expected);
    } finally {
      partnerStream.close();
    }
  });

  it('tells the startup when the investor moves a milestone', async () => {
    const { startup, investor, startupUser, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Term sheet', status: 'in_progress', investorId: investorUser.id })).json();
    const startupStream = await openEventStream(baseUrl, startup.sessionToken!);
    try {
      await investor.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'completed' } });
      expect((await startupStream.next((event) => event.type === 'milestone_updated')).data).toEqual({
        type: 'milestone_updated',
        milestoneId: milestone.id,
        startupId: startupUser.id,
        investorId: investorUser.id,
      });
    } finally {
      startupStream.close();
    }
  });
});
