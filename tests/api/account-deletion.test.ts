// Deleting an account (issue #17; docs/decisions/0040-account-export-and-deletion.md): everything
// the account holds goes in one transaction, the row stays anonymised so the other person's thread
// keeps its messages (from "Deleted user"), every session ends and its streams close, the people
// who saw the account see it gone at once (their cached lists too), the username and address are
// free again, and a durable job, committed with the deletion, removes the document bytes on disk
// and on S3. A wrong password is a 400 that counts towards the sign-in throttle.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  accountTokens,
  activities,
  blocks,
  dataRoomSettings,
  documentAccess,
  documents,
  documentViews,
  investorProfiles,
  jobs,
  knownDevices,
  matchDecisions,
  matches,
  matchingUserState,
  messages,
  milestones,
  portfolioCompanies,
  trackRecordInvestments,
  securityEvents,
  sessions,
  startupProfiles,
  users,
} from '../../src/server/db/schema';
import { BlobNotFoundError, type BlobStore } from '../../src/server/storage/blob-store';
import { createS3BlobStore } from '../../src/server/storage/s3';
import type { ConversationSummary } from '../../src/shared/contracts/messages';
import type { InvestorMatchPage } from '../../src/shared/contracts/matches';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { pdfBytes, textBytes } from '../support/document-fixtures';
import { openEventStream, type EventStreamReader } from '../support/event-stream';
import { connectPair, explanation, matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { startLocalS3 } from '../support/s3-server';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';
import type { FastifyInstance } from 'fastify';

const BLOB_JOB = 'auth.delete-account-blobs';
let ipCounter = 0;

function people(app: () => FastifyInstance) {
  const newClient = () => new TestClient(app(), `198.18.80.${++ipCounter}`);
  async function startup(companyName = 'Leaving Labs') {
    const client = newClient();
    const { user, registration } = await client.register('startup');
    const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
    expect(saved.statusCode, saved.body).toBe(200);
    return { client, user, registration };
  }
  async function investor(firmName = 'Staying Capital') {
    const client = newClient();
    const { user, registration } = await client.register('investor');
    const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
    expect(saved.statusCode, saved.body).toBe(200);
    return { client, user, registration };
  }
  async function upload(client: TestClient, name: string, file = { extension: 'pdf', content: pdfBytes() }) {
    const { payload, headers } = multipartPayload({ name, type: 'Pitch Deck' }, { filename: `${name}.${file.extension}`, content: file.content });
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }
  return { newClient, startup, investor, upload };
}

const deleteAccount = (client: TestClient, password = TEST_PASSWORD, options?: { waitForBackground: boolean }) =>
  client.request({ method: 'DELETE', url: '/api/account', payload: { password } }, options);

const signIn = (client: TestClient, username: string, password = TEST_PASSWORD) =>
  client.request({ method: 'POST', url: '/api/login', payload: { username, password } });

async function blobKeysOf(app: FastifyInstance, ownerId: number): Promise<string[]> {
  const rows = await app.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.userId, ownerId));
  return rows.map((row) => row.key!);
}

async function isGone(store: BlobStore, key: string): Promise<boolean> {
  try {
    (await store.read(key)).destroy();
    return false;
  } catch (error) {
    if (error instanceof BlobNotFoundError) return true;
    throw error;
  }
}

