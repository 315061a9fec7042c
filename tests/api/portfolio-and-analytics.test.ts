// The persisted portfolio and investor analytics (issue #8): validation with the form's messages,
// ownership (404 for another investor's company, 403 for startups), the one-step add of a
// connected startup, the CSV export, and the analytics aggregates.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, documentViews, matchDecisions, matches, messages, portfolioCompanies } from '../../src/server/db/schema';
import { toCsv, type CsvCell } from '../../src/server/features/portfolio/portfolio-csv';
import { formatDollars } from '../../src/shared/enums';
import { buildStartupProfileBody } from '../factories';
import { matchState, oneSidedAccept } from '../support/match-state';
import { TestClient, buildTestApp, createTestClock, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = (app: FastifyInstance = suite.app) => new TestClient(app, `198.18.6.${++ipCounter}`);

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

async function investor(app: FastifyInstance = suite.app) {
  const client = newClient(app);
  const { user } = await client.register('investor');
  return { client, user };
}

async function startupWithProfile(profile: Record<string, unknown> = {}, app: FastifyInstance = suite.app) {
  const client = newClient(app);
  const { user } = await client.register('startup');
  const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody(profile) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

const add = (client: TestClient, payload: Record<string, unknown>) => client.request({ method: 'POST', url: '/api/portfolio', payload });
const list = async (client: TestClient) => (await client.request({ method: 'GET', url: '/api/portfolio' })).json();
const storedRow = async (id: number) => (await suite.database.db.select().from(portfolioCompanies).where(eq(portfolioCompanies.id, id)))[0];

describe('portfolio CRUD', () => {
  it('adds, lists, edits and deletes the investor’s own companies', async () => {
    const { client } = await investor();
    const created = await add(client, company());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ companyName: 'Nimbus Health', investmentAmount: 2_500_000, performance: 'growing', startupId: null, logo: null });
    const id = created.json().id;
    expect(await list(client)).toHaveLength(1);
    const edited = await client.request({
      method: 'PATCH',
      url: `/api/portfolio/${id}`,
      payload: { performance: 'declining', investmentAmount: 3_000_000, website: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ performance: 'declining', investmentAmount: 3_000_000, companyName: 'Nimbus Health', website: null });
    expect((await client.request({ method: 'DELETE', url: `/api/portfolio/${id}` })).statusCode).toBe(200);
    expect(await list(client)).toEqual([]);
  });

  it('stores the amount as a whole number of dollars, lists the newest investment first, and defaults performance to stable', async () => {
    const { client } = await investor();
    await add(client, company({ companyName: 'Older', investmentDate: '2020-01-15', performance: undefined }));
    await add(client, company({ companyName: 'Bigger', investmentDate: '2024-03-01', investmentAmount: 50_000_000_000 }));
    const companies = await list(client);
    expect(companies.map((entry: { companyName: string }) => entry.companyName)).toEqual(['Bigger', 'Older']);
    expect(companies[0].investmentAmount).toBe(50_000_000_000);
    expect(companies[1].performance).toBe('stable');
    const row = await storedRow(companies[0].id);
    expect(row?.investmentAmount).toBe(50_000_000_000);
  });

  it.each([
    ['companyName', { companyName: 'N' }, 'Company name must be at least 2 characters'],
    ['companyName', { companyName: '  N  ' }, 'Company name must be at least 2 characters'],
    ['companyName', { companyName: 'x'.repeat(101) }, 'Company name must be at most 100 characters'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['website', { website: 'not a url' }, 'Please enter a valid URL'],
    ['industry', { industry: undefined }, 'Please select an industry'],
    ['industry', { industry: 'Tobacco' }, 'Please select an industry'],
    ['stage', { stage: undefined }, 'Please select a stage'],
    ['stage', { stage: 'Series Z' }, 'Please select a stage'],
    ['investmentDate', { investmentDate: '' }, 'Investment date is required'],
    ['investmentDate', { investmentDate: undefined }, 'Investment date is required'],
    ['investmentDate', { investmentDate: '2025-02-31' }, 'Please enter a valid date'],
    ['investmentDate', { investmentDate: '06/30/2025' }, 'Please enter a valid date'],
    ['investmentDate', { investmentDate: '1850-01-01' }, 'Please enter a valid date'],
    ['investmentDate', { investmentDate: '2999-01-01' }, 'Investment date cannot be in the future'],
    ['investmentAmount', { investmentAmount: undefined }, 'Investment amount is required'],
    ['investmentAmount', { investmentAmount: '$2.5M' }, 'Enter the investment amount as a number of US dollars'],
    ['investmentAmount', { investmentAmount: 2500.5 }, 'Enter the investment amount in whole dollars'],
    ['investmentAmount', { investmentAmount: 0 }, 'Investment amount must be more than $0'],
    ['investmentAmount', { investmentAmount: -5 }, 'Investment amount must be more than $0'],
    ['investmentAmount', { investmentAmount: 100_000_000_001 }, 'Investment amount must be at most $100B'],
    ['description', { description: 'Too short' }, 'Description must be at least 10 characters'],
    ['description', { description: 'x'.repeat(2001) }, 'Description must be at most 2,000 characters'],
    ['performance', { performance: 'soaring' }, 'Performance must be growing, stable or declining'],
  ])('rejects an invalid %s (%j) with a readable message, and stores nothing', async (field, overrides, message) => {
    const { client } = await investor();
    const response = await add(client, company(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
    expect(response.json().message).toBe(message);
    expect(await list(client)).toEqual([]);
  });

  it.each([['id'], ['investorId'], ['createdAt'], ['logo']])('rejects the server-owned or unknown field %s', async (field) => {
    const { client } = await investor();
    const response = await add(client, { ...company(), [field]: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Unknown field: ${field}.`);
  });

  it('validates edits with the same rules, and rejects an empty or re-owning edit', async () => {
    const { client } = await investor();
    const id = (await add(client, company())).json().id;
    const patch = (payload: object) => client.request({ method: 'PATCH', url: `/api/portfolio/${id}`, payload });
    expect((await patch({})).json()).toMatchObject({ message: 'Change at least one field' });
    expect((await patch({ description: 'short' })).json().fieldErrors.description).toEqual(['Description must be at least 10 characters']);
    expect((await patch({ investmentDate: '2025-13-01' })).json().fieldErrors.investmentDate).toEqual(['Please enter a valid date']);
    expect((await patch({ companyName: 'A' })).statusCode).toBe(400);
    expect((await patch({ investorId: 999 })).json().message).toBe('Unknown field: investorId.');
    expect((await patch({ startupId: 999 })).json().message).toBe('Unknown field: startupId.');
    expect((await client.request({ method: 'PATCH', url: '/api/portfolio/abc', payload: { performance: 'stable' } })).json().message).toBe(
      'The id must be a positive whole number.',
    );
    expect(await storedRow(id)).toMatchObject({
      companyName: 'Nimbus Health',
      description: 'Remote monitoring for cardiac patients after surgery.',
      investmentDate: '2025-06-30',
    });
  });

  it('keeps each investor’s companies to themselves: another investor gets 404 and changes nothing', async () => {
    const owner = await investor();
    const id = (await add(owner.client, company())).json().id;
    const other = await investor();
    const patched = await other.client.request({ method: 'PATCH', url: `/api/portfolio/${id}`, payload: { performance: 'declining' } });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().message).toBe('This portfolio company does not exist.');
    expect((await other.client.request({ method: 'DELETE', url: `/api/portfolio/${id}` })).statusCode).toBe(404);
    expect(await storedRow(id)).toMatchObject({ performance: 'growing', investorId: owner.user.id });
    // A missing id answers exactly like someone else's.
    expect((await owner.client.request({ method: 'DELETE', url: '/api/portfolio/2147480000' })).json()).toEqual(patched.json());
    expect(await list(other.client)).toEqual([]);
    const otherCsv = (await other.client.request({ method: 'GET', url: '/api/portfolio/export.csv' })).body;
    expect(otherCsv).not.toContain('Nimbus Health');
    expect(await list(owner.client)).toHaveLength(1);
  });

  it('is for investors only: startups get 403 on every portfolio and analytics route, visitors 401', async () => {
    const owner = await investor();
    const id = (await add(owner.client, company())).json().id;
    const startup = newClient();
    await startup.register('startup');
    const calls = [
      { method: 'GET', url: '/api/portfolio' },
      { method: 'POST', url: '/api/portfolio', payload: company() },
      { method: 'PATCH', url: `/api/portfolio/${id}`, payload: { performance: 'stable' } },
      { method: 'DELETE', url: `/api/portfolio/${id}` },
      { method: 'GET', url: '/api/portfolio/candidates' },
      { method: 'GET', url: '/api/portfolio/export.csv' },
      { method: 'GET', url: '/api/analytics/investor' },
    ] as const;
    for (const call of calls) {
      const response = await startup.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().message).toBe('Only investor accounts can do that.');
      expect((await newClient().request(call)).statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
    }
    expect(await storedRow(id)).toMatchObject({ performance: 'growing' });
  });
});

describe('adding a connected startup in one step', () => {
  it('offers only connected startups (both accepted the match), prefilled from their profile, and stops offering them once added', async () => {
    const { client, user } = await investor();
    const linked = await startupWithProfile({ companyName: 'Linked Co', industry: 'FinTech', stage: 'Series A', website: 'https://linked.example' });
    const pending = await startupWithProfile({ companyName: 'Pending Co' });
    const declined = await startupWithProfile({ companyName: 'Declined Co' });
    const interested = await startupWithProfile({ companyName: 'Interested Co' });
    const awaited = await startupWithProfile({ companyName: 'Awaited Co' });
    const othersOnly = await startupWithProfile({ companyName: 'Someone Else’s Co' });
    const rival = await investor();
    expect((await add(client, company({ startupId: linked.user.id }))).statusCode).toBe(403);

    await suite.database.db.insert(matches).values([
      { startupId: linked.user.id, investorId: user.id, score: 88, ...matchState('accepted') },
      { startupId: pending.user.id, investorId: user.id, score: 70, ...matchState('pending') },
      { startupId: declined.user.id, investorId: user.id, score: 40, ...matchState('rejected') },
      // One side's accept alone is not a connection, whichever side gave it.
      { startupId: interested.user.id, investorId: user.id, score: 85, ...oneSidedAccept('startup') },
      { startupId: awaited.user.id, investorId: user.id, score: 86, ...oneSidedAccept('investor') },
      { startupId: othersOnly.user.id, investorId: rival.user.id, score: 90, ...matchState('accepted') },
    ]);
    const candidates = (await client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json();
    expect(candidates).toEqual([
      {
        startupId: linked.user.id,
        companyName: 'Linked Co',
        industry: 'FinTech',
        stage: 'Series A',
        website: 'https://linked.example',
        description: buildStartupProfileBody().description,
      },
    ]);
    for (const startupId of [pending.user.id, declined.user.id, interested.user.id, awaited.user.id, othersOnly.user.id, 2147480000]) {
      const refused = await add(client, company({ startupId }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You can add a startup from your matches only once you are connected: both of you must accept the match.' });
    }

    const added = await add(client, company({ companyName: 'Linked Co', industry: 'FinTech', stage: 'Series A', startupId: linked.user.id }));
    expect(added.statusCode).toBe(201);
    expect(added.json().startupId).toBe(linked.user.id);
    expect((await client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json()).toEqual([]);
    const again = await add(client, company({ startupId: linked.user.id }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This startup is already in your portfolio.');

    // Removed from the portfolio, it is offered again.
    await client.request({ method: 'DELETE', url: `/api/portfolio/${added.json().id}` });
    expect((await client.request({ method: 'GET', url: '/api/portfolio/candidates' })).json()).toHaveLength(1);
  });

  it('adds a startup once even when two adds race', async () => {
    const { client, user } = await investor();
    const linked = await startupWithProfile({ companyName: 'Racy Co' });
    await suite.database.db.insert(matches).values({ startupId: linked.user.id, investorId: user.id, score: 80, ...matchState('accepted') });
    const results = await Promise.all([add(client, company({ startupId: linked.user.id })), add(client, company({ startupId: linked.user.id }))]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect(await list(client)).toHaveLength(1);
  });
});

describe('GET /api/portfolio/export.csv', () => {
  it('exports a CSV that spreadsheet apps cannot run as formulas', async () => {
    const { client } = await investor();
    await add(client, company({ companyName: '=HYPERLINK("http://evil")', description: 'Line one, with "quotes"\nline two' }));
    const response = await client.request({ method: 'GET', url: '/api/portfolio/export.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="portfolio.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Company,Industry,Stage,Website,Investment date,Investment (USD),Investment,Performance,Description');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil"")",HealthTech,Seed,https://nimbus.example,2025-06-30,2500000,$2.5M,growing,"Line one, with ""quotes""\nline two"`,
    );
    expect(lines[2]).toBe('');
  });

  it('neutralises every formula trigger, and quotes only what needs it', () => {
    // One cell as the export writes it: what a one-column file holds between the header and the last line end.
    const csvCell = (value: CsvCell) =>
      toCsv(['Cell'], [[value]])
        .replace(/^\uFEFF/, '')
        .slice('Cell\r\n'.length, -'\r\n'.length);
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('Plain text')).toBe('Plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(2_500_000)).toBe('2500000');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    // A number is data, never a formula: a negative one is written as it is.
    expect(csvCell(-5)).toBe('-5');
  });

  it('is just the header row for an empty portfolio', async () => {
    const { client } = await investor();
    const response = await client.request({ method: 'GET', url: '/api/portfolio/export.csv' });
    expect(response.body).toBe('\uFEFFCompany,Industry,Stage,Website,Investment date,Investment (USD),Investment,Performance,Description\r\n');
  });

  it('formats amounts the way the spec shows them', () => {
    expect(formatDollars(2_500_000)).toBe('$2.5M');
    expect(formatDollars(2_550_000)).toBe('$2.6M');
    expect(formatDollars(750_000)).toBe('$750K');
    expect(formatDollars(999_999)).toBe('$1M');
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
        ['FinTech', 'Series A'],
        ['FinTech', 'Seed'],
        ['SaaS', 'Seed'],
      ].map(async ([industry, stage]) => (await startupWithProfile({ industry, stage })).user),
    );
    const inserted = await db
      .insert(matches)
      .values([
        { startupId: startups[0]!.id, investorId: user.id, score: 95, ...matchState('accepted') },
        { startupId: startups[1]!.id, investorId: user.id, score: 72, ...matchState('accepted') },
        { startupId: startups[2]!.id, investorId: user.id, score: 41, ...matchState('rejected') },
      ])
      .returning();
    await db.insert(matchDecisions).values({ matchId: inserted[2]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: 'stage' });
    await db.insert(messages).values({ senderId: user.id, receiverId: startups[0]!.id, content: 'Hello' });
    const [document] = await db.insert(documents).values({ userId: startups[0]!.id, name: 'Deck', type: 'application/pdf', size: 1 }).returning();
    await db.insert(documentViews).values({ documentId: document!.id, viewerId: user.id, durationMs: 1000 });
    await add(client, company());
    await add(client, company({ companyName: 'Second', investmentAmount: 500_000, performance: 'declining' }));
    await add(client, company({ companyName: 'Third', industry: 'SaaS', investmentAmount: 9_000_000, performance: 'stable' }));

    const response = await client.request({ method: 'GET', url: '/api/analytics/investor' });
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics.funnel).toEqual({ suggested: 3, pending: 0, accepted: 2, declined: 1, declineReasons: [{ label: 'Not my stage', count: 1 }] });
    expect(analytics.scoreDistribution).toHaveLength(10);
    expect(analytics.scoreDistribution.find((bucket: { label: string }) => bucket.label === '90–100').count).toBe(1);
    expect(analytics.scoreDistribution.find((bucket: { label: string }) => bucket.label === '40–49').count).toBe(1);
    expect(analytics.scoreDistribution.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(3);
    expect(analytics.acceptedByIndustry).toEqual([{ label: 'FinTech', count: 2 }]);
    // Stages come in the spec's order, not alphabetically.
    expect(analytics.acceptedByStage).toEqual([
      { label: 'Seed', count: 1 },
      { label: 'Series A', count: 1 },
    ]);
    expect(analytics.weeklyActivity).toHaveLength(12);
    expect(analytics.weeklyActivity.at(-1)).toMatchObject({ messagesSent: 1, documentsViewed: 1 });
    expect(analytics.portfolioByIndustry).toEqual([
      { label: 'HealthTech', count: 2, amount: 3_000_000 },
      { label: 'SaaS', count: 1, amount: 9_000_000 },
    ]);
    expect(analytics.portfolioByPerformance).toEqual([
      { label: 'growing', count: 1 },
      { label: 'stable', count: 1 },
      { label: 'declining', count: 1 },
    ]);
  });

  it('splits declines by the reason of the decision that declined each match, so the reasons add up to the declines', async () => {
    const { client, user } = await investor();
    const db = suite.database.db;
    const startups = await Promise.all(Array.from({ length: 5 }, async () => (await startupWithProfile()).user));
    const rows = await db
      .insert(matches)
      .values([
        { startupId: startups[0]!.id, investorId: user.id, score: 50, ...matchState('rejected') },
        { startupId: startups[1]!.id, investorId: user.id, score: 50, ...matchState('rejected') },
        { startupId: startups[2]!.id, investorId: user.id, score: 50, ...matchState('rejected', 'startup') },
        { startupId: startups[3]!.id, investorId: user.id, score: 50, ...matchState('rejected') },
        { startupId: startups[4]!.id, investorId: user.id, score: 50, ...matchState('accepted') },
      ])
      .returning();
    const at = (minutes: number) => new Date(Date.UTC(2026, 9, 1, 12, minutes));
    await db.insert(matchDecisions).values([
      // Declined for check size, then again later for timing: the latest reason counts.
      { matchId: rows[0]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: 'check_size', decidedAt: at(0) },
      { matchId: rows[0]!.id, userId: user.id, side: 'investor', decision: 'accepted', reason: null, decidedAt: at(1) },
      { matchId: rows[0]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: 'timing', decidedAt: at(2) },
      // Declined without a reason.
      { matchId: rows[1]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: null, decidedAt: at(0) },
      // Declined by the startup: its reason is its own business.
      { matchId: rows[2]!.id, userId: startups[2]!.id, side: 'startup', decision: 'rejected', reason: 'location', decidedAt: at(0) },
      // rows[3] has no decision on record at all.
      // Declined for sector, then reconsidered: no longer a decline.
      { matchId: rows[4]!.id, userId: user.id, side: 'investor', decision: 'rejected', reason: 'sector', decidedAt: at(0) },
      { matchId: rows[4]!.id, userId: user.id, side: 'investor', decision: 'accepted', reason: null, decidedAt: at(1) },
    ]);
    const { funnel } = (await client.request({ method: 'GET', url: '/api/analytics/investor' })).json();
    expect(funnel).toMatchObject({ suggested: 5, accepted: 1, declined: 4 });
    expect(funnel.declineReasons).toEqual([
      { label: 'No reason given', count: 2 },
      { label: 'Timing', count: 1 },
      { label: 'Declined by the startup', count: 1 },
    ]);
  });

  describe('weekly activity, with a controlled clock', () => {
    // Sunday 2026-11-01 12:00 UTC: this ISO week began on Monday 2026-10-26.
    const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
    let clockApp: FastifyInstance;
    beforeAll(async () => {
      clockApp = await buildTestApp(suite.database, { clock });
    });
    afterAll(() => clockApp.close());

    it('counts messages sent and distinct documents viewed per UTC week, over the last 12 weeks only', async () => {
      const { client, user } = await investor(clockApp);
      const partner = (await startupWithProfile({}, clockApp)).user;
      const db = suite.database.db;
      const sent = (iso: string) => ({ senderId: user.id, receiverId: partner.id, content: 'Hi', sentAt: new Date(iso) });
      await db.insert(messages).values([
        sent('2026-10-26T00:00:00Z'), // the first instant of this week
        sent('2026-11-01T11:59:00Z'),
        sent('2026-10-25T23:59:59Z'), // the last instant of the week before
        sent('2026-08-09T12:00:00Z'), // the week of Aug 3, 13 weeks back: left out
        { senderId: partner.id, receiverId: user.id, content: 'Received, not sent', sentAt: new Date('2026-10-28T09:00:00Z') },
      ]);
      const [deck, model] = await db
        .insert(documents)
        .values([
          { userId: partner.id, name: 'Deck', type: 'application/pdf', size: 1 },
          { userId: partner.id, name: 'Model', type: 'application/pdf', size: 1 },
        ])
        .returning();
      await db.insert(documentViews).values([
        { documentId: deck!.id, viewerId: user.id, openedAt: new Date('2026-10-27T10:00:00Z') },
        { documentId: deck!.id, viewerId: user.id, openedAt: new Date('2026-10-28T10:00:00Z') }, // the same document again
        { documentId: model!.id, viewerId: user.id, openedAt: new Date('2026-10-29T10:00:00Z') },
        { documentId: model!.id, viewerId: partner.id, openedAt: new Date('2026-10-29T10:00:00Z') }, // someone else's view
      ]);

      const { weeklyActivity } = (await client.request({ method: 'GET', url: '/api/analytics/investor' })).json();
      expect(weeklyActivity).toHaveLength(12);
      expect(weeklyActivity[0].week).toBe('2026-08-10');
      expect(weeklyActivity.at(-1)).toEqual({ week: '2026-10-26', messagesSent: 2, documentsViewed: 2 });
      expect(weeklyActivity.at(-2)).toEqual({ week: '2026-10-19', messagesSent: 1, documentsViewed: 0 });
      const total = weeklyActivity.reduce((sum: number, week: { messagesSent: number }) => sum + week.messagesSent, 0);
      expect(total).toBe(3);
    });
  });

  it('counts only the investor’s own data', async () => {
    const mine = await investor();
    const theirs = await investor();
    const startup = (await startupWithProfile({ industry: 'EdTech' })).user;
    await suite.database.db.insert(matches).values({ startupId: startup.id, investorId: theirs.user.id, score: 99, ...matchState('accepted') });
    await suite.database.db.insert(messages).values({ senderId: theirs.user.id, receiverId: startup.id, content: 'Theirs' });
    await add(theirs.client, company());
    const analytics = (await mine.client.request({ method: 'GET', url: '/api/analytics/investor' })).json();
    expect(analytics.funnel).toEqual({ suggested: 0, pending: 0, accepted: 0, declined: 0, declineReasons: [] });
    expect(analytics.acceptedByIndustry).toEqual([]);
    expect(analytics.portfolioByIndustry).toEqual([]);
    expect(analytics.weeklyActivity.every((week: { messagesSent: number }) => week.messagesSent === 0)).toBe(true);
  });

  it('is all zeros and empty lists for a new investor', async () => {
    const { client } = await investor();
    const analytics = (await client.request({ method: 'GET', url: '/api/analytics/investor' })).json();
    expect(analytics).toMatchObject({
      funnel: { suggested: 0, pending: 0, accepted: 0, declined: 0, declineReasons: [] },
      acceptedByIndustry: [],
      acceptedByStage: [],
      portfolioByIndustry: [],
      portfolioByPerformance: [],
    });
    expect(analytics.scoreDistribution.every((bucket: { count: number }) => bucket.count === 0)).toBe(true);
    expect(analytics.weeklyActivity).toHaveLength(12);
  });
});
