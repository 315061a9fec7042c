// Saved searches (issue #19; docs/discovery.md): create, list, rename, switch alerts and delete,
// the name rules (1–60 characters, unique per account whatever the case, at most 20 searches),
// the filters' validation, ownership (another account's search does not exist), the account
// export and deletion, and the hourly alert job with an injected clock: a new matching profile
// gives one notification, nothing new gives none, and a second run over the same window none.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { investorProfiles, notifications, savedSearches, startupProfiles } from '../../src/server/db/schema';
import { checkSavedSearchAlerts } from '../../src/server/features/discovery';
import type { SavedSearch } from '../../src/shared/contracts/discovery';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { serviceContext } from '../support/service-context';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.72.${++ipCounter % 250}`);
let wordCounter = 0;
const freshWord = () => `ss${Date.now().toString(36)}x${++wordCounter}`;

async function signedIn(userType: 'startup' | 'investor', word = freshWord(), profile: Record<string, unknown> = {}) {
  const client = newClient();
  const { user } = await client.register(userType);
  const body =
    userType === 'startup'
      ? buildStartupProfileBody({ ...profile, companyName: `${word} Labs` })
      : buildInvestorProfileBody({ ...profile, firmName: `${word} Capital` });
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload: body });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user };
}

async function create(client: TestClient, payload: Record<string, unknown>) {
  return client.request({ method: 'POST', url: '/api/saved-searches', payload });
}

async function list(client: TestClient): Promise<SavedSearch[]> {
  const response = await client.request({ method: 'GET', url: '/api/saved-searches' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('saved searches', () => {
  it('are created (201), listed, renamed, switched and deleted (204) by their owner', async () => {
    const { client } = await signedIn('investor');
    const created = await create(client, {
      name: '  UK fintech seed ',
      filters: { industry: ['FinTech'], stage: ['Seed'], country: ['GB'] },
      alertsEnabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const search = created.json() as SavedSearch;
    expect(search).toEqual({
      id: expect.any(Number),
      name: 'UK fintech seed',
      filters: { industry: ['FinTech'], stage: ['Seed'], country: ['GB'] },
      alertsEnabled: true,
      createdAt: clock.now().toISOString(),
    });
    expect(await list(client)).toEqual([search]);

    const renamed = await client.request({ method: 'PATCH', url: `/api/saved-searches/${search.id}`, payload: { name: 'UK seed' } });
    expect(renamed.json()).toMatchObject({ name: 'UK seed', alertsEnabled: true });
    const silenced = await client.request({ method: 'PATCH', url: `/api/saved-searches/${search.id}`, payload: { alertsEnabled: false } });
    expect(silenced.json()).toMatchObject({ name: 'UK seed', alertsEnabled: false });

    const deleted = await client.request({ method: 'DELETE', url: `/api/saved-searches/${search.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await list(client)).toEqual([]);
  });

  it('refuses bad names and filters with readable sentences', async () => {
    const { client } = await signedIn('startup');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '', filters: {} }, 400, 'Name the search in 1 to 60 characters.'],
      [{ name: '   ', filters: {} }, 400, 'Name the search in 1 to 60 characters.'],
      [{ name: 'x'.repeat(61), filters: {} }, 400, 'Name the search in 1 to 60 characters.'],
      [{ name: 'Bad country', filters: { country: ['XX'] } }, 400, 'Choose countries by their two-letter code'],
      [{ name: 'Bad range', filters: { minAmount: 10, maxAmount: 1 } }, 400, 'The minimum amount must not be more than the maximum.'],
      [{ name: 'Sort is not a filter', filters: { sort: 'best' } }, 400, ''],
      [{ name: 'Bad flag', filters: {}, alertsEnabled: 'yes' }, 400, 'alertsEnabled must be true or false.'],
    ];
    for (const [payload, status, sentence] of cases) {
      const response = await create(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toContain(sentence);
    }
    const empty = await client.request({ method: 'PATCH', url: '/api/saved-searches/1', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Change the name or the alerts.');
  });

  it('keeps names unique per account whatever their case (409), and allows the same name to someone else', async () => {
    const me = await signedIn('investor');
    const other = await signedIn('investor');
    expect((await create(me.client, { name: 'Climate', filters: {} })).statusCode).toBe(201);
    const duplicate = await create(me.client, { name: 'CLIMATE', filters: { stage: ['Seed'] } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('You already have a saved search with that name');
    expect((await create(other.client, { name: 'climate', filters: {} })).statusCode).toBe(201);

    const second = (await create(me.client, { name: 'Health', filters: {} })).json() as SavedSearch;
    const rename = await me.client.request({ method: 'PATCH', url: `/api/saved-searches/${second.id}`, payload: { name: 'climate' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('You already have a saved search with that name');
    // Renaming to its own name in another case is fine.
    expect((await me.client.request({ method: 'PATCH', url: `/api/saved-searches/${second.id}`, payload: { name: 'HEALTH' } })).statusCode).toBe(200);
  });

  it('allows at most 20 per account', async () => {
    const { client } = await signedIn('startup');
    for (let n = 1; n <= 20; n++) expect((await create(client, { name: `Search ${n}`, filters: {} })).statusCode).toBe(201);
    const over = await create(client, { name: 'Search 21', filters: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can keep at most 20 saved searches. Delete one to save another.');
  });

  it('are their owner’s only: another account’s id answers 404 and is never listed', async () => {
    const owner = await signedIn('investor');
    const stranger = await signedIn('investor');
    const search = (await create(owner.client, { name: 'Mine', filters: {} })).json() as SavedSearch;
    expect(await list(stranger.client)).toEqual([]);
    for (const request of [
      { method: 'PATCH' as const, url: `/api/saved-searches/${search.id}`, payload: { name: 'Stolen' } },
      { method: 'DELETE' as const, url: `/api/saved-searches/${search.id}` },
    ]) {
      const response = await stranger.client.request(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This saved search does not exist.');
    }
    expect(await list(owner.client)).toEqual([search]);
  });

  it('go with the account when it is deleted', async () => {
    const { client, user } = await signedIn('startup');
    await create(client, { name: 'Leaving', filters: {} });
    const deleted = await client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await suite.database.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toEqual([]);
  });
});

describe('saved-search alerts (the hourly job, clock injected)', () => {
  const runAlerts = async () => {
    const raised = await checkSavedSearchAlerts(serviceContext(suite.app));
    await suite.app.jobs.idle();
    return raised;
  };
  const alertsOf = (userId: number) =>
    suite.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'saved_search_matches')));
  /** Profiles carry the database's time; here each is placed on the test clock's timeline. */
  const createdAt = (userId: number, at: Date) => suite.database.db.update(startupProfiles).set({ createdAt: at }).where(eq(startupProfiles.userId, userId));

  it('notifies once per window about profiles that match and are new; nothing new, or a second run, notifies nobody', async () => {
    const word = freshWord();
    const viewer = await signedIn('investor', word);
    const before = await signedIn('startup', word, { industry: 'FinTech' });
    await createdAt(before.user.id, new Date(clock.now().getTime() - 24 * 3600_000));
    const search = (await create(viewer.client, { name: 'Fintech', filters: { q: word, industry: ['FinTech'] } })).json() as SavedSearch;
    const silent = (await create(viewer.client, { name: 'Quiet', filters: { q: word }, alertsEnabled: false })).json() as SavedSearch;

    // An hour on, nothing new: no notification.
    clock.advanceMs(3600_000);
    await runAlerts();
    expect(await alertsOf(viewer.user.id)).toEqual([]);

    // One new fintech startup, one of another industry, one the viewer blocked.
    const fresh = await signedIn('startup', word, { industry: 'FinTech' });
    const other = await signedIn('startup', word, { industry: 'SaaS' });
    const blocked = await signedIn('startup', word, { industry: 'FinTech' });
    await viewer.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blocked.user.id } });
    for (const party of [fresh, other, blocked]) await createdAt(party.user.id, new Date(clock.now().getTime() + 60_000));
    clock.advanceMs(3600_000);
    await runAlerts();
    const alerts = await alertsOf(viewer.user.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toEqual({ savedSearchId: search.id, count: 1 });
    expect(alerts[0]!.payload.savedSearchId).not.toBe(silent.id);
    // What the bell says and where it leads: the directory with this search applied.
    const listed = await viewer.client.request({ method: 'GET', url: '/api/notifications' });
    expect(listed.json().items[0]).toMatchObject({
      type: 'saved_search_matches',
      sentence: '1 new profile matches your saved search "Fintech"',
      target: { kind: 'saved_search', savedSearchId: search.id },
    });

    // The next run covers the next window only: the same profiles are not announced again.
    clock.advanceMs(3600_000);
    await runAlerts();
    expect(await alertsOf(viewer.user.id)).toHaveLength(1);
    // Run twice at the same moment: the window is empty.
    await runAlerts();
    expect(await alertsOf(viewer.user.id)).toHaveLength(1);
  });

  it('switching alerts back on counts from then, not from when they went off', async () => {
    const word = freshWord();
    const viewer = await signedIn('startup', word);
    const search = (await create(viewer.client, { name: 'Off and on', filters: { q: word }, alertsEnabled: false })).json() as SavedSearch;
    const investor = await signedIn('investor', word);
    await suite.database.db
      .update(investorProfiles)
      .set({ createdAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(investorProfiles.userId, investor.user.id));
    clock.advanceMs(2 * 3600_000);
    await viewer.client.request({ method: 'PATCH', url: `/api/saved-searches/${search.id}`, payload: { alertsEnabled: true } });
    clock.advanceMs(3600_000);
    await runAlerts();
    expect(await alertsOf(viewer.user.id)).toEqual([]);
  });
});