describe('DELETE /api/account (documents on disk)', () => {
  const clock = createTestClock();
  const suite = useTestSuite({ clock });
  const { newClient, startup, investor, upload } = people(() => suite.app);
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const streams: EventStreamReader[] = [];
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('erases the account in one go, keeps the other side’s history from "Deleted user", and frees the username and address', async () => {
    const me = await startup('Leaving Labs');
    const partner = await investor('Staying Capital');
    const pending = await investor('Pending Partners');
    const blockedByMe = await investor('Blocked Fund');
    const blockingMe = await investor('Wary Ventures');
    const db = suite.database.db;

    // A connection with history: messages both ways, a plan, a shared and viewed document, a
    // portfolio entry on the investor's side; a pending suggestion; blocks both ways.
    const [connected] = await db
      .insert(matches)
      .values({ startupId: me.user.id, investorId: partner.user.id, score: 80, breakdown: explanation('x') })
      .returning();
    await connectPair(me.client, partner.client, connected!.id);
    await db.insert(matches).values({ startupId: me.user.id, investorId: pending.user.id, score: 55, ...matchState('pending') });
    for (const [from, to, content] of [
      [me, partner, 'Thanks for the call'],
      [partner, me, 'Likewise, talk soon'],
      [me, partner, 'Here is our deck'],
    ] as const) {
      const sent = await from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect(
      (await me.client.request({ method: 'POST', url: '/api/milestones', payload: { title: 'Term sheet', investorId: partner.user.id } })).statusCode,
    ).toBe(201);
    const deckId = await upload(me.client, 'Deck');
    await upload(me.client, 'Notes', { extension: 'txt', content: textBytes() });
    expect((await me.client.request({ method: 'POST', url: `/api/documents/${deckId}/access`, payload: { userId: partner.user.id } })).statusCode).toBe(201);
    expect((await partner.client.request({ method: 'POST', url: `/api/documents/${deckId}/views` })).statusCode).toBe(201);
    expect((await me.client.request({ method: 'PUT', url: '/api/data-room/settings', payload: { autoShareCategories: ['Pitch Deck'] } })).statusCode).toBe(200);
    const added = await partner.client.request({
      method: 'POST',
      url: '/api/portfolio',
      payload: {
        companyName: 'Leaving Labs',
        industry: 'SaaS',
        stage: 'Seed',
        investmentDate: '2025-01-15',
        investmentAmount: 500_000,
        description: 'Backed in the seed round.',
        startupId: me.user.id,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await me.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: blockedByMe.user.id } })).statusCode).toBe(201);
    expect((await blockingMe.client.request({ method: 'POST', url: '/api/blocks', payload: { userId: me.user.id } })).statusCode).toBe(201);
    // Learned state, as a decision leaves it.
    await db.insert(matchingUserState).values({ userId: me.user.id, state: {}, decisionCount: 1 }).onConflictDoNothing();

    // Signed in on a second browser with a live stream open; a job about the account waiting.
    const laptop = newClient();
    expect((await signIn(laptop, me.registration.username)).statusCode).toBe(200);
    const laptopStream = await openEventStream(baseUrl, laptop.sessionToken!);
    streams.push(laptopStream);
    await suite.app.jobs.enqueue(
      db,
      'matching.rescore-pending',
      { userId: me.user.id, userType: 'startup' },
      { runAt: new Date(clock.now().getTime() + 3_600_000) },
    );
    expect((await db.select().from(accountTokens).where(eq(accountTokens.userId, me.user.id))).length).toBeGreaterThan(0);

    // The partner's lists, answered once so the answer cache holds them.
    const partnerMatches = async () => ((await partner.client.request({ method: 'GET', url: '/api/matches/investor' })).json() as InvestorMatchPage).items;
    const partnerConversations = async () =>
      (await partner.client.request({ method: 'GET', url: '/api/messages/conversations' })).json() as ConversationSummary[];
    expect((await partnerMatches()).map((match) => match.startupId)).toContain(me.user.id);
    // An investor with only a pending suggestion: no document or message event will reach them.
    const pendingMatches = async () => ((await pending.client.request({ method: 'GET', url: '/api/matches/investor' })).json() as InvestorMatchPage).items;
    expect((await pendingMatches()).map((match) => match.startupId)).toEqual([me.user.id]);
    expect((await partnerConversations()).find((entry) => entry.userId === me.user.id)).toMatchObject({
      firstName: me.registration.firstName,
      connected: true,
    });
    const keys = await blobKeysOf(suite.app, me.user.id);
    expect(keys).toHaveLength(2);

    const response = await deleteAccount(me.client, TEST_PASSWORD, { waitForBackground: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.vm_session?.value).toBe('');
    expect(cleared.vm_device?.value).toBe('');

    // The blob job was committed with the deletion: it is there before anything ran it.
    const [job] = await db.select().from(jobs).where(eq(jobs.name, BLOB_JOB));
    expect(job).toMatchObject({ state: 'queued', payload: { keys: expect.arrayContaining(keys) } });
    for (const key of keys) expect(await isGone(suite.app.contextBase.blobs, key)).toBe(false);
    await suite.app.jobs.idle();
    for (const key of keys) expect(await isGone(suite.app.contextBase.blobs, key)).toBe(true);

    // Every session ended: the other browser's stream closed, and it is signed out.
    await expect(laptopStream.next(() => false)).rejects.toThrow('the event stream ended');
    expect((await laptop.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await me.client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    // What the account held is gone.
    const countOf = async (table: PgTable, where: SQL | undefined) => Number((await db.select({ value: count() }).from(table).where(where))[0]!.value);
    const mine = me.user.id;
    expect(await countOf(startupProfiles, eq(startupProfiles.userId, mine))).toBe(0);
    expect(await countOf(matches, or(eq(matches.startupId, mine), eq(matches.investorId, mine)))).toBe(0);
    expect(await countOf(matchDecisions, eq(matchDecisions.matchId, connected!.id))).toBe(0);
    expect(await countOf(documents, eq(documents.userId, mine))).toBe(0);
    expect(await countOf(documentAccess, or(eq(documentAccess.grantedBy, mine), eq(documentAccess.userId, mine)))).toBe(0);
    expect(await countOf(documentViews, eq(documentViews.documentId, deckId))).toBe(0);
    expect(await countOf(dataRoomSettings, eq(dataRoomSettings.startupId, mine))).toBe(0);
    expect(await countOf(milestones, eq(milestones.startupId, mine))).toBe(0);
    expect(await countOf(sessions, eq(sessions.userId, mine))).toBe(0);
    expect(await countOf(knownDevices, eq(knownDevices.userId, mine))).toBe(0);
    expect(await countOf(accountTokens, eq(accountTokens.userId, mine))).toBe(0);
    expect(await countOf(activities, eq(activities.userId, mine))).toBe(0);
    expect(await countOf(matchingUserState, eq(matchingUserState.userId, mine))).toBe(0);
    expect(await countOf(blocks, eq(blocks.blockerId, mine))).toBe(0);
    expect(await countOf(jobs, and(eq(jobs.name, 'matching.rescore-pending'), eq(jobs.state, 'queued')))).toBe(0);
    // What is someone else's stays: the block placed on the account, the investor's portfolio
    // entry (unlinked), and every message of the thread.
    expect(await countOf(blocks, and(eq(blocks.blockerId, blockingMe.user.id), eq(blocks.blockedId, mine)))).toBe(1);
    // The blocker's list names it as what it now is, never by its anonymised username.
    const blockList = (await blockingMe.client.request({ method: 'GET', url: '/api/blocks' })).json() as Array<{ userId: number; name: string }>;
    expect(blockList.find((entry) => entry.userId === mine)?.name).toBe('Deleted user');
    const [portfolioEntry] = await db.select().from(portfolioCompanies).where(eq(portfolioCompanies.investorId, partner.user.id));
    expect(portfolioEntry).toMatchObject({ companyName: 'Leaving Labs', startupId: null });
    expect(await countOf(messages, or(eq(messages.senderId, mine), eq(messages.receiverId, mine)))).toBe(3);

    // The row stays, anonymised: nothing left that names or reaches the person.
    const [row] = await db.select().from(users).where(eq(users.id, mine));
    expect(row).toMatchObject({
      username: `deleted:${mine}`,
      email: `deleted:${mine}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'user',
      pendingEmail: null,
      emailVerifiedAt: null,
      deletedAt: expect.any(Date),
    });
    expect(row!.passwordHash).not.toMatch(/^\$argon2/);

    // The partner sees it at once, although their lists were cached: no match, and the
    // conversation is from "Deleted user", read-only, with every message still in it.
    expect((await partnerMatches()).map((match) => match.startupId)).not.toContain(mine);
    expect(await pendingMatches()).toEqual([]);
    const conversation = (await partnerConversations()).find((entry) => entry.userId === mine);
    expect(conversation).toMatchObject({ firstName: 'Deleted', lastName: 'user', organization: null, connected: false, matchId: null });
    const thread = await partner.client.request({ method: 'GET', url: `/api/messages/${mine}` });
    expect(thread.json().items.map((message: { content: string; senderId: number }) => [message.senderId, message.content])).toEqual([
      [mine, 'Thanks for the call'],
      [partner.user.id, 'Likewise, talk soon'],
      [mine, 'Here is our deck'],
    ]);
    const reply = await partner.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: mine, content: 'Are you there?' } });
    expect(reply.statusCode).toBe(403);
    expect((await partner.client.request({ method: 'GET', url: `/api/startups/${mine}` })).statusCode).toBe(404);
    expect((await partner.client.request({ method: 'GET', url: '/api/documents' })).json()).toEqual([]);

    // Sign-in fails as for any wrong password; then the username and address can be registered again.
    const retry = await signIn(newClient(), me.registration.username);
    expect(retry.statusCode).toBe(401);
    expect(retry.json()).toEqual({ message: 'Invalid username or password.' });
    const again = newClient();
    const reregistered = await again.request({ method: 'POST', url: '/api/register', payload: me.registration });
    expect(reregistered.statusCode, reregistered.body).toBe(201);
    expect(reregistered.json().id).not.toBe(mine);

    // The security log says it happened, with counts only.
    const [logged] = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, mine), eq(securityEvents.eventType, 'account_deleted')));
    expect(logged!.detail).toEqual({ userType: 'startup', documents: 2, counterparts: 2 });
    expect(JSON.stringify(logged)).not.toContain(me.registration.email.toLowerCase());
  });

  it('deletes an investor’s portfolio and track record, and the deleted account is never suggested again', async () => {
    const me = await investor('Closing Capital');
    const founder = await startup('Hopeful Co');
    // The founder's engine learns of the investor's profile by matching once (a pending suggestion).
    const first = await founder.client.request({ method: 'POST', url: '/api/generate-matches' });
    expect(first.statusCode, first.body).toBe(200);
    const suggested = await suite.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.startupId, founder.user.id), eq(matches.investorId, me.user.id)));
    expect(suggested).toHaveLength(1);
    const company = await me.client.request({
      method: 'POST',
      url: '/api/portfolio',
      payload: { companyName: 'Old Bet', industry: 'SaaS', stage: 'Seed', investmentDate: '2024-05-01', investmentAmount: 1_000, description: 'An early bet.' },
    });
    expect(company.statusCode).toBe(201);
    const deal = await me.client.request({
      method: 'POST',
      url: '/api/investor/track-record',
      payload: { companyName: 'Old Deal', investedOn: '2023-02-01', stage: 'Seed', industry: 'SaaS' },
    });
    expect(deal.statusCode, deal.body).toBe(201);

    expect((await deleteAccount(me.client)).statusCode).toBe(200);
    expect(await suite.database.db.select().from(portfolioCompanies).where(eq(portfolioCompanies.investorId, me.user.id))).toEqual([]);
    // The user row stays (anonymised), so nothing cascades: the public track record is deleted by hand.
    expect(await suite.database.db.select().from(trackRecordInvestments).where(eq(trackRecordInvestments.investorId, me.user.id))).toEqual([]);
    expect(await suite.database.db.select().from(investorProfiles).where(eq(investorProfiles.userId, me.user.id))).toEqual([]);
    // No blob job without documents.
    expect(
      await suite.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, BLOB_JOB), eq(jobs.state, 'queued'))),
    ).toEqual([]);

    const second = await founder.client.request({ method: 'POST', url: '/api/generate-matches' });
    expect(second.statusCode, second.body).toBe(200);
    const rows = await suite.database.db.select().from(matches).where(eq(matches.investorId, me.user.id));
    expect(rows).toEqual([]);
    expect((await founder.client.request({ method: 'GET', url: `/api/investors/${me.user.id}` })).statusCode).toBe(404);
  });

  it('refuses a wrong password with a 400 that counts towards the sign-in throttle, and changes nothing', async () => {
    const me = await startup('Careful Co');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await deleteAccount(me.client, `wrong-${attempt}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'This password is not correct.', fieldErrors: { password: ['This password is not correct.'] } });
    }
    const throttled = await deleteAccount(me.client);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-in throttle itself: the sign-in form is throttled for the username too.
    expect((await signIn(newClient(), me.registration.username)).statusCode).toBe(429);
    const [failures] = await suite.database.db
      .select({ value: count() })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, me.user.id), eq(securityEvents.eventType, 'login_failed')));
    expect(failures!.value).toBe(10);
    const [row] = await suite.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ username: me.registration.username, deletedAt: null });
    expect((await me.client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('asks for the password: a missing or empty one is a 400 naming the field', async () => {
    const me = await startup('Hasty Co');
    const missing = await me.client.request({ method: 'DELETE', url: '/api/account', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ password: ['Password is required'] });
    expect((await deleteAccount(me.client, '')).statusCode).toBe(400);
    expect((await me.client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/account (documents on S3)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let store: BlobStore;
  beforeAll(async () => {
    s3 = await startLocalS3('venturematch-deletion-test');
    store = createS3BlobStore(s3.settings);
  });
  // Declared before the suite so it runs after the app has closed (after-hooks run in reverse).
  afterAll(() => s3?.stop());
  // The app is built before the S3 server's port is known: it gets a store that forwards to it.
  const forwardingStore: BlobStore = {
    kind: 's3',
    putFile: (key, filePath, metadata) => store.putFile(key, filePath, metadata),
    read: (key, range) => store.read(key, range),
    delete: (key) => store.delete(key),
    list: () => store.list(),
  };
  const suite = useTestSuite({ blobStore: forwardingStore });
  const { startup, upload } = people(() => suite.app);

  it('removes the account’s objects from the bucket, and only those', async () => {
    const me = await startup('Cloud Leaving');
    const other = await startup('Cloud Staying');
    await upload(me.client, 'Deck');
    await upload(me.client, 'Model');
    await upload(other.client, 'Their deck');
    const mine = await blobKeysOf(suite.app, me.user.id);
    const theirs = await blobKeysOf(suite.app, other.user.id);

    expect((await deleteAccount(me.client, TEST_PASSWORD, { waitForBackground: false })).statusCode).toBe(200);
    const queued = await suite.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, BLOB_JOB), inArray(jobs.state, ['queued'])));
    expect(queued).toHaveLength(1);
    await suite.app.jobs.idle();
    for (const key of mine) expect(await isGone(store, key)).toBe(true);
    for (const key of theirs) expect(await isGone(store, key)).toBe(false);
    const [done] = await suite.database.db.select().from(jobs).where(eq(jobs.id, queued[0]!.id));
    expect(done!.state).toBe('succeeded');
  });
});
