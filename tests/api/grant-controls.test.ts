// Control after sharing (issue #20; docs/data-room.md, "Control"): grants that end by themselves
// and stop an open view, the per-grant download switch, the whole-room share, watermarks on by
// default for sensitive documents, and watermarked PDF downloads stamped with the viewer's email.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { documentAccess, jobs, matches, notifications } from '../../src/server/db/schema';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { GRANT_EXPIRY_JOB } from '../../src/server/features/data-room';
import { formatWatermarkTime } from '../../src/shared/watermark';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { csvBytes, docxBytes } from '../support/document-fixtures';
import { multipartPayload, type MultipartFile } from '../support/multipart';
import { openEventStream } from '../support/event-stream';
import { connectPair, matchState } from '../support/match-state';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';
import { pdfPageTexts } from '../support/pdf-text';

/** Starts like a PDF (so the upload passes) but has no document pdf-lib can rewrite. */
const UNSTAMPABLE_PDF = Buffer.from(`%PDF-1.4\n%${'garbage '.repeat(50)}\n%%EOF\n`, 'latin1');

const blobRoot = mkdtempSync(path.join(os.tmpdir(), 'vm-grant-blobs-'));
afterAll(() => rmSync(blobRoot, { recursive: true, force: true }));
const clock = createTestClock(new Date('2026-11-27T09:00:00Z'));
const suite = useTestSuite({ blobStore: createDiskBlobStore(blobRoot), clock });

