// A new column never leaks (issue #16): responses are written from the contract's fields alone,
// now by compiled JSON Schema rather than a zod parse. Here the services themselves return an
// extra field on every object (as a careless `select *` would, with a password hash in it), and
// the real routes must answer exactly what the service meant to return without it: a plain object,
// a list with nullable nested objects, a union of two shapes and a discriminated union.
import { describe, expect, it, vi } from 'vitest';
import { matches } from '../../src/server/db/schema';
import type * as AuthService from '../../src/server/features/auth/auth.service';
import type * as DashboardService from '../../src/server/features/dashboard/dashboard.service';
import type * as MatchList from '../../src/server/features/matching/match-list';
import type * as MatchingService from '../../src/server/features/matching/matching.service';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { TestClient, useTestSuite } from '../support/test-app';

const leaks = vi.hoisted(() => {
  const SECRET = 'argon2id$leaked-hash';
  /** The service's own answer, kept to compare with what the route sent. */
  const meant: { value?: unknown } = {};
  const withSecrets = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withSecrets);
    if (typeof value !== 'object' || value === null) return value;
    return { ...Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSecrets(item)])), passwordHash: SECRET, internalNote: SECRET };
  };
  /** Wraps a service function: the route receives its answer with secrets added on every object. */
  const leaky =
    <A extends unknown[]>(service: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      const value = await service(...args);
      meant.value = JSON.parse(JSON.stringify(value));
      return withSecrets(value);
    };
  return { SECRET, meant, leaky };
});

vi.mock('../../src/server/features/matching/matching.service', async (importOriginal) => {
  const original = await importOriginal<typeof MatchingService>();
  return { ...original, decideMatch: leaks.leaky(original.decideMatch) };
});
vi.mock('../../src/server/features/matching/match-list', async (importOriginal) => {
  const original = await importOriginal<typeof MatchList>();
  return { ...original, listStartupMatchPage: leaks.leaky(original.listStartupMatchPage) };
});
vi.mock('../../src/server/features/dashboard/dashboard.service', async (importOriginal) => {
  const original = await importOriginal<typeof DashboardService>();
  // The reading's stats are the answer (its changesAt only tells the answer cache how long to keep it).
  return {
    ...original,
    getDashboardStats: async (...args: Parameters<typeof original.getDashboardStats>) => {
      const reading = await original.getDashboardStats(...args);
      return { ...reading, stats: await leaks.leaky(async () => reading.stats)() };
    },
  };
});
vi.mock('../../src/server/features/auth/auth.service', async (importOriginal) => {
  const original = await importOriginal<typeof AuthService>();
  return { ...original, getCurrentUser: leaks.leaky(original.getCurrentUser) };
});

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.18.${++ipCounter}`);

/** Sends the request and checks the answer is the service's own, with not a trace of the extra fields. */
async function expectNoLeak(client: TestClient, request: Parameters<TestClient['request']>[0], status = 200): Promise<unknown> {
  leaks.meant.value = undefined;
  const response = await client.request(request);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.body).not.toContain(leaks.SECRET);
  expect(response.body).not.toContain('passwordHash');
  expect(leaks.meant.value).toBeDefined();
  expect(response.json()).toEqual(leaks.meant.value);
  return response.json();
}

/** A stored explanation, in the engine's form (each reason worded for both sides). */
const breakdown = {
  score: 75,
  investorFit: 0.8,
  startupFit: 0.7,
  components: [
    { key: 'stage', side: 'investor', value: 1, weight: 2, contribution: 20, reason: { startup: 'Your stage fits', investor: 'Seed fits the thesis' } },
  ],
  topReasons: { startup: ['Your stage fits'], investor: ['Seed fits the thesis'] },
  biggestShortfall: { startup: null, investor: null },
  unknowns: { startup: [], investor: [] },
  gated: false,
  gateReason: null,
};

describe('a service answering with fields the contract does not list', () => {
  it('GET /api/user: the account without them', async () => {
    const client = newClient();
    await client.register('startup');
    expect(await expectNoLeak(client, { method: 'GET', url: '/api/user' })).toMatchObject({ userType: 'startup' });
  });

  it('GET /api/matches/startup: the page, its counts, each match, its breakdown (or null) and its investor card without them', async () => {
    const startup = newClient();
    const { user: startupUser } = await startup.register('startup');
    await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Leakless' }) });
    for (const [index, hasBreakdown] of [true, false].entries()) {
      const investor = newClient();
      const { user: investorUser } = await investor.register('investor');
      await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: `Fund ${index}` }) });
      await suite.database.db
        .insert(matches)
        .values({ startupId: startupUser.id, investorId: investorUser.id, score: 60 + index, breakdown: hasBreakdown ? breakdown : null });
    }
    const page = (await expectNoLeak(startup, { method: 'GET', url: '/api/matches/startup' })) as { items: Array<{ breakdown: unknown }>; counts: unknown };
    expect(page.items.map((match) => match.breakdown === null)).toEqual(expect.arrayContaining([true, false]));
    expect(page.counts).toMatchObject({ total: 2 });
  });

  it('POST /api/matches/:id/update: the union of both sides’ shapes picks the caller’s, without them', async () => {
    const startup = newClient();
    const { user: startupUser } = await startup.register('startup');
    await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Union Co' }) });
    const investor = newClient();
    const { user: investorUser } = await investor.register('investor');
    await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Union Capital' }) });
    const [match] = await suite.database.db
      .insert(matches)
      .values({ startupId: startupUser.id, investorId: investorUser.id, score: 75, breakdown })
      .returning();

    const startupSide = await expectNoLeak(startup, { method: 'POST', url: `/api/matches/${match!.id}/update`, payload: { status: 'accepted' } });
    expect(startupSide).toHaveProperty('investor');
    const investorSide = await expectNoLeak(investor, { method: 'POST', url: `/api/matches/${match!.id}/update`, payload: { status: 'accepted' } });
    expect(investorSide).toHaveProperty('startup');
  });

  it('GET /api/dashboard/stats: either role’s stat cards without them', async () => {
    const startup = newClient();
    await startup.register('startup');
    expect(await expectNoLeak(startup, { method: 'GET', url: '/api/dashboard/stats' })).toMatchObject({ kind: 'startup' });
    const investor = newClient();
    await investor.register('investor');
    expect(await expectNoLeak(investor, { method: 'GET', url: '/api/dashboard/stats' })).toMatchObject({ kind: 'investor' });
  });
});
