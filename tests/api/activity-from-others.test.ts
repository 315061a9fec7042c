// The activity feed lists what others did that concerns the user (issue #15): a document viewed,
// interest received, a connection made, a milestone changed by the partner. Each entry carries its
// link target; views of one document by one investor within an hour make one entry; nothing is
// written about a pair in a block.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, blocks, matches } from '../../src/server/db/schema';
import { VIEW_ENTRY_SESSION_MS } from '../../src/server/features/data-room/document-views.service';
import type { Activity } from '../../src/shared/contracts/activity';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { pdfBytes } from '../support/document-fixtures';
import { matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock();
const suite = useTestSuite({ clock });
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.21.${++ipCounter}`);

async function startupWithProfile(companyName: string) {
  const client = newClient();
  const { user } = await client.register('startup');
  expect((await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) })).statusCode).toBe(200);
  return { client, user };
}

async function investorWithProfile(firmName: string) {
  const client = newClient();
  const { user } = await client.register('investor');
  expect((await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) })).statusCode).toBe(200);
  return { client, user };
}

/** A pair with a pending match nobody has answered yet. */
async function pendingPair(names: { company: string; firm: string }) {
  const startup = await startupWithProfile(names.company);
  const investor = await investorWithProfile(names.firm);
  const [row] = await suite.database.db
    .insert(matches)
    .values({ startupId: startup.user.id, investorId: investor.user.id, score: 80, ...matchState('pending') })
    .returning({ id: matches.id });
  return { startup, investor, matchId: row!.id };
}

/** A connected pair, the startup's document shared with the investor. */
async function sharedDocument(names: { company: string; firm: string; document: string }) {
  const { startup, investor, matchId } = await pendingPair(names);
  await suite.database.db.update(matches).set(matchState('accepted')).where(eq(matches.id, matchId));
  const { payload, headers } = multipartPayload(
    { name: names.document, type: 'Pitch Deck' },
    { filename: 'deck.pdf', content: pdfBytes(2), contentType: 'application/pdf' },
  );
  const uploaded = await startup.client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const document = uploaded.json() as { id: number };
  const granted = await startup.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
  expect(granted.statusCode, granted.body).toBe(201);
  return { startup, investor, documentId: document.id };
}

const feedOf = async (client: TestClient): Promise<Activity[]> => {
  const response = await client.request({ method: 'GET', url: '/api/activities?limit=100' });
  expect(response.statusCode).toBe(200);
  return response.json().items;
};
const entriesOfType = async (client: TestClient, activityType: string) => (await feedOf(client)).filter((entry) => entry.activityType === activityType);
const decide = (client: TestClient, matchId: number, status: 'accepted' | 'rejected') =>
  client.request({ method: 'POST', url: `/api/matches/${matchId}/update`, payload: { status } });
const openDocument = (client: TestClient, documentId: number) => client.request({ method: 'POST', url: `/api/documents/${documentId}/views` });

describe('your document was viewed', () => {
  it('tells the owner which firm viewed which document, linking to the document', async () => {
    const { startup, investor, documentId } = await sharedDocument({ company: 'Viewed Co', firm: 'Curious Capital', document: 'Series A deck' });
    expect((await openDocument(investor.client, documentId)).statusCode).toBe(201);
    const [entry] = await entriesOfType(startup.client, 'document_viewed');
    expect(entry).toMatchObject({
      description: 'Curious Capital viewed Series A deck',
      entityId: documentId,
      target: { kind: 'document', documentId },
    });
    // The viewer's own feed does not get it.
    expect(await entriesOfType(investor.client, 'document_viewed')).toEqual([]);
  });

  it('makes one entry for one investor’s reading session, and a new one after an hour without opening it', async () => {
    const { startup, investor, documentId } = await sharedDocument({ company: 'Session Co', firm: 'Rereading Fund', document: 'Financial model' });
    await openDocument(investor.client, documentId);
    // Reopened three times, each within the hour of the last open: still one session.
    for (let reopen = 0; reopen < 3; reopen++) {
      clock.advanceMs(VIEW_ENTRY_SESSION_MS - 60_000);
      expect((await openDocument(investor.client, documentId)).statusCode).toBe(201);
    }
    expect(await entriesOfType(startup.client, 'document_viewed')).toHaveLength(1);
    clock.advanceMs(VIEW_ENTRY_SESSION_MS + 1);
    await openDocument(investor.client, documentId);
    expect(await entriesOfType(startup.client, 'document_viewed')).toHaveLength(2);

    // Another investor's view of the same document is their own entry.
    const other = await investorWithProfile('Second Look Partners');
    await suite.database.db.insert(matches).values({ startupId: startup.user.id, investorId: other.user.id, score: 70, ...matchState('accepted') });
    await startup.client.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: other.user.id } });
    await openDocument(other.client, documentId);
    const descriptions = (await entriesOfType(startup.client, 'document_viewed')).map((entry) => entry.description);
    expect(descriptions).toEqual([
      'Second Look Partners viewed Financial model',
      'Rereading Fund viewed Financial model',
      'Rereading Fund viewed Financial model',
    ]);
  });

  it('writes nothing about an investor in a block with the owner, even one whose grant is still live', async () => {
    const { startup, investor, documentId } = await sharedDocument({ company: 'Guarded Co', firm: 'Blocked Ventures', document: 'Cap table' });
    // A block committed while the open was on its way: the grant has not been revoked yet.
    await suite.database.db.insert(blocks).values({ blockerId: startup.user.id, blockedId: investor.user.id });
    expect((await openDocument(investor.client, documentId)).statusCode).toBe(201);
    expect(await entriesOfType(startup.client, 'document_viewed')).toEqual([]);
  });
});

describe('interest received and connections made', () => {
  it('tells the other side of an accept they have not answered, linking to the match on the Pending tab', async () => {
    const { startup, investor, matchId } = await pendingPair({ company: 'Eager Labs', firm: 'Patient Partners' });
    expect((await decide(startup.client, matchId, 'accepted')).statusCode).toBe(200);
    const [entry] = await entriesOfType(investor.client, 'interest_received');
    expect(entry).toMatchObject({
      description: 'Eager Labs wants to connect with you',
      entityId: matchId,
      target: { kind: 'match', matchId, tab: 'pending' },
    });
    expect(await entriesOfType(startup.client, 'interest_received')).toEqual([]);
  });

  it('tells the side that accepted first that they are now connected, linking to the match on the Accepted tab', async () => {
    const { startup, investor, matchId } = await pendingPair({ company: 'First Mover Co', firm: 'Second Yes Capital' });
    await decide(investor.client, matchId, 'accepted');
    expect(await entriesOfType(startup.client, 'interest_received')).toHaveLength(1);
    expect((await decide(startup.client, matchId, 'accepted')).statusCode).toBe(200);

    const [entry] = await entriesOfType(investor.client, 'connection_made');
    expect(entry).toMatchObject({
      description: 'You are now connected with First Mover Co',
      entityId: matchId,
      target: { kind: 'match', matchId, tab: 'accepted' },
    });
    // The second accepter's own entry already says so; no second line for the same event.
    expect(await entriesOfType(startup.client, 'connection_made')).toEqual([]);
    expect((await entriesOfType(startup.client, 'match_updated')).map((item) => item.description)).toEqual([
      'Accepted your match with Second Yes Capital: you are now connected',
    ]);
  });

  it('says nothing to the other side about a decline', async () => {
    const { startup, investor, matchId } = await pendingPair({ company: 'Quiet No Co', firm: 'Declining Fund' });
    expect((await decide(investor.client, matchId, 'rejected')).statusCode).toBe(200);
    expect((await feedOf(startup.client)).map((entry) => entry.activityType)).toEqual(['profile_updated', 'account_created']);
  });
});

describe('a milestone changed by your partner', () => {
  it('tells the partner who changed what, linking to the plan with that person', async () => {
    const { startup, investor, matchId } = await pendingPair({ company: 'Plan Maker Co', firm: 'Plan Keeper Capital' });
    await suite.database.db.update(matches).set(matchState('accepted')).where(eq(matches.id, matchId));
    const created = await startup.client.request({
      method: 'POST',
      url: '/api/milestones',
      payload: { title: 'Close the round', investorId: investor.user.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const milestone = created.json() as { id: number };
    expect(
      (await investor.client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } })).statusCode,
    ).toBe(200);

    const [toInvestor] = await entriesOfType(investor.client, 'partner_milestone_changed');
    expect(toInvestor).toMatchObject({
      description: 'Plan Maker Co added the milestone "Close the round"',
      entityId: startup.user.id,
      target: { kind: 'milestones', partnerId: startup.user.id },
    });
    const [toStartup] = await entriesOfType(startup.client, 'partner_milestone_changed');
    expect(toStartup).toMatchObject({
      description: 'Plan Keeper Capital started the milestone "Close the round"',
      target: { kind: 'milestones', partnerId: investor.user.id },
    });
    // Each side's own entries stay as they were: one per own change.
    expect((await entriesOfType(startup.client, 'milestone_created')).map((entry) => entry.description)).toEqual([
      'Added the milestone "Close the round" with Plan Keeper Capital',
    ]);
  });

  it('writes nothing once the pair is blocked: the plan can no longer be changed', async () => {
    const { startup, investor, matchId } = await pendingPair({ company: 'Ex Partner Co', firm: 'Ex Partner Fund' });
    await suite.database.db.update(matches).set(matchState('accepted')).where(eq(matches.id, matchId));
    const milestone = (
      await startup.client.request({ method: 'POST', url: '/api/milestones', payload: { title: 'Due diligence', investorId: investor.user.id } })
    ).json() as { id: number };
    expect((await investor.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: startup.user.id } })).statusCode).toBe(201);
    const before = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, investor.user.id), eq(activities.activityType, 'partner_milestone_changed')));
    expect(
      (await startup.client.request({ method: 'POST', url: `/api/milestones/${milestone.id}/update`, payload: { status: 'in_progress' } })).statusCode,
    ).toBe(403);
    expect(await entriesOfType(investor.client, 'partner_milestone_changed')).toHaveLength(before.length);
  });
});

describe('link targets of the user’s own entries', () => {
  it('point at the profile editor, the match list and a viewed profile card', async () => {
    const startup = await startupWithProfile('Own Links Co');
    const investor = await investorWithProfile('Looked At Capital');
    expect((await startup.client.request({ method: 'GET', url: `/api/investors/${investor.user.id}` })).statusCode).toBe(200);
    await startup.client.request({ method: 'POST', url: '/api/generate-matches' });
    const targets = Object.fromEntries((await feedOf(startup.client)).map((entry) => [entry.activityType, entry.target]));
    expect(targets).toMatchObject({
      account_created: { kind: 'own_profile' },
      profile_updated: { kind: 'own_profile' },
      viewed_profile: { kind: 'public_profile', userType: 'investor', userId: investor.user.id },
      matches_generated: { kind: 'matches' },
    });
  });
});
