// The activity feed and the dashboard's real numbers (issue #3).
import { describe, expect, it } from 'vitest';
import { documentAccess, documents, matches, messages, portfolioCompanies } from '../../src/server/db/schema';
import { recordActivity } from '../../src/server/features/activity/activity.service';
import { buildStartupProfileBody } from '../factories';
import { matchState, oneSidedAccept } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.1.${++ipCounter}`);

describe('GET /api/activities', () => {
  it('lists only the caller’s own activities, newest first', async () => {
    const mine = newClient();
    const { user } = await mine.register('startup');
    const other = newClient();
    await other.register('investor');
    await mine.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() });

    const response = await mine.request({ method: 'GET', url: '/api/activities' });
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json();
    expect(items.map((item: { activityType: string }) => item.activityType)).toEqual(['profile_updated', 'account_created']);
    expect(items[1]).toMatchObject({ entityId: user.id, description: 'Created your VentureMatch account' });
    expect(nextCursor).toBeNull();
  });

  it('pages with a cursor without gaps or repeats, even for entries created in the same millisecond', async () => {
    const client = newClient();
    const { user } = await client.register('investor');
    // 45 more entries, inserted in one transaction with one timestamp, so they all share it.
    const sameInstant = new Date();
    await suite.database.db.transaction(async (tx) => {
      for (let i = 0; i < 45; i++)
        await recordActivity(
          { db: tx, clock: () => sameInstant, events: suite.app.events },
          { userId: user.id, activityType: 'viewed_profile', entityId: i, description: `Entry ${i}` },
        );
    });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await client.request({ method: 'GET', url: '/api/activities', query: { limit: '20', ...(cursor ? { cursor } : {}) } });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      seen.push(...page.items.map((item: { id: number }) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(46);
    expect(new Set(seen).size).toBe(46);
  });

  it('rejects a forged cursor and a silly limit with 400', async () => {
    const client = newClient();
    await client.register('startup');
    expect((await client.request({ method: 'GET', url: '/api/activities?cursor=not-a-cursor' })).statusCode).toBe(400);
    expect((await client.request({ method: 'GET', url: '/api/activities?limit=5000' })).statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('is all zeros for a new startup', async () => {
    const client = newClient();
    await client.register('startup');
    const response = await client.request({ method: 'GET', url: '/api/dashboard/stats' });
    expect(response.json()).toEqual({
      kind: 'startup',
      averageMatchScore: 0,
      potentialMatches: 0,
      connectionRequests: 0,
      sharedDocuments: 0,
      activeConversations: 0,
    });
  });

  it('counts real matches, shared documents, conversations and portfolio companies', async () => {
    const db = suite.database.db;
    const startup = newClient();
    const { user: startupUser } = await startup.register('startup');
    const investors = await Promise.all([0, 1, 2].map(async () => (await newClient().register('investor')).user));
    const investorClient = newClient();
    const { user: investorUser } = await investorClient.register('investor');

    await db.insert(matches).values([
      // investors[0] wants to connect with the startup; the startup wants to connect with investorUser.
      { startupId: startupUser.id, investorId: investors[0]!.id, score: 81, ...oneSidedAccept('investor') },
      { startupId: startupUser.id, investorId: investors[1]!.id, score: 70, ...matchState('accepted') },
      { startupId: startupUser.id, investorId: investors[2]!.id, score: 64, ...matchState('pending') },
      { startupId: startupUser.id, investorId: investorUser.id, score: 90, ...oneSidedAccept('startup') },
    ]);
    const [sharedDoc, revokedDoc] = await db
      .insert(documents)
      .values([
        { userId: startupUser.id, name: 'Deck', type: 'application/pdf', size: 10 },
        { userId: startupUser.id, name: 'Old deck', type: 'application/pdf', size: 10 },
        { userId: startupUser.id, name: 'Private', type: 'application/pdf', size: 10 },
      ])
      .returning();
    await db.insert(documentAccess).values([
      { documentId: sharedDoc!.id, userId: investors[1]!.id, grantedBy: startupUser.id },
      { documentId: sharedDoc!.id, userId: investorUser.id, grantedBy: startupUser.id },
      { documentId: revokedDoc!.id, userId: investors[1]!.id, grantedBy: startupUser.id, revokedAt: new Date() },
    ]);
    await db.insert(messages).values([
      { senderId: startupUser.id, receiverId: investors[1]!.id, content: 'Hello' },
      { senderId: investors[1]!.id, receiverId: startupUser.id, content: 'Hi back' },
      { senderId: investorUser.id, receiverId: startupUser.id, content: 'Interested' },
    ]);
    await db.insert(portfolioCompanies).values({
      investorId: investorUser.id,
      companyName: 'Past Co',
      industry: 'SaaS',
      stage: 'Seed',
      investmentDate: '2024-01-01',
      investmentAmount: 500_000,
      description: 'An earlier investment.',
    });

    const startupStats = (await startup.request({ method: 'GET', url: '/api/dashboard/stats' })).json();
    // mean(81, 70, 64, 90) = 76.25 → 76; pending 3, one of them a request waiting for the startup;
    // one document with a live grant; two partners.
    expect(startupStats).toEqual({
      kind: 'startup',
      averageMatchScore: 76,
      potentialMatches: 3,
      connectionRequests: 1,
      sharedDocuments: 1,
      activeConversations: 2,
    });

    const investorStats = (await investorClient.request({ method: 'GET', url: '/api/dashboard/stats' })).json();
    expect(investorStats).toEqual({
      kind: 'investor',
      averageMatchScore: 90,
      potentialStartups: 1,
      connectionRequests: 1,
      portfolioCompanies: 1,
      activeConversations: 1,
    });
  });
});
