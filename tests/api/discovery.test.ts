// The directory (issue #19; docs/discovery.md): who is listed (the other role only, never a deleted
// account, never anyone blocked either way), every filter and order, keyset pages that stay stable
// while profiles are added, the cards' fields, Connect (creating a match or deciding an existing
// one under the consent rules), the query's validation, and users.last_active_at. Runs on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { investorProfiles, matches, startupProfiles, users } from '../../src/server/db/schema';
import type { DirectoryCard, DirectoryPage } from '../../src/shared/contracts/discovery';
import type { InvestorSideMatch, StartupSideMatch } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { matchState, oneSidedAccept } from '../support/match-state';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.70.${++ipCounter % 250}`);

// Each test names its own profiles with a word nobody else uses and lists with q=that word, so the
// tests of one file (one database) never see each other's profiles.
let wordCounter = 0;
const freshWord = () => `dq${Date.now().toString(36)}x${++wordCounter}`;

async function startup(word: string, profile: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('startup');
  const saved = await client.request({
    method: 'PUT',
    url: '/api/startup/profile',
    payload: buildStartupProfileBody({ ...profile, companyName: `${word} ${String(profile.companyName ?? 'Labs')}` }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function investor(word: string, profile: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register('investor');
  const saved = await client.request({
    method: 'PUT',
    url: '/api/investor/profile',
    payload: buildInvestorProfileBody({ ...profile, firmName: `${word} ${String(profile.firmName ?? 'Capital')}` }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

type Party = Awaited<ReturnType<typeof startup>>;

async function page(client: TestClient, query: Record<string, string | number | boolean>): Promise<DirectoryPage> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  const response = await client.request({ method: 'GET', url: `/api/discover?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idOf = (card: DirectoryCard) => (card.kind === 'startup' ? card.startup.id : card.investor.id);
const idsOf = async (client: TestClient, query: Record<string, string | number | boolean>) => (await page(client, query)).items.map(idOf);

/** Every page of a listing, following nextCursor. */
async function allPages(client: TestClient, query: Record<string, string | number | boolean>): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const answer = await page(client, { ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...answer.items.map(idOf));
    cursor = answer.nextCursor;
  } while (cursor);
  return ids;
}

async function setCreatedAt(party: Party, table: typeof startupProfiles | typeof investorProfiles, at: string) {
  await suite.database.db
    .update(table)
    .set({ createdAt: new Date(at) })
    .where(eq(table.userId, party.user.id));
}

describe('who the directory lists', () => {
  it('lists the other role only: never the caller, their own role, a deleted account, or anyone blocked either way', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const otherInvestor = await investor(word);
    const [listed, blockedByViewer, blockerOfViewer, leaving] = [await startup(word), await startup(word), await startup(word), await startup(word)];
    expect((await viewer.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blockedByViewer.user.id } })).statusCode).toBe(201);
    expect((await blockerOfViewer.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: viewer.user.id } })).statusCode).toBe(201);
    const deleted = await leaving.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const ids = await idsOf(viewer.client, { q: word, sort: 'newest' });
    expect(ids).toEqual([listed.user.id]);
    expect(ids).not.toContain(otherInvestor.user.id);
    // The startups see the investors, the blocked pair excepted, in both directions.
    expect(await idsOf(listed.client, { q: word, sort: 'newest' })).toEqual([otherInvestor.user.id, viewer.user.id]);
    expect(await idsOf(blockedByViewer.client, { q: word, sort: 'newest' })).toEqual([otherInvestor.user.id]);
    expect(await idsOf(blockerOfViewer.client, { q: word, sort: 'newest' })).toEqual([otherInvestor.user.id]);
  });

  it('answers 401 without a session', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/api/discover' })).statusCode).toBe(401);
  });
});

