// Shared milestones (issue #7): the transition table, the partner-id rule for both roles, and
// authorization (not connected → 403, another pair's milestone → 404).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, matches, milestones } from '../../src/server/db/schema';
import { MILESTONE_STATUSES, type MilestoneStatus } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.5.${++ipCounter}`);

async function pair(status: 'accepted' | 'pending' = 'accepted') {
  const startup = newClient();
  const { user: startupUser } = await startup.register('startup');
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Plan Co' }) });
  const investor = newClient();
  const { user: investorUser } = await investor.register('investor');
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Plan Capital' }) });
  await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: investorUser.id, score: 70, status });
  return { startup, startupUser, investor, investorUser };
}

const create = (client: TestClient, payload: object) => client.request({ method: 'POST', url: '/api/milestones', payload });

describe('POST /api/milestones', () => {
  it('lets a startup create one naming the partner as investorId, defaulting to pending', async () => {
    const { startup, startupUser, investorUser } = await pair();
    const response = await create(startup, { title: 'Intro call', description: 'First conversation', date: '2026-12-01', investorId: investorUser.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ startupId: startupUser.id, investorId: investorUser.id, title: 'Intro call', status: 'pending', date: '2026-12-01' });
    const feed = await suite.database.db.select().from(activities).where(and(eq(activities.userId, startupUser.id), eq(activities.activityType, 'milestone_created')));
    expect(feed).toHaveLength(1);
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
    expect((await create(startup, { title: 'Wrong field', startupId: investorUser.id })).statusCode).toBe(400);
    expect((await create(investor, { title: 'Wrong field', investorId: startupUser.id })).statusCode).toBe(400);
    expect((await create(startup, { title: 'No partner' })).statusCode).toBe(400);
  });

  it('validates the title and the date with clear messages', async () => {
    const { startup, investorUser } = await pair();
    const short = await create(startup, { title: 'Hi', investorId: investorUser.id });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.title).toEqual(['Title must be at least 3 characters']);
    const badDate = await create(startup, { title: 'Term sheet', date: '12/01/2026', investorId: investorUser.id });
    expect(badDate.json().fieldErrors.date).toEqual(['Please enter a valid date']);
  });

  it('is 403 for a pair that is not connected', async () => {
    const { startup, investorUser } = await pair('pending');
    expect((await create(startup, { title: 'Too early', investorId: investorUser.id })).statusCode).toBe(403);
    expect((await startup.request({ method: 'GET', url: `/api/milestones?partnerId=${investorUser.id}` })).statusCode).toBe(403);
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

  it('lets either party edit and delete, and records milestone_updated', async () => {
    const { startup, investor, investorUser } = await pair();
    const milestone = (await create(startup, { title: 'Data room review', investorId: investorUser.id })).json();
    const edited = await investor.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: { title: 'Data room deep dive', date: '2027-02-01' } });
    expect(edited.json()).toMatchObject({ title: 'Data room deep dive', date: '2027-02-01' });
    expect((await investor.request({ method: 'PATCH', url: `/api/milestones/${milestone.id}`, payload: {} })).statusCode).toBe(400);
    expect((await startup.request({ method: 'DELETE', url: `/api/milestones/${milestone.id}` })).statusCode).toBe(200);
    expect(await suite.database.db.select().from(milestones).where(eq(milestones.id, milestone.id))).toHaveLength(0);
  });

  it('is 404 for another pair’s milestone, whatever the call', async () => {
    const first = await pair();
    const milestone = (await create(first.startup, { title: 'Private step', investorId: first.investorUser.id })).json();
    const other = await pair();
    for (const client of [other.startup, other.investor]) {
      expect((await client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } })).statusCode).toBe(404);
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
});
