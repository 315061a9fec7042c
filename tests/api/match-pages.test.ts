// Match lists as pages (issue #16): keyset paging in list order, the screen's filters applied by
// the server, the tabs' counts from one aggregate on the first page, and cards that carry the
// explanation's summary (in the viewer's voice) but never its per-component detail.
import { describe, expect, it } from 'vitest';
import { investorProfiles, matches, startupProfiles, users } from '../../src/server/db/schema';
import { MATCH_PAGE_SIZE, type InvestorMatchPage, type MatchStatusTab, type StartupMatchPage } from '../../src/shared/contracts/matches';
import { INVALID_CURSOR_MESSAGE } from '../../src/server/db/keyset-cursor';
import { encodeMatchCursor } from '../../src/server/features/matching/match-list';
import { buildStartupProfileBody } from '../factories';
import { explanation, matchState, oneSidedAccept } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.40.${++ipCounter}`);
let userCounter = 0;

/** Inserts a user straight into the table: pages need many counterparts, and registering each is slow. */
async function insertUser(userType: 'startup' | 'investor'): Promise<number> {
  const n = ++userCounter;
  const [row] = await suite.database.db
    .insert(users)
    .values({
      username: `pages_${n}_${Date.now()}`,
      email: `pages_${n}_${Date.now()}@example.com`,
      passwordHash: 'x',
      userType,
      firstName: 'P',
      lastName: `${n}`,
    })
    .returning();
  return row!.id;
}

async function insertInvestor(firmName: string, profile: { location?: string; industryFocus?: string[] } = {}): Promise<number> {
  const id = await insertUser('investor');
  await suite.database.db
    .insert(investorProfiles)
    .values({ userId: id, firmName, location: profile.location ?? 'Berlin', industryFocus: profile.industryFocus ?? [] });
  return id;
}

async function insertStartup(companyName: string, profile: { location?: string; industry?: string } = {}): Promise<number> {
  const id = await insertUser('startup');
  await suite.database.db
    .insert(startupProfiles)
    .values({ userId: id, companyName, location: profile.location ?? 'Paris', industry: profile.industry ?? 'FinTech' });
  return id;
}

async function signedInStartup(companyName = 'Paging Co') {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  return { client, id: user.id };
}

async function signedInInvestor() {
  const client = newClient();
  const { user } = await client.register('investor');
  return { client, id: user.id };
}

const listStartup = async (client: TestClient, query = ''): Promise<StartupMatchPage> => {
  const response = await client.request({ method: 'GET', url: `/api/matches/startup${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StartupMatchPage;
};