const DAY_MS = 24 * 60 * 60 * 1000;
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.21.${++ipCounter}`);

async function startupWithProfile(companyName = 'Control Co') {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  return { client, user };
}

async function investorWithProfile(firmName = 'Reader Capital') {
  const client = newClient();
  const { user, registration } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  return { client, user, registration };
}

async function connect(startupId: number, investorId: number) {
  await suite.database.db.insert(matches).values({ startupId, investorId, score: 80, ...matchState('accepted') });
}

/** A real PDF with text on each page, as pdf-lib writes it. */
async function realPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) pdf.addPage([612, 792]).drawText(`Revenue page ${page}`, { x: 60, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

async function upload(client: TestClient, file: MultipartFile, fields: { name: string; type: string }) {
  const { payload, headers } = multipartPayload(fields, file);
  const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { id: number; name: string; watermark: boolean }), content: file.content as Buffer };
}

const uploadPdf = async (client: TestClient, name = 'Deck', category = 'Pitch Deck', pages = 2) =>
  upload(client, { filename: 'file.pdf', content: await realPdf(pages), contentType: 'application/pdf' }, { name, type: category });

const share = (owner: TestClient, documentId: number, payload: Record<string, unknown>) =>
  owner.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload });
const patchGrant = (owner: TestClient, documentId: number, investorId: number, payload: Record<string, unknown>) =>
  owner.request({ method: 'PATCH', url: `/api/documents/${documentId}/access/${investorId}`, payload });
const content = (client: TestClient, documentId: number, query = '', headers: Record<string, string> = {}) =>
  client.request({ method: 'GET', url: `/api/documents/${documentId}/content${query}`, headers });
const listed = async (client: TestClient, documentId: number) =>
  ((await client.request({ method: 'GET', url: '/api/documents' })).json() as Array<{ id: number }>).find((row) => row.id === documentId);
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY_MS).toISOString();

const pdfText = (bytes: Uint8Array) => pdfPageTexts(bytes);

/** A founder and a connected investor. */
async function pair() {
  const owner = await startupWithProfile();
  const investor = await investorWithProfile();
  await connect(owner.user.id, investor.user.id);
  return { owner, investor };
}

describe('end dates', () => {
  it('shares until a future date only, and says so on both sides', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client);
    const past = await share(owner.client, document.id, { userId: investor.user.id, expiresAt: new Date(clock.now().getTime() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The end date must be in the future.');
    const notADate = await share(owner.client, document.id, { userId: investor.user.id, expiresAt: 'next week' });
    expect(notADate.statusCode).toBe(400);
    expect((await owner.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).json()).toEqual([]);

    const end = inDays(30);
    const granted = await share(owner.client, document.id, { userId: investor.user.id, expiresAt: end });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ userId: investor.user.id, expiresAt: end, canDownload: false, revokedAt: null });
    expect(await listed(investor.client, document.id)).toMatchObject({ accessExpiresAt: end, canDownload: false, ndaPending: false, watermark: false });
  });

  it('stops an open view at the end date: the next read is 403 with the date, both screens hear of it, and the founder is told', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client);
    expect((await share(owner.client, document.id, { userId: investor.user.id, expiresAt: inDays(1) })).statusCode).toBe(201);
    expect((await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` })).statusCode).toBe(201);
    expect((await content(investor.client, document.id, '', { range: 'bytes=0-99' })).statusCode).toBe(206);

    const baseUrl = suite.app.server.listening
      ? `http://127.0.0.1:${(suite.app.server.address() as { port: number }).port}`
      : await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const investorStream = await openEventStream(baseUrl, investor.client.sessionToken!);
    try {
      clock.advanceMs(DAY_MS + 1);
      await suite.app.jobs.idle();
      // The investor's open viewer hears the change, refetches, and is refused with the date.
      await investorStream.next((event) => event.type === 'documents_changed' && event.data.documentId === document.id);
    } finally {
      investorStream.close();
    }
    const ended = await content(investor.client, document.id, '', { range: 'bytes=100-199' });
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual({ message: 'Access to Deck ended on 28 Nov 2026.' });
    expect(ended.headers['content-range']).toBeUndefined();
    const view = await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` });
    expect(view.statusCode).toBe(403);
    expect(view.json().message).toBe('Access to Deck ended on 28 Nov 2026.');
    expect(await listed(investor.client, document.id)).toBeUndefined();

    const founderNews = (await owner.client.request({ method: 'GET', url: '/api/notifications' })).json();
    expect(JSON.stringify(founderNews)).toContain('Access to Deck for Reader Capital ended');
    const investorNews = (await investor.client.request({ method: 'GET', url: '/api/notifications' })).json();
    expect(JSON.stringify(investorNews)).toContain('Your access to Deck from Control Co ended');
    // The owner keeps the history, with the time access ended.
    const [grant] = (await owner.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).json();
    expect(grant).toMatchObject({ views: 1, revokedAt: expect.any(String), expiresAt: expect.any(String) });
  });

  it('announces nothing for an end date changed since it was scheduled', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client, 'Plan');
    expect((await share(owner.client, document.id, { userId: investor.user.id, expiresAt: inDays(1) })).statusCode).toBe(201);
    const moved = await patchGrant(owner.client, document.id, investor.user.id, { expiresAt: inDays(10) });
    expect(moved.statusCode, moved.body).toBe(200);
    const queued = await suite.database.db.select().from(jobs).where(eq(jobs.name, GRANT_EXPIRY_JOB));
    expect(queued.filter((job) => (job.payload as { documentId?: number }).documentId === document.id)).toHaveLength(2);

    clock.advanceMs(DAY_MS + 1);
    await suite.app.jobs.idle();
    expect((await content(investor.client, document.id)).statusCode).toBe(200);
    const expiredNotes = await suite.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.user.id), eq(notifications.type, 'document_access_expired')));
    expect(expiredNotes).toHaveLength(0);
  });
});

describe('changing a grant', () => {
  it('changes the end date and the download switch of a live grant only, for its owner only', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client);
    expect((await share(owner.client, document.id, { userId: investor.user.id, expiresAt: inDays(7) })).statusCode).toBe(201);

    const allowed = await patchGrant(owner.client, document.id, investor.user.id, { canDownload: true });
    expect(allowed.json()).toMatchObject({ canDownload: true, expiresAt: expect.any(String) });
    const noEnd = await patchGrant(owner.client, document.id, investor.user.id, { expiresAt: null });
    expect(noEnd.json()).toMatchObject({ canDownload: true, expiresAt: null });
    const past = await patchGrant(owner.client, document.id, investor.user.id, { expiresAt: new Date(clock.now().getTime() - 1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The end date must be in the future.');
    expect((await patchGrant(owner.client, document.id, investor.user.id, { extra: 1 })).statusCode).toBe(400);

    const other = await startupWithProfile('Other Co');
    expect((await patchGrant(other.client, document.id, investor.user.id, { canDownload: false })).statusCode).toBe(404);
    expect((await patchGrant(investor.client, document.id, investor.user.id, { canDownload: true })).statusCode).toBe(403);
    const stranger = await investorWithProfile('Stranger Fund');
    expect((await patchGrant(owner.client, document.id, stranger.user.id, { canDownload: true })).statusCode).toBe(404);

    await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` });
    const revoked = await patchGrant(owner.client, document.id, investor.user.id, { canDownload: false });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe('This investor does not have access to the document.');
  });

  it('shares the whole room with one connected investor, with the same settings', async () => {
    const { owner, investor } = await pair();
    const documents = [await uploadPdf(owner.client, 'A'), await uploadPdf(owner.client, 'B'), await uploadPdf(owner.client, 'C')];
    // One was shared before, view only: the room's settings replace that.
    expect((await share(owner.client, documents[0]!.id, { userId: investor.user.id })).statusCode).toBe(201);
    const end = inDays(90);
    const shared = await owner.client.request({
      method: 'POST',
      url: '/api/data-room/access',
      payload: { userId: investor.user.id, expiresAt: end, canDownload: true },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toEqual({ sharedCount: 3 });
    const list = (await investor.client.request({ method: 'GET', url: '/api/documents' })).json();
    expect(list).toHaveLength(3);
    for (const row of list) expect(row).toMatchObject({ canDownload: true, accessExpiresAt: end });

    const stranger = await investorWithProfile('Stranger Fund');
    const refused = await owner.client.request({ method: 'POST', url: '/api/data-room/access', payload: { userId: stranger.user.id } });
    expect(refused.statusCode).toBe(403);
    expect((await stranger.client.request({ method: 'GET', url: '/api/documents' })).json()).toEqual([]);
    const pastEnd = await owner.client.request({
      method: 'POST',
      url: '/api/data-room/access',
      payload: { userId: investor.user.id, expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(pastEnd.statusCode).toBe(400);
  });
});

describe('the download switch', () => {
  it('refuses downloads of a view-only grant (403 with a sentence) and allows them when switched on; owners always may', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client);
    expect(document.watermark).toBe(false);
    expect((await share(owner.client, document.id, { userId: investor.user.id })).statusCode).toBe(201);

    const refused = await content(investor.client, document.id, '?download=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Control Co has not allowed downloads of Deck.' });
    expect((await content(investor.client, document.id, '?download=1', { range: 'bytes=0-10' })).statusCode).toBe(403);
    // Viewing stays open.
    expect((await content(investor.client, document.id)).statusCode).toBe(200);
    expect((await content(owner.client, document.id, '?download=1')).statusCode).toBe(200);

    await patchGrant(owner.client, document.id, investor.user.id, { canDownload: true });
    const downloaded = await content(investor.client, document.id, '?download=1&disposition=inline');
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/);
    expect(downloaded.rawPayload.equals(document.content)).toBe(true);
  });

  it('gives auto-shared documents view only', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    const document = await uploadPdf(owner.client, 'Auto deck');
    await owner.client.request({ method: 'PUT', url: '/api/data-room/settings', payload: { autoShareCategories: ['Pitch Deck'] } });
    const [match] = await suite.database.db
      .insert(matches)
      .values({ startupId: owner.user.id, investorId: investor.user.id, score: 80, ...matchState('pending') })
      .returning();
    await connectPair(owner.client, investor.client, match!.id);
    expect(await listed(investor.client, document.id)).toMatchObject({ canDownload: false, accessExpiresAt: null });
    expect((await content(investor.client, document.id)).statusCode).toBe(200);
    expect((await content(investor.client, document.id, '?download=1')).statusCode).toBe(403);
    const [grant] = await suite.database.db.select().from(documentAccess).where(eq(documentAccess.documentId, document.id));
    expect(grant!.canDownload).toBe(false);
  });
});

