// The persisted portfolio and investor analytics (issue #8): validation, ownership, one-step add,
// CSV export, and the analytics aggregates.
import { describe, expect, it } from 'vitest';
import { documents, documentViews, matchDecisions, matches, messages } from '../../src/server/db/schema';
import { formatDollars } from '../../src/shared/enums';
import { buildStartupProfileBody } from '../factories';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.6.${++ipCounter}`);

const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Nimbus Health',
  website: 'https://nimbus.example',
  industry: 'HealthTech',
  stage: 'Seed',
  investmentDate: '2025-06-30',
  investmentAmount: 2_500_000,
  description: 'Remote monitoring for cardiac patients after surgery.',
  performance: 'growing',
  ...overrides,
});

async function investor() {
  const client = newClient();
  const { user } = await client.register('investor');
  return { client, user };
}

describe('portfolio CRUD', () => {
  it('adds, lists, edits and deletes the investor’s own companies', async () => {
    const { client } = await investor();
    const created = await client.request({ method: 'POST', url: '/api/portfolio', payload: company() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ companyName: 'Nimbus Health', investmentAmount: 2_500_000, performance: 'growing', startupId: null });
    const id = created.json().id;
    expect((await client.request({ method: 'GET', url: '/api/portfolio' })).json()).toHaveLength(1);
    const edited = await client.request({ method: 'PATCH', url: `/api/portfolio/${id}`, payload: { performance: 'declining', investmentAmount: 3_000_000 } });
    expect(edited.json()).toMatchObject({ performance: 'declining', investmentAmount: 3_000_000, companyName: 'Nimbus Health' });
    expect((await client.request({ method: 'DELETE', url: `/api/portfolio/${id}` })).statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/portfolio' })).json()).toEqual([]);
  });

  it.each([
    ['companyName', { companyName: 'N' }, 'Company name must be at least 2 characters'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['industry', { industry: undefined }, 'Please select an industry'],
    ['investmentDate', { investmentDate: '' }, 'Investment date is required'],
    ['investmentAmount', { investmentAmount: undefined }, 'Investment amount is required'],
    ['description', { description: 'Too short' }, 'Description must be at least 10 characters'],
    ['stage', { stage: undefined }, 'Please select a stage'],
  ])('rejects an invalid %s with the spec message', async (field, overrides, message) => {
    const { client } = await investor();
    const response = await client.request({ method: 'POST', url: '/api/portfolio', payload: company(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('is for investors only, and another investor’s company is 404', async () => {
    const owner = await investor();
    const id = (await owner.client.request({ method: 'POST', url: '/api/portfolio', payload: company() })).json().id;
    const other = await investor();
    expect((await other.client.request({ method: 'PATCH', url: `/api/portfolio/${id}`, payload: { performance: 'stable' } })).statusCode).toBe(404);
    expect((await other.client.request({ method: 'DELETE', url: `/api/portfolio/${id}` })).statusCode).toBe(404);
    expect((await other.client.request({ method: 'GET', url: '/api/portfolio' })).json()).toEqual([]);
    const startup = newClient();
    await startup.register('startup');
    expect((await startup.request({ method: 'GET', url: '/api/portfolio' })).statusCode).toBe(403);
    expect((await startup.request({ method: 'POST', url: '/api/portfolio', payload: company() })).statusCode).toBe(403);
  });

  it('adds a connected startup in one step and stops offering it afterwards', async () => {
    const { client, user } = await investor();
    const startup = newClient();
    const { user: startupUser } = await startup.register('startup');
    await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Linked Co', industry: 'FinTech', stage: 'Series A' }) });
    expect((await client.request({ method: 'POST', url: '/api/portfolio', payload: company({ startupId: startupUser.id }) })).statusCode).toBe(400);

    await suite.database.db.insert(matches).values({ startupId: startupUser.id, investorId: user.id, score: 88, status: 'accepted' });
    const candidates = (await client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json();
    expect(candidates).toEqual([expect.objectContaining({ startupId: startupUser.id, companyName: 'Linked Co', industry: 'FinTech', stage: 'Series A' })]);
    const added = await client.request({ method: 'POST', url: '/api/portfolio', payload: company({ companyName: 'Linked Co', industry: 'FinTech', stage: 'Series A', startupId: startupUser.id }) });
    expect(added.statusCode).toBe(201);
    expect(added.json().startupId).toBe(startupUser.id);
    expect((await client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json()).toEqual([]);
    expect((await client.request({ method: 'POST', url: '/api/portfolio', payload: company({ startupId: startupUser.id }) })).statusCode).toBe(400);
  });

  it('exports a CSV that spreadsheet apps cannot run as formulas', async () => {
    const { client } = await investor();
    await client.request({ method: 'POST', url: '/api/portfolio', payload: company({ companyName: '=HYPERLINK("http://evil")', description: 'Line one, with "quotes"\nline two' }) });
    const response = await client.request({ method: 'GET', url: '/api/portfolio/export.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="portfolio.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Company,Industry,Stage,Website,Investment date,Investment (USD),Investment,Performance,Description');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",HealthTech,Seed,https://nimbus.example,2025-06-30,2500000,$2.5M,growing,"Line one, with ""quotes""\nline two"`);
  });

  it('formats amounts the way the spec shows them', () => {
    expect(formatDollars(2_500_000)).toBe('$2.5M');
    expect(formatDollars(750_000)).toBe('$750K');
    expect(formatDollars(1_000_000_000)).toBe('$1B');
    expect(formatDollars(900)).toBe('$900');
  });
});