describe('filters (an investor browsing startups)', () => {
  it('filters by industry, stage, country, region, round size, verified, raising now and text, each alone and combined', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const fintechSeedLondon = await startup(word, { industry: 'FinTech', stage: 'Seed', location: 'London', fundingGoal: 1_000_000 });
    const saasSeriesABerlin = await startup(word, { industry: 'SaaS', stage: 'Series A', location: 'Berlin, Germany', fundingGoal: 5_000_000 });
    const healthPreSeedAustin = await startup(word, { industry: 'HealthTech', stage: 'Pre-seed', location: 'Austin, TX', fundingGoal: 100_000 });
    const fintechSeedSingapore = await startup(word, {
      industry: 'FinTech',
      stage: 'Seed',
      location: 'Singapore',
      fundingGoal: 500_000,
      description: 'Cross-border payroll for remote teams in Southeast Asia, with compliance built in.',
    });
    await suite.database.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, saasSeriesABerlin.user.id));
    await suite.database.db.update(startupProfiles).set({ raisingNow: false }).where(eq(startupProfiles.userId, healthPreSeedAustin.user.id));

    const ids = (query: Record<string, string | number | boolean>) => idsOf(viewer.client, { q: word, sort: 'newest', ...query }).then((list) => new Set(list));
    const set = (...parties: Party[]) => new Set(parties.map((party) => party.user.id));

    expect(await ids({ industry: 'FinTech' })).toEqual(set(fintechSeedLondon, fintechSeedSingapore));
    expect(await ids({ industry: 'FinTech,HealthTech' })).toEqual(set(fintechSeedLondon, fintechSeedSingapore, healthPreSeedAustin));
    expect(await ids({ stage: 'Series A' })).toEqual(set(saasSeriesABerlin));
    expect(await ids({ country: 'GB' })).toEqual(set(fintechSeedLondon));
    expect(await ids({ country: 'gb,us' })).toEqual(set(fintechSeedLondon, healthPreSeedAustin));
    expect(await ids({ region: 'europe' })).toEqual(set(fintechSeedLondon, saasSeriesABerlin));
    expect(await ids({ region: 'asia-pacific', country: 'US' })).toEqual(set(fintechSeedSingapore, healthPreSeedAustin));
    // Round sizes are buckets: a $1M goal is the $1M–$3M round, which reaches into $2M–$4M; a $5M one does not.
    expect(await ids({ minAmount: 2_000_000, maxAmount: 4_000_000 })).toEqual(set(fintechSeedLondon));
    expect(await ids({ minAmount: 5_000_000 })).toEqual(set(saasSeriesABerlin));
    expect(await ids({ maxAmount: 499_999 })).toEqual(set(healthPreSeedAustin));
    expect(await ids({ verified: true })).toEqual(set(saasSeriesABerlin));
    expect(await ids({ verified: false })).toEqual(set(fintechSeedLondon, saasSeriesABerlin, healthPreSeedAustin, fintechSeedSingapore));
    expect(await ids({ active: true })).toEqual(set(fintechSeedLondon, saasSeriesABerlin, fintechSeedSingapore));
    expect(await ids({ q: `${word} payroll` })).toEqual(set(fintechSeedSingapore));
    expect(await ids({ industry: 'FinTech', stage: 'Seed', country: 'GB' })).toEqual(set(fintechSeedLondon));
    expect(await ids({ industry: 'FinTech', country: 'DE' })).toEqual(new Set());
  });

  it('a startup filters investors by focus, stages, check sizes, country and "open to new deals"', async () => {
    const word = freshWord();
    const viewer = await startup(word);
    const fintechSeed = await investor(word, {
      industryFocus: ['FinTech'],
      stagePreference: ['Seed'],
      investmentRange: ['$100K - $500K'],
      location: 'London, UK',
    });
    const saasGrowth = await investor(word, {
      industryFocus: ['SaaS', 'AI/ML'],
      stagePreference: ['Growth'],
      investmentRange: ['$10M+'],
      location: 'Paris, France',
    });
    await suite.database.db.update(investorProfiles).set({ openToNewDeals: false }).where(eq(investorProfiles.userId, saasGrowth.user.id));
    const ids = (query: Record<string, string | number | boolean>) => idsOf(viewer.client, { q: word, sort: 'newest', ...query });

    expect(await ids({ industry: 'AI/ML' })).toEqual([saasGrowth.user.id]);
    expect(await ids({ stage: 'Seed,Series A' })).toEqual([fintechSeed.user.id]);
    expect(await ids({ minAmount: 20_000_000 })).toEqual([saasGrowth.user.id]);
    expect(await ids({ minAmount: 200_000, maxAmount: 300_000 })).toEqual([fintechSeed.user.id]);
    expect(await ids({ country: 'FR' })).toEqual([saasGrowth.user.id]);
    expect(await ids({ active: true })).toEqual([fintechSeed.user.id]);
    const cards = (await page(viewer.client, { q: word, sort: 'newest' })).items;
    expect(cards.map((card) => (card.kind === 'investor' ? card.openToNewDeals : null))).toEqual([false, true]);
    expect(cards.map((card) => card.countryCode)).toEqual(['FR', 'GB']);
  });

  it('refuses bad filters with a sentence a person can read', async () => {
    const viewer = await investor(freshWord());
    const cases: Array<[string, string]> = [
      ['industry=Fintech', 'Choose industries from the list'],
      ['stage=Seed,Seed', 'Each choice may appear only once.'],
      ['country=XX', 'Choose countries by their two-letter code'],
      ['region=mars', 'Choose regions from the list'],
      ['minAmount=abc', 'Amounts must be whole US dollars'],
      ['minAmount=-1', 'Amounts must be whole US dollars'],
      ['minAmount=5000&maxAmount=100', 'The minimum amount must not be more than the maximum.'],
      ['verified=yes', 'verified must be true or false.'],
      ['sort=popular', 'sort must be best, newest or active.'],
      ['limit=51', 'limit must be between 1 and 50.'],
      [`q=${'a'.repeat(201)}`, 'Search for at most 200 characters.'],
      ['colour=red', ''],
      ['cursor=bm90LWEtY3Vyc29y', 'This page link is not valid'],
    ];
    for (const [query, sentence] of cases) {
      const response = await viewer.client.request({ method: 'GET', url: `/api/discover?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(sentence);
    }
  });
});

describe('orders and pages', () => {
  it('newest: by when the profile was created, newest first', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const [a, b, c] = [await startup(word), await startup(word), await startup(word)];
    await setCreatedAt(a, startupProfiles, '2026-10-03T00:00:00Z');
    await setCreatedAt(b, startupProfiles, '2026-10-01T00:00:00Z');
    await setCreatedAt(c, startupProfiles, '2026-10-02T00:00:00Z');
    expect(await idsOf(viewer.client, { q: word, sort: 'newest' })).toEqual([a.user.id, c.user.id, b.user.id]);
  });

  it('active: by when the account was last active, never-active accounts last', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const [a, b, c] = [await startup(word), await startup(word), await startup(word)];
    await suite.database.db
      .update(users)
      .set({ lastActiveAt: new Date('2026-10-01T00:00:00Z') })
      .where(eq(users.id, a.user.id));
    await suite.database.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, b.user.id));
    await suite.database.db
      .update(users)
      .set({ lastActiveAt: new Date('2026-10-05T00:00:00Z') })
      .where(eq(users.id, c.user.id));
    expect(await idsOf(viewer.client, { q: word, sort: 'active' })).toEqual([c.user.id, a.user.id, b.user.id]);
    // Paged one by one, the never-active account still comes last, once.
    expect(await allPages(viewer.client, { q: word, sort: 'active', limit: 1 })).toEqual([c.user.id, a.user.id, b.user.id]);
  });

  it('best: the two-sided score for the viewer, best first; a pair with a match shows its stored score', async () => {
    const word = freshWord();
    const viewer = await investor(word, { industryFocus: ['FinTech'], stagePreference: ['Seed'], investmentRange: ['$1M - $3M'], location: 'London, UK' });
    const close = await startup(word, { industry: 'FinTech', stage: 'Seed', fundingGoal: 1_000_000, location: 'London, UK' });
    const far = await startup(word, { industry: 'Hardware', stage: 'Growth', fundingGoal: 10_000_000, location: 'Tokyo, Japan' });
    const matched = await startup(word, { industry: 'Hardware', stage: 'Growth', fundingGoal: 10_000_000, location: 'Osaka, Japan' });

    const before = (await page(viewer.client, { q: word })).items;
    expect(before.map(idOf)[0]).toBe(close.user.id);
    const scores = before.map((card) => card.score!);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(before.find((card) => idOf(card) === close.user.id)!.topReason).toEqual(expect.any(String));

    await suite.database.db.insert(matches).values({ startupId: matched.user.id, investorId: viewer.user.id, score: 99, ...matchState('pending') });
    const after = (await page(viewer.client, { q: word })).items;
    expect(after.map(idOf)).toEqual([matched.user.id, close.user.id, far.user.id]);
    expect(after[0]!.score).toBe(99);
    expect(after[0]!.match).toEqual({ id: expect.any(Number), status: 'pending', myDecision: 'pending', theirDecision: 'pending', requestQueued: false });
  });

  it('best, for a startup: an investor at capacity (closed to new deals) ranks below an equal one with room; its score is unchanged', async () => {
    const word = freshWord();
    const viewer = await startup(word);
    const open = await investor(word);
    const closed = await investor(word);
    const before = await idsOf(viewer.client, { q: word });
    // Equal profiles score alike, and the later account comes first on the tie.
    expect(before).toEqual([closed.user.id, open.user.id]);
    await suite.database.db.update(investorProfiles).set({ openToNewDeals: false }).where(eq(investorProfiles.userId, closed.user.id));
    const after = (await page(viewer.client, { q: word })).items;
    expect(after.map(idOf)).toEqual([open.user.id, closed.user.id]);
    expect(after[0]!.score).toBe(after[1]!.score);
    // Paged one by one, the same order.
    expect(await allPages(viewer.client, { q: word, limit: 1 })).toEqual([open.user.id, closed.user.id]);
  });

  it('a viewer with no profile yet sees every card without a score', async () => {
    const word = freshWord();
    await startup(word);
    const viewer = newClient();
    await viewer.register('investor');
    const cards = (await page(viewer, { q: word })).items;
    expect(cards).toHaveLength(1);
    expect(cards[0]!.score).toBeNull();
  });

  it.each(['best', 'newest', 'active'] as const)('%s: pages stay stable while profiles are added (no repeats, no skips)', async (sort) => {
    const word = freshWord();
    const viewer = await investor(word);
    const existing: number[] = [];
    for (let n = 0; n < 7; n++) existing.push((await startup(word, { fundingGoal: [0, 100_000, 500_000, 1_000_000, 3_000_000][n % 5] })).user.id);
    const seen: number[] = [];
    let answer = await page(viewer.client, { q: word, sort, limit: 3 });
    seen.push(...answer.items.map(idOf));
    while (answer.nextCursor) {
      // A new profile between every two pages: it may or may not show, but nothing shifts.
      await startup(word);
      answer = await page(viewer.client, { q: word, sort, limit: 3, cursor: answer.nextCursor });
      seen.push(...answer.items.map(idOf));
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of existing) expect(seen).toContain(id);
  });

  it('refuses a cursor of another order', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    await startup(word);
    await startup(word);
    const first = await page(viewer.client, { q: word, sort: 'newest', limit: 1 });
    const response = await viewer.client.request({ method: 'GET', url: `/api/discover?q=${word}&sort=best&cursor=${first.nextCursor}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This page link is not valid for these filters; start again from the first page.');
  });
});

describe('Connect from a card', () => {
  async function connect(client: TestClient, userId: number) {
    return client.request({ method: 'POST', url: `/api/discover/${userId}/connect` });
  }

  it('creates the match the generator never made (origin directory, the engine’s score and explanation) and sends the request', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const founder = await startup(word);
    const listedScore = (await page(viewer.client, { q: word })).items[0]!.score;

    const response = await connect(viewer.client, founder.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as InvestorSideMatch;
    expect(view).toMatchObject({ startupId: founder.user.id, investorId: viewer.user.id, status: 'pending', myDecision: 'accepted', theirDecision: 'pending' });
    expect(view.startup.id).toBe(founder.user.id);
    const [row] = await suite.database.db.select().from(matches).where(eq(matches.id, view.id));
    expect(row).toMatchObject({ origin: 'directory', score: listedScore, investorDecision: 'accepted', startupDecision: 'pending' });
    expect(row!.breakdown).toMatchObject({ score: listedScore, topReasons: expect.any(Object) });

    // The card now says where it stands; the founder sees the request among their matches.
    expect((await page(viewer.client, { q: word })).items[0]!.match).toMatchObject({ id: view.id, myDecision: 'accepted', theirDecision: 'pending' });
    const theirs = await founder.client.request({ method: 'GET', url: '/api/matches/startup' });
    expect((theirs.json() as { items: StartupSideMatch[] }).items.map((item) => item.id)).toContain(view.id);
    const notification = await founder.client.request({ method: 'GET', url: '/api/notifications' });
    expect(notification.body).toContain('connection_requested');
  });

  it('follows the consent rules on an existing match: accepting their request connects; asking twice is a 409', async () => {
    const word = freshWord();
    const viewer = await startup(word);
    const asker = await investor(word);
    const [existing] = await suite.database.db
      .insert(matches)
      .values({ startupId: viewer.user.id, investorId: asker.user.id, score: 64, ...oneSidedAccept('investor') })
      .returning();
    const connected = await connect(viewer.client, asker.user.id);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ id: existing!.id, status: 'accepted', score: 64 });
    const [row] = await suite.database.db.select().from(matches).where(eq(matches.id, existing!.id));
    expect(row!.origin).toBe('generated');

    const again = await connect(viewer.client, asker.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already connected through this match.');
  });

  it('answers 404 for the caller’s own role, a blocked or deleted account, and an unknown id, and creates nothing', async () => {
    const word = freshWord();
    const viewer = await investor(word);
    const sameRole = await investor(word);
    const blocked = await startup(word);
    const leaving = await startup(word);
    await viewer.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blocked.user.id } });
    await leaving.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    for (const id of [sameRole.user.id, blocked.user.id, leaving.user.id, 2_000_000_000, viewer.user.id]) {
      const response = await connect(viewer.client, id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json().message).toBe('This profile does not exist.');
    }
    const created = await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.investorId, viewer.user.id)));
    expect(created).toEqual([]);
    expect((await connect(viewer.client, 0)).statusCode).toBe(400);
  });

  it('asks a caller without a profile to complete it first (409), creating nothing', async () => {
    const word = freshWord();
    const founder = await startup(word);
    const viewer = newClient();
    const { user } = await viewer.register('investor');
    const response = await connect(viewer, founder.user.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Complete your profile first: matches are scored from it.');
    expect(await suite.database.db.select().from(matches).where(eq(matches.investorId, user.id))).toEqual([]);
  });
});