describe('watermarks', () => {
  it('start on for financials, legal documents and cap tables; the owner can switch them', async () => {
    const owner = await startupWithProfile();
    expect((await uploadPdf(owner.client, 'Model', 'Financial Projections')).watermark).toBe(true);
    expect((await uploadPdf(owner.client, 'SAFE', 'Legal Document')).watermark).toBe(true);
    expect((await uploadPdf(owner.client, 'Cap_Table 2026', 'Other')).watermark).toBe(true);
    const deck = await uploadPdf(owner.client, 'Deck', 'Pitch Deck');
    expect(deck.watermark).toBe(false);
    const switched = await owner.client.request({ method: 'PATCH', url: `/api/documents/${deck.id}`, payload: { watermark: true } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ id: deck.id, watermark: true, ndaRequired: false });
    expect(await listed(owner.client, deck.id)).toMatchObject({ watermark: true });
  });

  it('stamps every page of a watermarked PDF download with the viewer, streamed whole and never cached', async () => {
    const { owner, investor } = await pair();
    const document = await uploadPdf(owner.client, 'Model', 'Financial Projections', 3);
    expect(document.watermark).toBe(true);
    expect((await share(owner.client, document.id, { userId: investor.user.id, canDownload: true })).statusCode).toBe(201);

    // Viewing reads the stored bytes by range (the viewer draws the watermark into its canvas).
    const ranged = await content(investor.client, document.id, '', { range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(document.content.subarray(0, 100))).toBe(true);

    const downloaded = await content(investor.client, document.id, '?download=1', { range: 'bytes=0-99' });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['cache-control']).toBe('private, no-store');
    expect(downloaded.headers['accept-ranges']).toBe('none');
    expect(downloaded.headers['content-range']).toBeUndefined();
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Number(downloaded.headers['content-length'])).toBe(downloaded.rawPayload.length);
    expect(downloaded.rawPayload.equals(document.content)).toBe(false);

    const pages = await pdfText(downloaded.rawPayload);
    expect(pages).toHaveLength(3);
    const { firstName, lastName, email } = investor.registration;
    pages.forEach((page, index) => {
      expect(page).toContain(`Revenue page ${index + 1}`);
      expect(page).toContain(email);
      expect(page).toContain(`${firstName} ${lastName}`);
      expect(page).toContain('Control Co');
      expect(page).toContain(formatWatermarkTime(clock.now()));
    });
    // The original has none of it: the stamp is what was added.
    for (const page of await pdfText(document.content)) expect(page).not.toContain(email);

    // The owner downloads their own file as stored.
    expect((await content(owner.client, document.id, '?download=1')).rawPayload.equals(document.content)).toBe(true);
    // Watermark off: the investor's download is the stored file.
    await owner.client.request({ method: 'PATCH', url: `/api/documents/${document.id}`, payload: { watermark: false } });
    expect((await content(investor.client, document.id, '?download=1')).rawPayload.equals(document.content)).toBe(true);
  });

  it('refuses downloads of watermarked files other than PDF, and still lets them be viewed', async () => {
    const { owner, investor } = await pair();
    const sheet = await upload(owner.client, { filename: 'model.csv', content: csvBytes() }, { name: 'Model', type: 'Financial Projections' });
    const memo = await upload(owner.client, { filename: 'memo.docx', content: docxBytes() }, { name: 'Terms', type: 'Legal Document' });
    for (const document of [sheet, memo]) {
      expect(document.watermark).toBe(true);
      expect((await share(owner.client, document.id, { userId: investor.user.id, canDownload: true })).statusCode).toBe(201);
      const refused = await content(investor.client, document.id, '?download=1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: `${document.name} is watermarked, so it can be viewed here but not downloaded.` });
      expect((await content(investor.client, document.id)).statusCode).toBe(200);
    }
  });

  it('never sends a watermarked PDF unstamped: one pdf-lib cannot rewrite stays view only (403, not a 500)', async () => {
    const { owner, investor } = await pair();
    const broken = await upload(owner.client, { filename: 'broken.pdf', content: UNSTAMPABLE_PDF }, { name: 'Broken', type: 'Financial Projections' });
    expect((await share(owner.client, broken.id, { userId: investor.user.id, canDownload: true })).statusCode).toBe(201);
    const refused = await content(investor.client, broken.id, '?download=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Broken is watermarked and could not be stamped, so it can be viewed here but not downloaded.' });
    expect((await content(investor.client, broken.id)).statusCode).toBe(200);
  });
});