describe('GET /api/analytics/investor', () => {
  it('aggregates the funnel, scores, accepted startups, weekly activity and the portfolio', async () => {
    const { client, user } = await investor();
    const db = suite.database.db;
    const startups = await Promise.all(
      [
        ['FinTech', 'Seed'],
        ['FinTech', 'Series A'],
        ['SaaS', 'Seed'],
      ].map(async ([industry, stage]) => {
        const startup = newClient();
        const { user: startupUser } = await startup.register('startup');
        await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ industry, stage }) });
        return startupUser;
      }),
    );
    const inserted = await db
      .insert(matches)
      .values([
        { startupId: startups[0]!.id, investorId: user.id, score: 95, status: 'accepted' },
        { startupId: startups[1]!.id, investorId: user.id, score: 72, status: 'accepted' },
        { startupId: startups[2]!.id, investorId: user.id, score: 41, status: 'rejected' },
      ])
      .returning();
    await db.insert(matchDecisions).values({ matchId: inserted[2]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: 'stage' });
    await db.insert(messages).values({ senderId: user.id, receiverId: startups[0]!.id, content: 'Hello' });
    const [document] = await db.insert(documents).values({ userId: startups[0]!.id, name: 'Deck', type: 'application/pdf', size: 1 }).returning();
    await db.insert(documentViews).values({ documentId: document!.id, viewerId: user.id, durationMs: 1000 });
    await client.request({ method: 'POST', url: '/api/portfolio', payload: company() });

    const response = await client.request({ method: 'GET', url: '/api/analytics/investor' });
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics.funnel).toEqual({ suggested: 3, pending: 0, accepted: 2, declined: 1, declineReasons: [{ label: 'Not my stage', count: 1 }] });
    expect(analytics.scoreDistribution).toHaveLength(10);
    expect(analytics.scoreDistribution.find((bucket: { label: string }) => bucket.label === '90–100').count).toBe(1);
    expect(analytics.scoreDistribution.find((bucket: { label: string }) => bucket.label === '40–49').count).toBe(1);
    expect(analytics.acceptedByIndustry).toEqual([{ label: 'FinTech', count: 2 }]);
    expect(analytics.acceptedByStage).toEqual([{ label: 'Seed', count: 1 }, { label: 'Series A', count: 1 }]);
    expect(analytics.weeklyActivity).toHaveLength(12);
    expect(analytics.weeklyActivity.at(-1)).toMatchObject({ messagesSent: 1, documentsViewed: 1 });
    expect(analytics.portfolioByIndustry).toEqual([{ label: 'HealthTech', count: 1 }]);
    expect(analytics.portfolioByPerformance).toEqual([{ label: 'growing', count: 1 }]);
  });

  it('is all zeros and empty lists for a new investor, and 403 for startups', async () => {
    const { client } = await investor();
    const analytics = (await client.request({ method: 'GET', url: '/api/analytics/investor' })).json();
    expect(analytics.funnel).toMatchObject({ suggested: 0, accepted: 0, declined: 0 });
    expect(analytics.acceptedByIndustry).toEqual([]);
    const startup = newClient();
    await startup.register('startup');
    expect((await startup.request({ method: 'GET', url: '/api/analytics/investor' })).statusCode).toBe(403);
  });
});