describe('recently active', () => {
  it('sign-in and signed-in requests move users.last_active_at, at most once a minute', async () => {
    const founder = await startup(freshWord());
    const lastActive = async () =>
      (await suite.database.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, founder.user.id)))[0]!.at?.toISOString();
    expect(await lastActive()).toBe(clock.now().toISOString());
    const start = clock.now().getTime();
    clock.advanceMs(30_000);
    await founder.client.request({ method: 'GET', url: '/api/user' });
    expect(await lastActive()).toBe(new Date(start).toISOString());
    clock.advanceMs(60_000);
    await founder.client.request({ method: 'GET', url: '/api/user' });
    expect(await lastActive()).toBe(clock.now().toISOString());
  });
});

describe('countries', () => {
  it('follows the location on every profile save', async () => {
    const founder = await startup(freshWord(), { location: 'Berlin' });
    const code = async () =>
      (await suite.database.db.select({ code: startupProfiles.countryCode }).from(startupProfiles).where(eq(startupProfiles.userId, founder.user.id)))[0]!.code;
    expect(await code()).toBe('DE');
    await founder.client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ location: 'Leeds, England' }) });
    expect(await code()).toBe('GB');
    await founder.client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ location: 'Somewhere nice' }) });
    expect(await code()).toBeNull();
  });
});