const listInvestor = async (client: TestClient, query = ''): Promise<InvestorMatchPage> => {
  const response = await client.request({ method: 'GET', url: `/api/matches/investor${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InvestorMatchPage;
};

/** Every page of a startup's list with `query` (a "&…" suffix), following nextCursor. */
async function allStartupPages(client: TestClient, query = ''): Promise<StartupMatchPage[]> {
  const pages: StartupMatchPage[] = [];
  let cursor: string | null = null;
  do {
    const page: StartupMatchPage = await listStartup(client, `?limit=7${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /api/matches/startup as pages', () => {
  it('sends 20 cards a page in list order, requests first, with no card twice or missing, and the counts on the first page only', async () => {
    const { client, id } = await signedInStartup();
    const expected: Array<{ id: number; rank: number; score: number }> = [];
    // 25 matches; scores repeat so ties are broken by id; two are requests waiting for the startup.
    for (let index = 0; index < 25; index += 1) {
      const investorId = await insertInvestor(`Fund ${index}`);
      const isRequest = index === 3 || index === 17;
      const score = 50 + (index % 6);
      const [row] = await suite.database.db
        .insert(matches)
        .values({ startupId: id, investorId, score, ...(isRequest ? oneSidedAccept('investor') : {}) })
        .returning();
      expected.push({ id: row!.id, rank: isRequest ? 0 : 1, score });
    }
    expected.sort((a, b) => a.rank - b.rank || b.score - a.score || b.id - a.id);

    const first = await listStartup(client);
    expect(first.items).toHaveLength(MATCH_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.counts).toEqual({ total: 25, all: 25, pending: 25, accepted: 0, rejected: 0 });
    const second = await listStartup(client, `?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(second.counts).toBeNull();
    expect([...first.items, ...second.items].map((match) => match.id)).toEqual(expected.map((match) => match.id));

    // Smaller pages walk the same order.
    const pages = await allStartupPages(client);
    expect(pages.map((page) => page.items.length)).toEqual([7, 7, 7, 4]);
    expect(pages.flatMap((page) => page.items.map((match) => match.id))).toEqual(expected.map((match) => match.id));
  });

  it('keeps its place when a better match arrives between two pages: nothing repeats or goes missing', async () => {
    const { client, id } = await signedInStartup();
    for (let index = 0; index < 6; index += 1)
      await suite.database.db.insert(matches).values({ startupId: id, investorId: await insertInvestor(`Steady ${index}`), score: 60 + index });
    const first = await listStartup(client, '?limit=3');
    await suite.database.db.insert(matches).values({ startupId: id, investorId: await insertInvestor('Latecomer'), score: 99 });
    const rest = await listStartup(client, `?limit=3&cursor=${first.nextCursor}`);
    const names = [...first.items, ...rest.items].map((match) => match.investor.firmName);
    expect(names).toEqual(['Steady 5', 'Steady 4', 'Steady 3', 'Steady 2', 'Steady 1', 'Steady 0']);
  });

  it('filters by tab, search, minimum score and industry on the server, with counts per tab under the settings', async () => {
    const { client, id } = await signedInStartup();
    const rows = [
      { firmName: 'Alpha Ventures', location: 'London', industryFocus: ['FinTech'], score: 90, state: matchState('accepted') },
      { firmName: 'Beta Capital', location: 'Lisbon', industryFocus: ['HealthTech'], score: 80, state: matchState('pending') },
      { firmName: 'Gamma Partners', location: 'London', industryFocus: ['FinTech', 'AI/ML'], score: 70, state: matchState('rejected', 'investor') },
      { firmName: '100% Angels', location: 'Oslo', industryFocus: [], score: 40, state: matchState('pending') },
    ];
    for (const row of rows) {
      const investorId = await insertInvestor(row.firmName, row);
      await suite.database.db.insert(matches).values({ startupId: id, investorId, score: row.score, ...row.state });
    }
    const names = (page: StartupMatchPage) => page.items.map((match) => match.investor.firmName);

    // Search: firm name or location, any case; the text is trimmed, and its LIKE wildcards are plain characters.
    const london = await listStartup(client, '?search=%20lONDon%20');
    expect(names(london)).toEqual(['Alpha Ventures', 'Gamma Partners']);
    expect(london.counts).toEqual({ total: 4, all: 2, pending: 0, accepted: 1, rejected: 1 });
    expect(names(await listStartup(client, '?search=beta'))).toEqual(['Beta Capital']);
    expect(names(await listStartup(client, `?search=${encodeURIComponent('100%')}`))).toEqual(['100% Angels']);
    expect(names(await listStartup(client, `?search=${encodeURIComponent('%')}`))).toEqual(['100% Angels']);
    expect(names(await listStartup(client, '?search=_'))).toEqual([]);

    // A tab narrows the cards, not the counts.
    const accepted = await listStartup(client, '?status=accepted');
    expect(names(accepted)).toEqual(['Alpha Ventures']);
    expect(accepted.counts).toEqual({ total: 4, all: 4, pending: 2, accepted: 1, rejected: 1 });

    const good = await listStartup(client, '?minScore=70');
    expect(names(good)).toEqual(['Alpha Ventures', 'Beta Capital', 'Gamma Partners']);
    expect(good.counts).toMatchObject({ total: 4, all: 3, pending: 1 });
    expect(names(await listStartup(client, '?minScore=70&status=pending'))).toEqual(['Beta Capital']);

    // An investor is in an industry when it is one of their focus industries.
    expect(names(await listStartup(client, '?industry=FinTech'))).toEqual(['Alpha Ventures', 'Gamma Partners']);
    expect(names(await listStartup(client, '?industry=AI%2FML&search=gamma&minScore=60&status=rejected'))).toEqual(['Gamma Partners']);
    const none = await listStartup(client, '?industry=EdTech');
    expect(none).toEqual({ items: [], nextCursor: null, counts: { total: 4, all: 0, pending: 0, accepted: 0, rejected: 0 } });

    // Paging under filters stays within them.
    const pages = await allStartupPages(client, '&search=a&minScore=41');
    expect(pages.flatMap((page) => page.items.map((match) => match.investor.firmName))).toEqual(['Alpha Ventures', 'Beta Capital', 'Gamma Partners']);
  });

  it('refuses filters and pages it cannot honour with a sentence', async () => {
    const { client } = await signedInStartup();
    const refused = async (query: string) => {
      const response = await client.request({ method: 'GET', url: `/api/matches/startup${query}` });
      expect(response.statusCode, query).toBe(400);
      return (response.json() as { message: string }).message;
    };
    expect(await refused('?status=maybe')).toContain('Status must be all, pending, accepted or rejected.');
    expect(await refused('?minScore=101')).toContain('The minimum score must be a whole number from 0 to 100.');
    expect(await refused('?minScore=abc')).toContain('The minimum score must be a whole number from 0 to 100.');
    expect(await refused('?industry=Farming')).toContain('Please choose an industry from the list.');
    expect(await refused(`?search=${'x'.repeat(101)}`)).toContain('Search must be at most 100 characters.');
    expect(await refused('?limit=0')).toContain('limit must be between 1 and 100');
    expect(await refused('?limit=101')).toContain('limit must be between 1 and 100');
    expect(await refused('?cursor=not-a-cursor')).toContain(INVALID_CURSOR_MESSAGE);
    // Well-formed but impossible: a score over 100, an id past what PostgreSQL's integer holds.
    expect(await refused(`?cursor=${encodeMatchCursor({ rank: 1, score: 101, id: 5 })}`)).toContain(INVALID_CURSOR_MESSAGE);
    expect(await refused(`?cursor=${encodeMatchCursor({ rank: 1, score: 50, id: 2_147_483_648 })}`)).toContain(INVALID_CURSOR_MESSAGE);
    expect(await refused(`?cursor=${encodeMatchCursor({ rank: 2, score: 50, id: 5 })}`)).toContain(INVALID_CURSOR_MESSAGE);
    expect(await refused('?unknown=1')).toBeTruthy();
  });

  it('never counts or lists another user’s matches', async () => {
    const { client } = await signedInStartup();
    const other = await signedInStartup('Someone Else');
    await suite.database.db.insert(matches).values({ startupId: other.id, investorId: await insertInvestor('Not Yours'), score: 88 });
    expect(await listStartup(client)).toEqual({ items: [], nextCursor: null, counts: { total: 0, all: 0, pending: 0, accepted: 0, rejected: 0 } });
  });
});

describe('GET /api/matches/investor as pages', () => {
  it('searches company, location and industry, and filters by the startup’s industry', async () => {
    const { client, id } = await signedInInvestor();
    const rows = [
      { companyName: 'Ledger Lane', location: 'Paris', industry: 'FinTech', score: 85 },
      { companyName: 'Care Loop', location: 'Madrid', industry: 'HealthTech', score: 75 },
      { companyName: 'Paris Health', location: 'Lyon', industry: 'HealthTech', score: 65 },
    ];
    for (const row of rows)
      await suite.database.db.insert(matches).values({ startupId: await insertStartup(row.companyName, row), investorId: id, score: row.score });
    const names = (page: InvestorMatchPage) => page.items.map((match) => match.startup.companyName);
    expect(names(await listInvestor(client, '?search=paris'))).toEqual(['Ledger Lane', 'Paris Health']);
    expect(names(await listInvestor(client, '?search=healthtech'))).toEqual(['Care Loop', 'Paris Health']);
    const health = await listInvestor(client, '?industry=HealthTech');
    expect(names(health)).toEqual(['Care Loop', 'Paris Health']);
    expect(health.counts).toEqual({ total: 3, all: 2, pending: 2, accepted: 0, rejected: 0 });
  });
});

describe('a card’s explanation in a list', () => {
  it('is the summary of GET /api/matches/:id in the viewer’s own voice, without the components', async () => {
    const startup = await signedInStartup();
    const investor = await signedInInvestor();
    await suite.database.db.insert(investorProfiles).values({ userId: investor.id, firmName: 'Voice Capital' });
    const [row] = await suite.database.db
      .insert(matches)
      .values({ startupId: startup.id, investorId: investor.id, score: 70, breakdown: explanation('T') })
      .returning();

    for (const [client, side] of [
      [startup.client, 'startup'],
      [investor.client, 'investor'],
    ] as const) {
      const page = side === 'startup' ? await listStartup(client) : await listInvestor(client);
      const card = page.items[0]!;
      expect(card.breakdown).not.toHaveProperty('components');
      const detail = (await client.request({ method: 'GET', url: `/api/matches/${row!.id}` })).json() as { breakdown: Record<string, unknown> };
      const { components, ...summary } = detail.breakdown;
      expect(components).toHaveLength(1);
      expect(card.breakdown).toEqual(summary);
      expect(card.breakdown).toMatchObject({
        investorFit: 0.8,
        startupFit: 0.6,
        topReasons: [side === 'startup' ? 'T: your stage fits' : 'T: their stage fits'],
        biggestShortfall: side === 'startup' ? 'T: you are early' : 'T: they are early',
        unknowns: [side === 'startup' ? 'traction' : 'check size'],
        gated: false,
        gateReason: null,
      });
    }
  });

  it('is null for a match stored without an explanation, and keeps a gate’s reason', async () => {
    const { client, id } = await signedInStartup();
    await suite.database.db.insert(matches).values({ startupId: id, investorId: await insertInvestor('Bare'), score: 40, breakdown: null });
    const gated = { ...explanation('G'), gated: true, gateReason: { startup: 'Their thesis excludes you', investor: 'Your thesis excludes them' } };
    await suite.database.db.insert(matches).values({ startupId: id, investorId: await insertInvestor('Gated'), score: 30, breakdown: gated });
    const page = await listStartup(client);
    expect(page.items.map((match) => [match.investor.firmName, match.breakdown?.gateReason ?? null, match.breakdown === null])).toEqual([
      ['Bare', null, true],
      ['Gated', 'Their thesis excludes you', false],
    ]);
  });
});

describe('the tabs’ counts', () => {
  it.each<[MatchStatusTab, number]>([
    ['all', 3],
    ['pending', 1],
    ['accepted', 1],
    ['rejected', 1],
  ])('are the same whichever tab is open (%s lists %i)', async (status, listed) => {
    const { client, id } = await signedInStartup();
    for (const state of [matchState('pending'), matchState('accepted'), matchState('rejected', 'startup')]) {
      await suite.database.db.insert(matches).values({ startupId: id, investorId: await insertInvestor('Tab'), score: 60, ...state });
    }
    const page = await listStartup(client, `?status=${status}`);
    expect(page.items).toHaveLength(listed);
    expect(page.counts).toEqual({ total: 3, all: 3, pending: 1, accepted: 1, rejected: 1 });
  });
});
