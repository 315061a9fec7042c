// The dashboard's stat cards from one query (issue #16). The query restates four features' rules
// (docs: dashboard.service.ts), so it is checked against their own count functions on a varied
// account, before and after the clock moves past a grant's expiry; and it must stay one statement.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/server/actor';
import { documentAccess, documents, matches, messages, portfolioCompanies } from '../../src/server/db/schema';
import { getDashboardStats } from '../../src/server/features/dashboard';
import { countSharedDocuments } from '../../src/server/features/data-room';
import { summarizeMatches } from '../../src/server/features/matching';
import { countActiveConversations } from '../../src/server/features/messaging';
import { countPortfolioCompanies } from '../../src/server/features/portfolio';
import { matchState, oneSidedAccept } from '../support/match-state';
import { serviceContext } from '../support/service-context';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock();
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.19.${++ipCounter}`);
const HOUR_MS = 60 * 60 * 1000;

/** What the dashboard said before it was one query: each feature's own count. */
async function featureCounts(actor: Actor) {
  const ctx = serviceContext(suite.app, actor);
  const summary = await summarizeMatches(ctx);
  const common = {
    averageMatchScore: summary.averageScore,
    connectionRequests: summary.connectionRequests,
    activeConversations: await countActiveConversations(ctx),
  };
  return actor.userType === 'startup'
    ? { kind: 'startup', ...common, potentialMatches: summary.pendingCount, sharedDocuments: await countSharedDocuments(ctx) }
    : { kind: 'investor', ...common, potentialStartups: summary.pendingCount, portfolioCompanies: await countPortfolioCompanies(ctx) };
}

/** A startup and an investor with matches in every state, grants live, revoked and expiring, messages and a portfolio. */
async function busyAccounts(): Promise<{ startup: Actor; investor: Actor; clients: { startup: TestClient; investor: TestClient } }> {
  const db = suite.database.db;
  const startupClient = newClient();
  const { user: startupUser } = await startupClient.register('startup');
  const investorClient = newClient();
  const { user: investorUser } = await investorClient.register('investor');
  const others = await Promise.all(
    (['investor', 'investor', 'investor', 'startup', 'startup'] as const).map(async (role) => (await newClient().register(role)).user),
  );
  const [investorA, investorB, investorC, startupA, startupB] = others as [(typeof others)[number], ...typeof others];
  await db.insert(matches).values([
    { startupId: startupUser.id, investorId: investorUser.id, score: 91, ...oneSidedAccept('investor') },
    { startupId: startupUser.id, investorId: investorA.id, score: 67, ...oneSidedAccept('startup') },
    { startupId: startupUser.id, investorId: investorB!.id, score: 58, ...matchState('accepted') },
    { startupId: startupUser.id, investorId: investorC!.id, score: 33, ...matchState('rejected', 'startup') },
    { startupId: startupA!.id, investorId: investorUser.id, score: 72, ...matchState('pending') },
    { startupId: startupB!.id, investorId: investorUser.id, score: 49, ...oneSidedAccept('startup') },
  ]);
  const now = clock.now().getTime();
  const [live, revoked, expiring, expired] = await db
    .insert(documents)
    .values(['Live', 'Revoked', 'Expiring', 'Expired', 'Private'].map((name) => ({ userId: startupUser.id, name, type: 'application/pdf', size: 10 })))
    .returning();
  await db.insert(documentAccess).values([
    { documentId: live!.id, userId: investorUser.id, grantedBy: startupUser.id },
    { documentId: live!.id, userId: investorA.id, grantedBy: startupUser.id, expiresAt: new Date(now + 24 * HOUR_MS) },
    { documentId: revoked!.id, userId: investorA.id, grantedBy: startupUser.id, revokedAt: new Date(now - HOUR_MS) },
    { documentId: expiring!.id, userId: investorB!.id, grantedBy: startupUser.id, expiresAt: new Date(now + HOUR_MS) },
    { documentId: expired!.id, userId: investorB!.id, grantedBy: startupUser.id, expiresAt: new Date(now - HOUR_MS) },
  ]);
  await db.insert(messages).values([
    { senderId: startupUser.id, receiverId: investorB!.id, content: 'Hello' },
    { senderId: investorB!.id, receiverId: startupUser.id, content: 'Hi' },
    { senderId: investorUser.id, receiverId: startupUser.id, content: 'Interested' },
    { senderId: investorUser.id, receiverId: startupA!.id, content: 'Intro' },
    { senderId: startupB!.id, receiverId: investorUser.id, content: 'Our deck' },
    { senderId: investorA.id, receiverId: investorB!.id, content: 'Not ours' },
  ]);
  await db.insert(portfolioCompanies).values(
    ['One', 'Two'].map((companyName) => ({
      investorId: investorUser.id,
      companyName,
      industry: 'SaaS',
      stage: 'Seed',
      investmentDate: '2024-01-01',
      investmentAmount: 100_000,
      description: 'An earlier investment.',
    })),
  );
  const actor = (user: { id: number; userType: 'startup' | 'investor' }): Actor => ({ id: user.id, userType: user.userType, sessionId: 'test' });
  return { startup: actor(startupUser), investor: actor(investorUser), clients: { startup: startupClient, investor: investorClient } };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/dashboard/stats as one query', () => {
  it('says what each feature’s own count says, for both roles, before and after a grant expires', async () => {
    const { startup, investor, clients } = await busyAccounts();
    const startupBefore = (await clients.startup.request({ method: 'GET', url: '/api/dashboard/stats' })).json();
    expect(startupBefore).toEqual(await featureCounts(startup));
    // Two live documents (the expiring grant still counts), 2 pending, 1 request, 2 partners.
    expect(startupBefore).toMatchObject({ sharedDocuments: 2, potentialMatches: 2, connectionRequests: 1, activeConversations: 2 });
    const investorReading = await getDashboardStats(serviceContext(suite.app, investor));
    expect(investorReading.stats).toEqual(await featureCounts(investor));
    expect(investorReading.changesAt).toBeNull();
    // The count next drops when the grant that expires in an hour does (not the one a day away).
    const startupReading = await getDashboardStats(serviceContext(suite.app, startup));
    expect(startupReading.changesAt?.getTime()).toBe(clock.now().getTime() + HOUR_MS);

    clock.advanceMs(2 * HOUR_MS);
    const startupAfter = await getDashboardStats(serviceContext(suite.app, startup));
    expect(startupAfter.stats).toEqual(await featureCounts(startup));
    expect(startupAfter.stats).toMatchObject({ sharedDocuments: 1 });
    expect(startupAfter.changesAt?.getTime()).toBe(clock.now().getTime() + 22 * HOUR_MS);
  });

  it('reads the four features’ tables in a single statement', async () => {
    const { clients } = await busyAccounts();
    // The first call resolves the session, so the one measured is answered from the session cache;
    // it is another route, since a second stats call would come from the answer cache, reading nothing.
    await clients.investor.request({ method: 'GET', url: '/api/user' });
    const statements: string[] = [];
    const database = suite.database;
    const driver = (database.pglite ?? database.pool) as unknown as { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> };
    const query = driver.query.bind(driver);
    vi.spyOn(driver, 'query').mockImplementation((text: unknown, ...rest: unknown[]) => {
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return query(text, ...rest);
    });
    const response = await clients.investor.request({ method: 'GET', url: '/api/dashboard/stats' });
    expect(response.statusCode).toBe(200);
    const readingStats = statements.filter((text) => /"(matches|messages|documents|document_access|portfolio_companies)"/.test(text));
    expect(readingStats).toHaveLength(1);
  });
});
