// Profiles (issue #3): own profile, edits with the spec's rules, computed completeness, public cards.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities } from '../../src/server/db/schema';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.0.${++ipCounter}`);

async function signedIn(userType: 'startup' | 'investor') {
  const client = newClient();
  const { user } = await client.register(userType);
  return { client, user };
}

const putStartup = (client: TestClient, payload: object) => client.request({ method: 'PUT', url: '/api/startup/profile', payload });
const putInvestor = (client: TestClient, payload: object) => client.request({ method: 'PUT', url: '/api/investor/profile', payload });

describe('GET /api/profile', () => {
  it('answers 404 with a clear message before a profile exists', async () => {
    const { client } = await signedIn('startup');
    const response = await client.request({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/You have not created your profile yet/);
  });

  it('returns the caller’s own profile after saving', async () => {
    const { client, user } = await signedIn('investor');
    await putInvestor(client, buildInvestorProfileBody({ firmName: 'Own Firm' }));
    const response = await client.request({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'investor', userId: user.id, firmName: 'Own Firm' });
  });
});

describe('PUT /api/startup/profile', () => {
  it('creates then updates the profile and records profile_updated each time', async () => {
    const { client, user } = await signedIn('startup');
    const created = await putStartup(client, buildStartupProfileBody());
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ kind: 'startup', companyName: 'Acme Analytics', teamSize: 6, fundingGoal: 1_000_000, team: [] });

    const updated = await putStartup(client, buildStartupProfileBody({ companyName: 'Acme Forecasting' }));
    expect(updated.json().companyName).toBe('Acme Forecasting');
    expect(updated.json().id).toBe(created.json().id);

    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.activityType, 'profile_updated')));
    expect(feed).toHaveLength(2);
  });

  it.each([
    ['companyName', { companyName: 'A' }, 'Company name must be at least 2 characters'],
    ['website', { website: 'not a url' }, 'Please enter a valid URL'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['website', { website: 'ftp://files.example' }, 'Please enter a valid URL'],
    ['location', { location: 'X' }, 'Location must be at least 2 characters'],
    ['stage', { stage: 'Series Z' }, 'Please select a stage'],
    ['industry', { industry: 'Tobacco' }, 'Please select an industry'],
    ['description', { description: 'Too short' }, 'Description must be at least 10 characters'],
    ['teamSize', { teamSize: 7 }, 'Please select team size'],
    ['teamSize', { teamSize: undefined }, 'Please select team size'],
    ['fundingGoal', { fundingGoal: 123 }, 'Please select funding goal'],
    ['foundingDate', { foundingDate: 'last year' }, 'Please enter a valid date'],
  ])('rejects an invalid %s (%o) with the spec message', async (field, overrides, message) => {
    const { client } = await signedIn('startup');
    const response = await putStartup(client, buildStartupProfileBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('accepts an empty website and an empty founding date', async () => {
    const { client } = await signedIn('startup');
    const response = await putStartup(client, buildStartupProfileBody({ website: '', foundingDate: '' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ website: null, foundingDate: null });
  });

  it.each([{ profileCompleteness: 100 }, { id: 5 }, { userId: 1 }, { updatedAt: '2026-01-01' }, { isVerified: true }])(
    'rejects the unknown or server-owned field %o',
    async (extra) => {
      const { client } = await signedIn('startup');
      const response = await putStartup(client, { ...buildStartupProfileBody(), ...extra });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Unknown field/);
    },
  );

  it('is for startups only', async () => {
    const { client } = await signedIn('investor');
    const response = await putStartup(client, buildStartupProfileBody());
    expect(response.statusCode).toBe(403);
  });

  it('stores team members and investor preferences, and keeps them when a later save omits them', async () => {
    const { client } = await signedIn('startup');
    const team = [
      { name: 'Ada Lovelace', role: 'CEO', link: 'https://linkedin.example/ada' },
      { name: 'Alan Turing', role: 'CTO', link: '' },
    ];
    const investorPreferences = { stages: ['Seed'], checkSizes: ['$1M - $3M'], industries: ['SaaS', 'AI/ML'], location: 'Europe' };
    const saved = await putStartup(client, buildStartupProfileBody({ team, investorPreferences }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ team, investorPreferences });

    const later = await putStartup(client, buildStartupProfileBody({ description: 'A new and longer description of the company.' }));
    expect(later.json()).toMatchObject({ team, investorPreferences });
  });

  it.each([
    [{ team: [{ name: '', role: 'CEO' }] }, 'team.0.name', 'Name is required'],
    [{ team: [{ name: 'Eve', role: 'CFO', link: 'javascript:alert(1)' }] }, 'team.0.link', 'Please enter a valid URL'],
    [
      { investorPreferences: { stages: ['Series Z'], checkSizes: [], industries: [], location: '' } },
      'investorPreferences.stages.0',
      'Please choose stages from the list',
    ],
    [
      { investorPreferences: { stages: [], checkSizes: ['$1B'], industries: [], location: '' } },
      'investorPreferences.checkSizes.0',
      'Please choose check sizes from the list',
    ],
  ])('validates team members and preferences: %o', async (overrides, field, message) => {
    const { client } = await signedIn('startup');
    const response = await putStartup(client, buildStartupProfileBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('computes profileCompleteness on the server from what is filled', async () => {
    const { client } = await signedIn('startup');
    const minimal = await putStartup(client, buildStartupProfileBody({ website: '', foundingDate: '' }));
    // Everything required (name 10, location 10, stage 10, industry 10, description 15, team size 5, goal 10).
    expect(minimal.json().profileCompleteness).toBe(70);
    const full = await putStartup(
      client,
      buildStartupProfileBody({
        team: [{ name: 'Ada', role: 'CEO', link: '' }],
        investorPreferences: { stages: ['Seed'], checkSizes: [], industries: [], location: '' },
      }),
    );
    expect(full.json().profileCompleteness).toBe(100);
  });
});

describe('PUT /api/investor/profile', () => {
  it('saves the lists of spec values', async () => {
    const { client } = await signedIn('investor');
    const response = await putInvestor(client, buildInvestorProfileBody());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      industryFocus: ['SaaS', 'FinTech'],
      stagePreference: ['Seed', 'Series A'],
      investmentRange: ['$500K - $1M', '$1M - $3M'],
      profileCompleteness: 100,
    });
  });

  it.each([
    ['firmName', { firmName: 'B' }, 'Firm name must be at least 2 characters'],
    ['investmentThesis', { investmentThesis: 'Short' }, 'Investment thesis must be at least 10 characters'],
    ['description', { description: 'Short' }, 'Description must be at least 10 characters'],
    ['location', { location: 'Z' }, 'Location must be at least 2 characters'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['industryFocus.0', { industryFocus: ['Gambling'] }, 'Please choose industries from the list'],
    ['stagePreference.0', { stagePreference: ['Series Z'] }, 'Please choose stages from the list'],
    ['investmentRange.0', { investmentRange: ['$1B+'] }, 'Please choose check sizes from the list'],
    ['industryFocus', { industryFocus: ['SaaS', 'SaaS'] }, 'Each choice may appear only once'],
    ['portfolioSize', { portfolioSize: -1 }, 'Portfolio size cannot be negative'],
  ])('rejects an invalid %s with a clear message', async (field, overrides, message) => {
    const { client } = await signedIn('investor');
    const response = await putInvestor(client, buildInvestorProfileBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('is for investors only and rejects server-owned fields', async () => {
    const startup = await signedIn('startup');
    expect((await putInvestor(startup.client, buildInvestorProfileBody())).statusCode).toBe(403);
    const investor = await signedIn('investor');
    expect((await putInvestor(investor.client, { ...buildInvestorProfileBody(), profileCompleteness: 99 })).statusCode).toBe(400);
  });
});

describe('public profile cards', () => {
  it('show an investor exactly the startup card fields, and record viewed_profile once per hour', async () => {
    const startup = await signedIn('startup');
    await putStartup(startup.client, buildStartupProfileBody({ companyName: 'Card Co', team: [{ name: 'Secret Person', role: 'CEO', link: '' }] }));
    const investor = await signedIn('investor');

    const response = await investor.client.request({ method: 'GET', url: `/api/startups/${startup.user.id}` });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'companyName',
      'description',
      'emailVerified',
      'foundingDate',
      'fundingGoal',
      'id',
      'industry',
      'location',
      'logo',
      'stage',
      'teamSize',
      'website',
    ]);
    expect(response.json()).toMatchObject({ id: startup.user.id, companyName: 'Card Co' });

    await investor.client.request({ method: 'GET', url: `/api/startups/${startup.user.id}` });
    const views = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, investor.user.id), eq(activities.activityType, 'viewed_profile')));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ entityId: startup.user.id, description: "Viewed Card Co's profile" });
  });

  it('show a startup exactly the investor card fields', async () => {
    const investor = await signedIn('investor');
    await putInvestor(investor.client, buildInvestorProfileBody());
    const startup = await signedIn('startup');
    const response = await startup.client.request({ method: 'GET', url: `/api/investors/${investor.user.id}` });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'description',
      'emailVerified',
      'firmName',
      'foundingDate',
      'id',
      'industryFocus',
      'investmentRange',
      'investmentThesis',
      'location',
      'logo',
      'portfolioSize',
      'stagePreference',
      'website',
    ]);
  });

  it('are only for the other role, and 404 for an account without that profile', async () => {
    const startupA = await signedIn('startup');
    await putStartup(startupA.client, buildStartupProfileBody());
    const startupB = await signedIn('startup');
    expect((await startupB.client.request({ method: 'GET', url: `/api/startups/${startupA.user.id}` })).statusCode).toBe(403);

    const investor = await signedIn('investor');
    expect((await investor.client.request({ method: 'GET', url: `/api/startups/${investor.user.id}` })).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'GET', url: '/api/startups/999999' })).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'GET', url: '/api/startups/abc' })).statusCode).toBe(400);
  });
});
