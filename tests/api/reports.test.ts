// Reports (issue #14, "Leaving and blocking"): what may be reported, by whom, what is stored, the
// block a report brings, the security log, and the operators' `npm run reports` functions.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentAccess, documents, messages, reports, securityEvents } from '../../src/server/db/schema';
import { getReport, listOpenReports, resolveReport } from '../../src/server/features/safety';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.14.${++ipCounter}`);

async function twoUsers() {
  const startup = newClient();
  const { user: startupUser } = await startup.register('startup', { firstName: 'Rita', lastName: 'Reported' });
  const investor = newClient();
  const { user: investorUser } = await investor.register('investor', { firstName: 'Remy', lastName: 'Reporter' });
  return { startup, startupUser, investor, investorUser };
}

const report = (client: TestClient, payload: Record<string, unknown>) => client.request({ method: 'POST', url: '/api/reports', payload });

async function insertMessage(senderId: number, receiverId: number, content = 'Send me your bank details now') {
  const [row] = await suite.database.db.insert(messages).values({ senderId, receiverId, content }).returning();
  return row!;
}

async function insertDocument(ownerId: number) {
  const [row] = await suite.database.db.insert(documents).values({ userId: ownerId, name: 'deck.pdf', type: 'application/pdf', size: 10 }).returning();
  return row!;
}

async function storedReport(id: number) {
  const [row] = await suite.database.db.select().from(reports).where(eq(reports.id, id));
  return row!;
}

describe('POST /api/reports', () => {
  it('reports a user: 201 with a receipt only, stored open with who reported whom', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const response = await report(investor, { subjectType: 'user', subjectId: startupUser.id, category: 'fraud', details: '  Claims a fake exit.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(Object.keys(receipt).sort()).toEqual(['createdAt', 'id']);
    expect(await storedReport(receipt.id)).toMatchObject({
      reporterId: investorUser.id,
      reportedUserId: startupUser.id,
      subjectType: 'user',
      subjectId: startupUser.id,
      category: 'fraud',
      details: 'Claims a fake exit.',
      state: 'open',
      resolvedAt: null,
      resolution: null,
    });
  });

  it('reports a message received: the sender is the reported user', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const message = await insertMessage(startupUser.id, investorUser.id);
    const response = await report(investor, { subjectType: 'message', subjectId: message.id, category: 'harassment' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedReport(response.json().id)).toMatchObject({
      subjectType: 'message',
      subjectId: message.id,
      reportedUserId: startupUser.id,
      details: null,
    });
  });

  it('reports a document shared with the investor: its owner is the reported user', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const document = await insertDocument(startupUser.id);
    await suite.database.db.insert(documentAccess).values({ documentId: document.id, userId: investorUser.id, grantedBy: startupUser.id });
    const response = await report(investor, { subjectType: 'document', subjectId: document.id, category: 'inappropriate' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedReport(response.json().id)).toMatchObject({ subjectType: 'document', subjectId: document.id, reportedUserId: startupUser.id });
  });

  it('still takes a report on a document whose grant was revoked: the reporter saw it', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const document = await insertDocument(startupUser.id);
    await suite.database.db
      .insert(documentAccess)
      .values({ documentId: document.id, userId: investorUser.id, grantedBy: startupUser.id, revokedAt: new Date('2026-10-01T00:00:00Z') });
    const response = await report(investor, { subjectType: 'document', subjectId: document.id, category: 'fraud' });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses reporting yourself, your own message or your own document with 400', async () => {
    const { startup, startupUser, investorUser } = await twoUsers();
    const message = await insertMessage(startupUser.id, investorUser.id);
    const document = await insertDocument(startupUser.id);
    for (const [subjectType, subjectId, sentence] of [
      ['user', startupUser.id, 'You cannot report yourself.'],
      ['message', message.id, 'You cannot report your own message.'],
      ['document', document.id, 'You cannot report your own document.'],
    ] as const) {
      const response = await report(startup, { subjectType, subjectId, category: 'spam' });
      expect(response.statusCode, subjectType).toBe(400);
      expect(response.json().message).toBe(sentence);
    }
    expect(await suite.database.db.select().from(reports).where(eq(reports.reporterId, startupUser.id))).toEqual([]);
  });

  it('answers 404 for a message in someone else’s conversation, as for a missing one', async () => {
    const { startupUser, investorUser } = await twoUsers();
    const outsider = newClient();
    await outsider.register('investor');
    const message = await insertMessage(startupUser.id, investorUser.id);
    const response = await report(outsider, { subjectType: 'message', subjectId: message.id, category: 'spam' });
    expect(response.statusCode).toBe(404);
    const missing = await report(outsider, { subjectType: 'message', subjectId: 2_000_000_000, category: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(response.json().message);
  });

  it('answers 404 for a document the reporter was never given access to', async () => {
    const { startupUser, investor } = await twoUsers();
    const document = await insertDocument(startupUser.id);
    const response = await report(investor, { subjectType: 'document', subjectId: document.id, category: 'fraud' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/document does not exist/);
  });

  it('answers 404 for a user who does not exist', async () => {
    const { investor } = await twoUsers();
    const response = await report(investor, { subjectType: 'user', subjectId: 2_000_000_000, category: 'spam' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['an unknown category', { category: 'rude' }, 'category', /Choose a reason/],
    ['no category', { category: undefined }, 'category', /Choose a reason/],
    ['details over 2,000 characters', { details: 'x'.repeat(2001) }, 'details', /at most 2,000 characters/],
    ['details that are not text', { details: 42 }, 'details', /Details must be text/],
    ['an unknown subject type', { subjectType: 'startup' }, 'subjectType', /a user, a message or a document/],
    ['a subject id that is not an id', { subjectId: -1 }, 'subjectId', /Choose what you are reporting/],
  ])('refuses %s with 400 and a sentence', async (_name, override, field, sentence) => {
    const { startupUser, investor } = await twoUsers();
    const response = await report(investor, { subjectType: 'user', subjectId: startupUser.id, category: 'spam', ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field][0]).toMatch(sentence);
  });

  it('requires a signed-in user', async () => {
    const { startupUser } = await twoUsers();
    const response = await report(newClient(), { subjectType: 'user', subjectId: startupUser.id, category: 'spam' });
    expect(response.statusCode).toBe(401);
  });

  it('blocks the reported user', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const message = await insertMessage(startupUser.id, investorUser.id);
    expect((await report(investor, { subjectType: 'message', subjectId: message.id, category: 'harassment' })).statusCode).toBe(201);
    const blocked = await investor.request({ method: 'GET', url: '/api/blocks' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().map((row: { userId: number }) => row.userId)).toEqual([startupUser.id]);
  });

  it('logs report_filed with ids and the category, never the details or the message text', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const message = await insertMessage(startupUser.id, investorUser.id, 'A secret message body');
    const response = await report(investor, { subjectType: 'message', subjectId: message.id, category: 'harassment', details: 'Private details text' });
    const events = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'report_filed'), eq(securityEvents.userId, investorUser.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({
      reportId: response.json().id,
      reportedUserId: startupUser.id,
      subjectType: 'message',
      subjectId: message.id,
      category: 'harassment',
    });
    expect(JSON.stringify(events[0])).not.toMatch(/Private details|secret message/);
  });
});

describe('npm run reports (the operators’ functions)', () => {
  it('lists open reports, shows one in full, and resolves it with a note once', async () => {
    const { startupUser, investor, investorUser } = await twoUsers();
    const message = await insertMessage(startupUser.id, investorUser.id, 'Pay me first');
    const { id } = (await report(investor, { subjectType: 'message', subjectId: message.id, category: 'fraud', details: 'Asked for money' })).json();
    const ctx = { db: suite.database.db, clock: () => new Date('2026-11-02T09:00:00Z') };

    const open = await listOpenReports(ctx);
    expect(open.find((row) => row.id === id)).toMatchObject({
      category: 'fraud',
      subjectType: 'message',
      subjectId: message.id,
      subjectSummary: 'Pay me first',
      details: 'Asked for money',
      reporter: { id: investorUser.id },
      reportedUser: { id: startupUser.id, name: 'Rita Reported' },
    });

    const resolved = await resolveReport(ctx, { id, note: 'Account suspended' });
    expect(resolved).toMatchObject({ id, state: 'resolved', resolution: 'Account suspended', resolvedAt: new Date('2026-11-02T09:00:00Z') });
    expect((await listOpenReports(ctx)).some((row) => row.id === id)).toBe(false);
    expect(await resolveReport(ctx, { id, note: 'Again' })).toBeNull();
    expect((await getReport(ctx, id))?.resolution).toBe('Account suspended');
    expect(await getReport(ctx, 2_000_000_000)).toBeNull();
  });
});
