// Profiles (issue #3): own profile, edits with the spec's rules, computed completeness, public cards;
// traction and "raising now" (issue #19, "Public profiles that help decide").
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, startupProfiles } from '../../src/server/db/schema';
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

describe('traction and raising now (PUT /api/startup/profile)', () => {
  const NO_TRACTION = { arr: null, monthlyGrowthPercent: null, customers: null };
  const storedFinancials = async (userId: number) =>
    (await suite.database.db.select({ financials: startupProfiles.financials }).from(startupProfiles).where(eq(startupProfiles.userId, userId)))[0]!.financials;

  it('reads as no figures and raising now before anything is said', async () => {
    const { client } = await signedIn('startup');
    const saved = await putStartup(client, buildStartupProfileBody());
    expect(saved.json()).toMatchObject({ traction: NO_TRACTION, raisingNow: true });
  });

  it('saves the figures and the switch, reads them back, and keeps them when a later save omits them', async () => {
    const { client, user } = await signedIn('startup');
    const traction = { arr: 1_250_000, monthlyGrowthPercent: 12.5, customers: 48 };
    const saved = await putStartup(client, buildStartupProfileBody({ traction, raisingNow: false }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ traction, raisingNow: false });
    expect((await client.request({ method: 'GET', url: '/api/profile' })).json()).toMatchObject({ traction, raisingNow: false });
    // Stored in the spec's financials field, under the keys the matching engine reads (`arr`).
    expect(await storedFinancials(user.id)).toEqual(traction);

    // The Team Members tab sends the company fields without traction: nothing is lost.
    const later = await putStartup(client, buildStartupProfileBody({ team: [{ name: 'Ada', role: 'CEO', link: '' }] }));
    expect(later.json()).toMatchObject({ traction, raisingNow: false });

    // Settings › Deal flow writes the same switch.
    const settings = await client.request({ method: 'GET', url: '/api/intake-settings' });
    expect(settings.json().raisingNow).toBe(false);
    await client.request({ method: 'PUT', url: '/api/intake-settings', payload: { raisingNow: true } });
    expect((await client.request({ method: 'GET', url: '/api/profile' })).json().raisingNow).toBe(true);
  });

  it('clears a figure sent as null or left out of a sent traction, and accepts the bounds', async () => {
    const { client } = await signedIn('startup');
    await putStartup(client, buildStartupProfileBody({ traction: { arr: 500_000, monthlyGrowthPercent: 8, customers: 12 } }));
    const cleared = await putStartup(client, buildStartupProfileBody({ traction: { arr: null, customers: 0 } }));
    expect(cleared.json().traction).toEqual({ arr: null, monthlyGrowthPercent: null, customers: 0 });
    const bounds = await putStartup(client, buildStartupProfileBody({ traction: { arr: 0, monthlyGrowthPercent: -100, customers: null } }));
    expect(bounds.json().traction).toEqual({ arr: 0, monthlyGrowthPercent: -100, customers: null });
    const top = await putStartup(client, buildStartupProfileBody({ traction: { monthlyGrowthPercent: 1000 } }));
    expect(top.json().traction.monthlyGrowthPercent).toBe(1000);
  });

  it.each([
    ['traction.arr', { arr: -1 }, 'ARR must be a whole number of dollars, 0 or more'],
    ['traction.arr', { arr: 1500.5 }, 'ARR must be a whole number of dollars, 0 or more'],
    ['traction.arr', { arr: '1M' }, 'ARR must be a whole number of dollars, 0 or more'],
    ['traction.arr', { arr: 2_000_000_000_000 }, 'ARR must be at most $1,000,000,000,000'],
    ['traction.monthlyGrowthPercent', { monthlyGrowthPercent: -100.5 }, 'Monthly growth must be a percentage from -100 to 1000'],
    ['traction.monthlyGrowthPercent', { monthlyGrowthPercent: 1001 }, 'Monthly growth must be a percentage from -100 to 1000'],
    ['traction.monthlyGrowthPercent', { monthlyGrowthPercent: '10%' }, 'Monthly growth must be a percentage from -100 to 1000'],
    ['traction.customers', { customers: -3 }, 'Customers must be a whole number, 0 or more'],
    ['traction.customers', { customers: 2.5 }, 'Customers must be a whole number, 0 or more'],
    ['traction.customers', { customers: 20_000_000_000 }, 'Customers must be at most 10,000,000,000'],
  ])('rejects %s = %o with a clear sentence', async (field, traction, message) => {
    const { client } = await signedIn('startup');
    const response = await putStartup(client, buildStartupProfileBody({ traction }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
  });

  it('rejects a raisingNow that is not a boolean, and an unknown traction key', async () => {
    const { client } = await signedIn('startup');
    const raising = await putStartup(client, buildStartupProfileBody({ raisingNow: 'yes' }));
    expect(raising.statusCode).toBe(400);
    expect(raising.json().fieldErrors.raisingNow).toEqual(['Raising now must be true or false']);
    const unknown = await putStartup(client, buildStartupProfileBody({ traction: { mrr: 40_000 } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: mrr.');
  });

  it('reads an older financials shape leniently, and keeps its other keys through a traction save', async () => {
    const { client, user } = await signedIn('startup');
    await putStartup(client, buildStartupProfileBody());
    // The demo's shape, plus values today's rules would refuse.
    await suite.database.db
      .update(startupProfiles)
      .set({ financials: { arr: 420_000, growth: 'revenue-generating', customers: -3, monthlyGrowthPercent: 'fast', mrr: 35_000 } })
      .where(eq(startupProfiles.userId, user.id));
    const own = await client.request({ method: 'GET', url: '/api/profile' });
    expect(own.statusCode).toBe(200);
    expect(own.json().traction).toEqual({ arr: 420_000, monthlyGrowthPercent: null, customers: null });

    await suite.database.db
      .update(startupProfiles)
      .set({ financials: ['not', 'an', 'object'] })
      .where(eq(startupProfiles.userId, user.id));
    expect((await client.request({ method: 'GET', url: '/api/profile' })).json().traction).toEqual(NO_TRACTION);

    await suite.database.db
      .update(startupProfiles)
      .set({ financials: { growth: 'revenue-generating', mrr: 35_000, arr: 1 } })
      .where(eq(startupProfiles.userId, user.id));
    await putStartup(client, buildStartupProfileBody({ traction: { arr: null, customers: 9 } }));
    expect(await storedFinancials(user.id)).toEqual({ growth: 'revenue-generating', mrr: 35_000, customers: 9 });
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
      'raisingNow',
      'stage',
      'team',
      'teamSize',
      'traction',
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

  it('carry the team, traction and raising status to an investor, and nothing else of the stored data', async () => {
    const startup = await signedIn('startup');
    const team = [
      { name: 'Ada Lovelace', role: 'CEO', link: 'https://linkedin.example/ada' },
      { name: 'Alan Turing', role: 'CTO', link: '' },
    ];
    const investorPreferences = { stages: ['Seed'], checkSizes: [], industries: [], location: 'Private place' };
    await putStartup(
      startup.client,
      buildStartupProfileBody({ team, investorPreferences, traction: { arr: 900_000, monthlyGrowthPercent: 6.5, customers: 31 }, raisingNow: false }),
    );
    // Keys only older rows hold stay in the database, not on the card.
    const [row] = await suite.database.db.select().from(startupProfiles).where(eq(startupProfiles.userId, startup.user.id));
    await suite.database.db
      .update(startupProfiles)
      .set({ financials: { ...(row!.financials as object), burn: 'secret-burn-rate' }, pitchDeck: 'secret-deck.pdf', businessModel: { secret: 'model' } })
      .where(eq(startupProfiles.userId, startup.user.id));

    const investor = await signedIn('investor');
    const response = await investor.client.request({ method: 'GET', url: `/api/startups/${startup.user.id}` });
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ team, traction: { arr: 900_000, monthlyGrowthPercent: 6.5, customers: 31 }, raisingNow: false });
    expect(Object.keys(card.traction).sort()).toEqual(['arr', 'customers', 'monthlyGrowthPercent']);
    expect(response.body).not.toMatch(/secret|Private place/);
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
