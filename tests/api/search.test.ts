// Search everywhere (issue #18; docs/search.md): each type's results with their highlights and
// links, prefix and typo matching, the query's validation, and tests that try to reach what the
// caller may not see (other people's messages and plans, unshared, revoked and expired documents,
// blocked and deleted accounts, the caller's own role). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentAccess, documents, matches, users } from '../../src/server/db/schema';
import type { SearchResponse, SearchResult, SearchType } from '../../src/shared/contracts/search';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { connectPair } from '../support/match-state';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.60.${++ipCounter}`);

async function startupWithProfile(profile: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('startup');
  const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody(profile) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function investorWithProfile(profile: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('investor');
  const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody(profile) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

type Party = Awaited<ReturnType<typeof startupWithProfile>>;

async function connect(startup: Party, investor: Party) {
  const [match] = await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: investor.user.id, score: 80 }).returning();
  await connectPair(startup.client, investor.client, match!.id);
}

async function sendMessage(from: Party, to: Party, content: string): Promise<number> {
  const response = await from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function createMilestone(startup: Party, investor: Party, title: string, description = ''): Promise<number> {
  const response = await startup.client.request({ method: 'POST', url: '/api/milestones', payload: { title, description, investorId: investor.user.id } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A document row as an upload leaves it (search reads only the row, never the bytes). */
async function insertDocument(owner: Party, name: string, category = 'Pitch Deck'): Promise<number> {
  const [row] = await suite.database.db
    .insert(documents)
    .values({ userId: owner.user.id, name, category, type: 'application/pdf', size: 10, storageKey: `documents/${owner.user.id}/${name}` })
    .returning({ id: documents.id });
  return row!.id;
}

async function grant(documentId: number, owner: Party, grantee: Party, grantFields: { revokedAt?: Date; expiresAt?: Date } = {}) {
  await suite.database.db
    .insert(documentAccess)
    .values({ documentId, userId: grantee.user.id, grantedBy: owner.user.id, grantedAt: clock.now(), ...grantFields });
}

async function search(client: TestClient, query: string): Promise<SearchResponse> {
  const response = await client.request({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function resultsOf(client: TestClient, q: string, type: SearchType): Promise<SearchResult[]> {
  const answer = await search(client, new URLSearchParams({ q, types: type, limit: '50' }).toString());
  return answer.groups.find((group) => group.type === type)!.results;
}

const idsOf = async (client: TestClient, q: string, type: SearchType) => (await resultsOf(client, q, type)).map((result) => result.id);

/** The highlighted parts of a result's snippet, as text. */
const marked = (result: SearchResult) => result.highlights.map(([start, end]) => result.snippet.slice(start, end));

const block = async (client: TestClient, userId: number) =>
  expect((await client.request({ method: 'POST', url: '/api/blocks', payload: { userId } })).statusCode).toBe(201);

describe('search results', () => {
  it('finds each type the caller may see, grouped, with the match highlighted and a link to open it', async () => {
    const startup = await startupWithProfile({ companyName: 'Quillon Books', description: 'Quillon reconciles invoices for dental clinics.' });
    const investor = await investorWithProfile({ firmName: 'Tamarind Ventures' });
    await connect(startup, investor);
    const messageId = await sendMessage(startup, investor, 'Our reconciliation pilot with three clinics starts Monday.');
    const documentId = await insertDocument(startup, 'Reconciliation memo', 'Business Plan');
    await grant(documentId, startup, investor);
    const milestoneId = await createMilestone(startup, investor, 'Reconciliation pilot', 'Three clinics live');

    const forInvestor = await search(investor.client, 'q=reconcil');
    expect(forInvestor.groups.map((group) => group.type)).toEqual(['profile', 'document', 'message', 'milestone']);
    const [profile, document, message, milestone] = forInvestor.groups.map((group) => group.results);
    expect(profile).toEqual([
      {
        type: 'profile',
        id: startup.user.id,
        title: 'Quillon Books',
        snippet: 'Quillon Books · SaaS · Austin, USA · Quillon reconciles invoices for dental clinics.',
        highlights: [[45, 53]],
        url: `/startup/${startup.user.id}`,
      },
    ]);
    expect(marked(profile![0]!)).toEqual(['reconcil']);
    expect(document).toEqual([
      {
        type: 'document',
        id: documentId,
        title: 'Reconciliation memo',
        snippet: 'Reconciliation memo · Business Plan',
        highlights: [[0, 8]],
        url: '/investor/documents',
      },
    ]);
    expect(message).toEqual([
      {
        type: 'message',
        id: messageId,
        title: 'Quillon Books',
        snippet: 'Our reconciliation pilot with three clinics starts Monday.',
        highlights: [[4, 12]],
        url: `/messages?partner=${startup.user.id}&message=${messageId}`,
      },
    ]);
    expect(milestone).toEqual([
      {
        type: 'milestone',
        id: milestoneId,
        title: 'Reconciliation pilot',
        snippet: 'Reconciliation pilot · Three clinics live',
        highlights: [[0, 8]],
        url: `/investor/milestones?partner=${startup.user.id}`,
      },
    ]);

    // The founder: their own document opens its analytics, the conversation is Communications.
    const forStartup = await search(startup.client, 'q=reconcil');
    const byType = Object.fromEntries(forStartup.groups.map((group) => [group.type, group.results]));
    expect(byType.profile).toEqual([]);
    expect(byType.document!.map((result) => result.url)).toEqual([`/startup/data-room?document=${documentId}`]);
    expect(byType.message!.map((result) => [result.title, result.url])).toEqual([
      ['Tamarind Ventures', `/startup/communications?partner=${investor.user.id}&message=${messageId}`],
    ]);
    expect(byType.milestone!.map((result) => result.url)).toEqual([`/startup/milestones?partner=${investor.user.id}`]);

    // types and limit narrow the answer.
    const onlyMessages = await search(investor.client, 'q=clinics&types=message,milestone&limit=1');
    expect(onlyMessages.groups.map((group) => [group.type, group.results.length])).toEqual([
      ['message', 1],
      ['milestone', 1],
    ]);
  });

  it('matches as you type (prefixes), forgives typos in names, and reads quotes, "or" and -exclusions', async () => {
    const ledger = await startupWithProfile({ companyName: 'Ledger Loom', industry: 'FinTech', description: 'Bookkeeping for bakeries.' });
    const garden = await startupWithProfile({ companyName: 'Sprout Garden', industry: 'CleanTech', description: 'Sensors for greenhouse bakeries.' });
    const investor = await investorWithProfile({ firmName: 'Prefix Partners' });

    const fin = await resultsOf(investor.client, 'fin', 'profile');
    expect(fin.map((result) => result.id)).toContain(ledger.user.id);
    expect(marked(fin.find((result) => result.id === ledger.user.id)!)).toEqual(['Fin']);

    const typo = await resultsOf(investor.client, 'ledgr', 'profile');
    expect(typo.map((result) => result.id)).toEqual([ledger.user.id]);
    expect(marked(typo[0]!)).toEqual(['Ledger']);

    expect(await idsOf(investor.client, 'bakeries -greenhouse', 'profile')).toEqual([ledger.user.id]);
    expect(await idsOf(investor.client, '"sensors for"', 'profile')).toEqual([garden.user.id]);
    expect(new Set(await idsOf(investor.client, 'bookkeeping or greenhouse', 'profile'))).toEqual(new Set([ledger.user.id, garden.user.id]));
    // The best match comes first: the name outranks a word in the description.
    await startupWithProfile({ companyName: 'Loom Works', description: 'Ledger-free looms.' });
    expect((await resultsOf(investor.client, 'ledger', 'profile'))[0]!.id).toBe(ledger.user.id);
  });

  it('cuts a long text around its first match', async () => {
    const startup = await startupWithProfile({ companyName: 'Long Winded' });
    const investor = await investorWithProfile({ firmName: 'Patient Capital' });
    await connect(startup, investor);
    const filler = 'word '.repeat(60);
    await sendMessage(startup, investor, `${filler}the kumquat forecast is ready ${filler}`);
    const [result] = await resultsOf(investor.client, 'kumquat', 'message');
    expect(result!.snippet.startsWith('…')).toBe(true);
    expect(result!.snippet.endsWith('…')).toBe(true);
    expect(result!.snippet.length).toBeLessThanOrEqual(162);
    expect(marked(result!)).toEqual(['kumquat']);
  });

  it('answers odd text with results or none, never an error', async () => {
    const investor = await investorWithProfile();
    for (const q of [`'`, `"`, `-`, `or`, `:*`, `a & b | !c`, `\\'`, `'':*`, `(((`, `O'Brien's`, `<->`, `%_`, `日本語`, `x`.repeat(200)]) {
      const response = await investor.client.request({ method: 'GET', url: `/api/search?${new URLSearchParams({ q })}` });
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
  });

  it('validates the query with sentences a person can read', async () => {
    const investor = await investorWithProfile();
    const ask = async (query: string) => {
      const response = await investor.client.request({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json());
    };
    expect(await ask('')).toContain('Type something to search for.');
    expect(await ask('q=%20%20')).toContain('Type something to search for.');
    expect(await ask(`q=${'x'.repeat(201)}`)).toContain('Search for at most 200 characters.');
    expect(await ask('q=a&types=people')).toContain('types must be a comma-separated list of profile, document, message, milestone');
    expect(await ask('q=a&limit=0')).toContain('limit must be between 1 and 50');
    expect(await ask('q=a&limit=51')).toContain('limit must be between 1 and 50');
    expect(await ask('q=a&other=1')).toContain('other');
  });
});

describe('search never shows what the caller may not see', () => {
  it('never returns another pair’s messages or plans', async () => {
    const startup = await startupWithProfile({ companyName: 'Private Pair Co' });
    const investor = await investorWithProfile({ firmName: 'Private Pair Capital' });
    await connect(startup, investor);
    await sendMessage(startup, investor, 'The walrus numbers are confidential.');
    await createMilestone(startup, investor, 'Walrus audit');

    const outsiderInvestor = await investorWithProfile({ firmName: 'Nosy Capital' });
    const outsiderStartup = await startupWithProfile({ companyName: 'Nosy Startup' });
    for (const outsider of [outsiderInvestor, outsiderStartup]) {
      expect(await idsOf(outsider.client, 'walrus', 'message')).toEqual([]);
      expect(await idsOf(outsider.client, 'walrus', 'milestone')).toEqual([]);
    }
    expect(await idsOf(investor.client, 'walrus', 'message')).toHaveLength(1);
    expect(await idsOf(startup.client, 'walrus', 'milestone')).toHaveLength(1);
  });

  it('returns a document only to its owner and to holders of a live grant: never unshared, revoked or expired', async () => {
    const owner = await startupWithProfile({ companyName: 'Grant Owner' });
    const [live, revoked, expired, never] = await Promise.all([
      investorWithProfile({ firmName: 'Live Grant' }),
      investorWithProfile({ firmName: 'Revoked Grant' }),
      investorWithProfile({ firmName: 'Expired Grant' }),
      investorWithProfile({ firmName: 'Never Granted' }),
    ]);
    const documentId = await insertDocument(owner, 'Narwhal cap table', 'Financial Projections');
    await grant(documentId, owner, live, { expiresAt: new Date(clock.now().getTime() + 60_000) });
    await grant(documentId, owner, revoked, { revokedAt: clock.now() });
    await grant(documentId, owner, expired, { expiresAt: new Date(clock.now().getTime() - 1) });
    const otherStartup = await startupWithProfile({ companyName: 'Other Founder' });

    expect(await idsOf(owner.client, 'narwhal', 'document')).toEqual([documentId]);
    expect(await idsOf(live.client, 'narwhal', 'document')).toEqual([documentId]);
    // A typo reaches names by similarity too, and still only through the same rule.
    expect(await idsOf(live.client, 'narwhl', 'document')).toEqual([documentId]);
    for (const outsider of [revoked, expired, never, otherStartup]) {
      expect(await idsOf(outsider.client, 'narwhal', 'document')).toEqual([]);
      expect(await idsOf(outsider.client, 'narwhl', 'document')).toEqual([]);
    }
    // The grant runs out while the investor is searching: the next search no longer finds it.
    clock.advanceMs(60_000);
    expect(await idsOf(live.client, 'narwhal', 'document')).toEqual([]);
  });

  it('never shows a blocked profile, whoever blocked whom, nor their messages and plans', async () => {
    const blocker = await startupWithProfile({ companyName: 'Ocelot Blocker' });
    const blockedInvestor = await investorWithProfile({ firmName: 'Ocelot Blocked Capital' });
    const investorBlocker = await investorWithProfile({ firmName: 'Ocelot Investor Blocker' });
    const blockedStartup = await startupWithProfile({ companyName: 'Ocelot Blocked Startup' });
    await connect(blocker, blockedInvestor);
    await sendMessage(blocker, blockedInvestor, 'Ocelot terms attached');
    await createMilestone(blocker, blockedInvestor, 'Ocelot diligence');
    // Before the block both see each other.
    expect(await idsOf(blockedInvestor.client, 'ocelot', 'profile')).toContain(blocker.user.id);

    await block(blocker.client, blockedInvestor.user.id);
    await block(investorBlocker.client, blockedStartup.user.id);

    // The blocked side does not find the blocker, nor the blocker the blocked, by name or typo.
    for (const q of ['ocelot', 'ocelt blocker']) {
      expect(await idsOf(blockedInvestor.client, q, 'profile')).not.toContain(blocker.user.id);
      expect(await idsOf(blocker.client, q, 'profile')).not.toContain(blockedInvestor.user.id);
      expect(await idsOf(investorBlocker.client, q, 'profile')).not.toContain(blockedStartup.user.id);
      expect(await idsOf(blockedStartup.client, q, 'profile')).not.toContain(investorBlocker.user.id);
    }
    for (const side of [blocker, blockedInvestor]) {
      expect(await idsOf(side.client, 'ocelot', 'message')).toEqual([]);
      expect(await idsOf(side.client, 'ocelot', 'milestone')).toEqual([]);
    }
    // Unrelated pairs still see each other: the rule is per pair.
    expect(await idsOf(blockedInvestor.client, 'ocelot', 'profile')).toContain(blockedStartup.user.id);
  });

  it('never shows a deleted account, nor a profile of the caller’s own role', async () => {
    const investor = await investorWithProfile({ firmName: 'Heron Capital' });
    const leaving = await startupWithProfile({ companyName: 'Heron Departing' });
    const lingering = await startupWithProfile({ companyName: 'Heron Lingering' });
    const staying = await startupWithProfile({ companyName: 'Heron Staying' });
    expect(new Set(await idsOf(investor.client, 'heron', 'profile'))).toEqual(new Set([leaving.user.id, lingering.user.id, staying.user.id]));

    const deleted = await leaving.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Even if a deleted account's profile row were left behind, the query itself leaves it out.
    await suite.database.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, lingering.user.id));
    expect(await idsOf(investor.client, 'heron', 'profile')).toEqual([staying.user.id]);

    // Same role: a startup never finds another startup, an investor never another investor.
    expect(await idsOf(staying.client, 'heron', 'profile')).toEqual([investor.user.id]);
    const otherInvestor = await investorWithProfile({ firmName: 'Heron Rival Capital' });
    expect(await idsOf(otherInvestor.client, 'heron', 'profile')).not.toContain(investor.user.id);
  });
});
