// The data room (issue #5): safe uploads, the 10 MB boundary, serving headers, per-investor access
// with instant revocation, view tracking, auto-share, and cleanup of orphaned blobs.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, documentAccess, documents, matches } from '../../src/server/db/schema';
import { storeUploadedDocument } from '../../src/server/features/data-room/documents.service';
import { sweepOrphanBlobs } from '../../src/server/features/data-room/housekeeping.service';
import { createAppJobQueue, JOB_NAMES } from '../../src/server/app-jobs';
import { loadEnv } from '../../src/server/env';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { BlobNotFoundError } from '../../src/server/storage/blob-store';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { csvBytes, docxBytes, exeBytes, htmlBytes, pdfBytes, svgBytes } from '../support/document-fixtures';
import { multipartPayload, type MultipartFile } from '../support/multipart';
import { openEventStream } from '../support/event-stream';
import { connectPair, matchState, oneSidedAccept } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const blobRoot = mkdtempSync(path.join(os.tmpdir(), 'vm-dataroom-blobs-'));
const blobs = createDiskBlobStore(blobRoot);
afterAll(() => rmSync(blobRoot, { recursive: true, force: true }));
const suite = useTestSuite({ blobStore: blobs });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.3.${++ipCounter}`);
const MiB = 1024 * 1024;

async function startupWithProfile(companyName = 'Room Co') {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  return { client, user };
}

async function investorWithProfile(firmName = 'Reader Capital') {
  const client = newClient();
  const { user } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  return { client, user };
}

async function connect(startupId: number, investorId: number) {
  await suite.database.db.insert(matches).values({ startupId, investorId, score: 80, ...matchState('accepted') });
}

function upload(client: TestClient, file: MultipartFile | undefined, fields: Record<string, string> = { type: 'Pitch Deck' }) {
  const { payload, headers } = multipartPayload(fields, file);
  return client.request({ method: 'POST', url: '/api/documents', payload, headers });
}

async function uploadPdf(client: TestClient, name = 'Deck', category = 'Pitch Deck', content = pdfBytes(3)) {
  const response = await upload(client, { filename: 'deck.pdf', content, contentType: 'application/pdf' }, { name, type: category });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

const blobKeys = async () => {
  const keys: string[] = [];
  for await (const blob of blobs.list()) keys.push(blob.key);
  return keys;
};
const readContent = (client: TestClient, id: number, headers: Record<string, string> = {}, query = '') =>
  client.request({ method: 'GET', url: `/api/documents/${id}/content${query}`, headers });

describe('POST /api/documents', () => {
  it('stores a PDF with the detected type, its category, size and sha256, under a server-made key', async () => {
    const { client, user } = await startupWithProfile();
    const content = pdfBytes(2);
    const response = await upload(
      client,
      { filename: '../../evil name.pdf', content, contentType: 'text/html' },
      { name: 'Series A deck', type: 'Pitch Deck' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Series A deck', category: 'Pitch Deck', type: 'application/pdf', size: content.length, sharedWithCount: 0 });

    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, response.json().id));
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(content).digest('hex'));
    expect(row!.storageKey).toMatch(new RegExp(`^documents/${user.id}/[0-9a-f-]{36}$`));
    expect(row!.storageKey).not.toContain('evil');
    expect(await text(await blobs.read(row!.storageKey!))).toBe(content.toString('latin1'));
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.activityType, 'document_uploaded')));
    expect(feed).toHaveLength(1);
  });

  it('names the document after the file when no name is given', async () => {
    const { client } = await startupWithProfile();
    const response = await upload(client, { filename: 'Q3 financials.csv', content: csvBytes() }, { type: 'Financial Projections' });
    expect(response.json()).toMatchObject({ name: 'Q3 financials', type: 'text/csv; charset=utf-8' });
  });

  it('accepts exactly 10 MiB and refuses one byte more with 413, storing nothing', async () => {
    const { client, user } = await startupWithProfile();
    const atLimit = await upload(client, { filename: 'big.pdf', content: pdfBytes(1, 10 * MiB) });
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().size).toBe(10 * MiB);

    const keysBefore = await blobKeys();
    const overLimit = await upload(client, { filename: 'bigger.pdf', content: pdfBytes(1, 10 * MiB + 1) });
    expect(overLimit.statusCode).toBe(413);
    expect(overLimit.json().message).toBe('This file is larger than 10 MB. Upload a smaller file.');
    expect(await blobKeys()).toEqual(keysBefore);
    expect(await suite.database.db.select().from(documents).where(eq(documents.userId, user.id))).toHaveLength(1);
  });

  it.each([
    ['an executable renamed .pdf', { filename: 'invoice.pdf', content: exeBytes() }],
    ['HTML renamed .pdf', { filename: 'deck.pdf', content: htmlBytes() }],
    ['an SVG', { filename: 'logo.svg', content: svgBytes() }],
    ['HTML named .txt', { filename: 'notes.txt', content: htmlBytes() }],
    ['an HTML page', { filename: 'page.html', content: htmlBytes() }],
    ['a PDF renamed .docx', { filename: 'plan.docx', content: pdfBytes() }],
  ])('refuses %s with 400 and stores nothing', async (_name, file) => {
    const { client, user } = await startupWithProfile();
    const keysBefore = await blobKeys();
    const response = await upload(client, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.file[0]).toEqual(response.json().message);
    expect(await blobKeys()).toEqual(keysBefore);
    expect(await suite.database.db.select().from(documents).where(eq(documents.userId, user.id))).toHaveLength(0);
  });

  it('requires a file and a document type, with the spec sentences', async () => {
    const { client } = await startupWithProfile();
    const noFile = await upload(client, undefined, { type: 'Pitch Deck' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please select a file to upload.');
    const noType = await upload(client, { filename: 'deck.pdf', content: pdfBytes() }, {});
    expect(noType.statusCode).toBe(400);
    expect(noType.json().fieldErrors.type).toEqual(['Please select a document type.']);
    const badType = await upload(client, { filename: 'deck.pdf', content: pdfBytes() }, { type: 'Selfie' });
    expect(badType.statusCode).toBe(400);
  });

  it('is for startups only, signed in, from our own origin', async () => {
    const { client } = await investorWithProfile();
    expect((await upload(client, { filename: 'deck.pdf', content: pdfBytes() })).statusCode).toBe(403);

    const anonymous = newClient();
    expect((await upload(anonymous, { filename: 'deck.pdf', content: pdfBytes() })).statusCode).toBe(401);

    // A multipart POST is a "simple" request a foreign page could send with the user's cookie.
    const startup = await startupWithProfile();
    const keysBefore = await blobKeys();
    const { payload, headers } = multipartPayload({ type: 'Pitch Deck' }, { filename: 'deck.pdf', content: pdfBytes() });
    const crossSite = await startup.client.request({
      method: 'POST',
      url: '/api/documents',
      payload,
      headers: { ...headers, origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await blobKeys()).toEqual(keysBefore);
    expect(await suite.database.db.select().from(documents).where(eq(documents.userId, startup.user.id))).toHaveLength(0);
  });

  it('takes the stored type from the bytes, never from the client, and ignores extra file parts', async () => {
    const { client } = await startupWithProfile();
    const response = await upload(client, { filename: 'notes.TXT', content: Buffer.from('Plain notes\n'), contentType: 'text/html' }, { type: 'Other' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'text/plain; charset=utf-8', name: 'notes' });
  });

  it('removes the stored blob when the database write fails', async () => {
    const { user } = await startupWithProfile();
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-failing-upload-'));
    const tmpPath = path.join(scratch, 'upload');
    (await import('node:fs')).writeFileSync(tmpPath, pdfBytes());
    const failingDb = {
      transaction: async () => {
        throw new Error('database unavailable');
      },
    } as unknown as typeof suite.database.db;
    const keysBefore = await blobKeys();
    await expect(
      storeUploadedDocument(
        { ...suite.app.contextBase, db: failingDb, blobs, actor: { id: user.id, userType: 'startup', sessionId: 'x' }, log: suite.app.log },
        { upload: { tmpPath, filename: 'deck.pdf', size: pdfBytes().length, sha256: 'x', fields: { type: 'Pitch Deck' } }, ip: '127.0.0.1' },
      ),
    ).rejects.toThrow('database unavailable');
    expect(await blobKeys()).toEqual(keysBefore);
    expect(readdirSync(scratch)).toEqual([]); // the temp file is gone too
    rmSync(scratch, { recursive: true, force: true });
  });
});

describe('reading documents', () => {
  it('serves the owner the bytes with the safe headers', async () => {
    const { client } = await startupWithProfile();
    const content = pdfBytes(4);
    const document = await uploadPdf(client, 'Board deck', 'Pitch Deck', content);
    const response = await readContent(client, document.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
    });
    expect(response.headers['content-disposition']).toBe('attachment; filename="Board deck.pdf"');
  });

  it('is inline only for previews of PDF and text, and encodes non-ASCII names (RFC 6266)', async () => {
    const { client } = await startupWithProfile();
    const pdf = await uploadPdf(client, 'Présentation');
    const inline = await readContent(client, pdf.id, {}, '?disposition=inline');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="Presentation.pdf"; filename*=UTF-8''Pr%C3%A9sentation.pdf`);
    const docx = (await upload(client, { filename: 'plan.docx', content: docxBytes() }, { type: 'Business Plan' })).json();
    const docxInline = await readContent(client, docx.id, {}, '?disposition=inline');
    expect(docxInline.headers['content-disposition']).toMatch(/^attachment;/);
    expect(docxInline.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('serves text inline for previews with its charset, and never sniffable', async () => {
    const { client } = await startupWithProfile();
    const csv = (await upload(client, { filename: 'numbers.csv', content: csvBytes() }, { type: 'Financial Projections' })).json();
    const inline = await readContent(client, csv.id, {}, '?disposition=inline');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'inline; filename="numbers.csv"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect(inline.body).toBe(csvBytes().toString('utf8'));
  });

  it('says plainly when the stored file is missing, instead of failing with a 500', async () => {
    const { client } = await startupWithProfile();
    const document = await uploadPdf(client);
    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, document.id));
    await blobs.delete(row!.storageKey!);
    const response = await readContent(client, document.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('The file of this document is missing from storage. Ask its owner to upload it again.');
  });

  it('answers Range requests with 206 and the exact bytes, and 416 outside the document', async () => {
    const { client } = await startupWithProfile();
    const content = pdfBytes(10);
    const document = await uploadPdf(client, 'Long deck', 'Pitch Deck', content);
    const partial = await readContent(client, document.id, { range: 'bytes=10-19' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${content.length}`);
    expect(partial.rawPayload.equals(content.subarray(10, 20))).toBe(true);
    const suffix = await readContent(client, document.id, { range: 'bytes=-6' });
    expect(suffix.rawPayload.toString('latin1')).toBe('%%EOF\n');
    const outside = await readContent(client, document.id, { range: `bytes=${content.length + 5}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${content.length}`);
  });

  it('is 404 to anyone who is neither the owner nor a grantee', async () => {
    const owner = await startupWithProfile();
    const document = await uploadPdf(owner.client);
    const otherStartup = await startupWithProfile('Nosy Co');
    const investor = await investorWithProfile();
    expect((await readContent(otherStartup.client, document.id)).statusCode).toBe(404);
    expect((await readContent(investor.client, document.id)).statusCode).toBe(404);
    expect((await readContent(investor.client, 999_999)).statusCode).toBe(404);
  });

  it('is 404 to a connected investor without a grant, and a grant opens only that document', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    await connect(owner.user.id, investor.user.id);
    const shared = await uploadPdf(owner.client, 'Shared');
    const unshared = await uploadPdf(owner.client, 'Private');
    expect((await readContent(investor.client, shared.id)).statusCode).toBe(404);
    await owner.client.request({ method: 'POST', url: `/api/documents/${shared.id}/access`, payload: { userId: investor.user.id } });
    expect((await readContent(investor.client, shared.id)).statusCode).toBe(200);
    expect((await readContent(investor.client, unshared.id)).statusCode).toBe(404);
    const list = (await investor.client.request({ method: 'GET', url: '/api/documents' })).json();
    expect(list.map((document: { id: number }) => document.id)).toEqual([shared.id]);
    expect(list[0].sharedAt).toEqual(expect.any(String));
    expect(list[0]).not.toHaveProperty('sharedWithCount');
  });

  it('stops at expiry like a revocation, telling the investor when it ended (issue #20)', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    await connect(owner.user.id, investor.user.id);
    const document = await uploadPdf(owner.client);
    await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
    await suite.database.db
      .update(documentAccess)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentAccess.documentId, document.id));
    const read = await readContent(investor.client, document.id);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toMatch(/^Access to Deck ended on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect((await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` })).statusCode).toBe(403);
    const access = (await owner.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).json();
    expect(access[0].revokedAt).not.toBeNull();
  });
});

describe('sharing with investors', () => {
  it('only with an investor connected with the startup (both accepted the match)', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    const document = await uploadPdf(owner.client);
    const refused = await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can share documents only with investors you are connected with: both of you must accept the match.');

    await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: investor.user.id, score: 70, status: 'pending' });
    expect(
      (await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } })).statusCode,
    ).toBe(403);
    // One side's accept alone is not a connection, whichever side gave it.
    for (const accepter of ['startup', 'investor'] as const) {
      await suite.database.db
        .update(matches)
        .set(oneSidedAccept(accepter))
        .where(and(eq(matches.startupId, owner.user.id), eq(matches.investorId, investor.user.id)));
      expect(
        (await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } })).statusCode,
      ).toBe(403);
    }
  });

  it('grants, lets the investor read and list it, and revocation takes effect on the very next read', async () => {
    const owner = await startupWithProfile('Grant Co');
    const investor = await investorWithProfile('Grantee Fund');
    await connect(owner.user.id, investor.user.id);
    const document = await uploadPdf(owner.client, 'Shared deck');

    const grant = await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
    expect(grant.statusCode).toBe(201);
    expect(grant.json()).toMatchObject({ userId: investor.user.id, firmName: 'Grantee Fund', grantedBy: owner.user.id, views: 0 });
    const [row] = await suite.database.db.select().from(documentAccess).where(eq(documentAccess.documentId, document.id));
    expect(row!.grantedBy).toBe(owner.user.id);

    const investorList = (await investor.client.request({ method: 'GET', url: '/api/documents' })).json();
    expect(investorList).toEqual([expect.objectContaining({ id: document.id, name: 'Shared deck', owner: { id: owner.user.id, companyName: 'Grant Co' } })]);
    expect((await owner.client.request({ method: 'GET', url: '/api/documents' })).json()[0].sharedWithCount).toBe(1);
    expect((await readContent(investor.client, document.id)).statusCode).toBe(200);

    const revoke = await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` });
    expect(revoke.statusCode).toBe(200);
    expect((await readContent(investor.client, document.id)).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'GET', url: '/api/documents' })).json()).toEqual([]);
    expect((await owner.client.request({ method: 'GET', url: '/api/documents' })).json()[0].sharedWithCount).toBe(0);
    // The owner still sees the revoked grant, so that investor's history is not lost.
    const afterRevoke = (await owner.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).json();
    expect(afterRevoke).toEqual([expect.objectContaining({ userId: investor.user.id, revokedAt: expect.any(String) })]);
    expect((await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` })).statusCode).toBe(404);

    // Sharing again revives the grant.
    const revived = await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
    expect(revived.statusCode).toBe(201);
    expect(revived.json().revokedAt).toBeNull();
    expect((await readContent(investor.client, document.id)).statusCode).toBe(200);
  });

  it('refuses to share with a startup, an unknown user or a declined investor', async () => {
    const owner = await startupWithProfile();
    const otherStartup = await startupWithProfile('Peer Co');
    const declined = await investorWithProfile('Declined Fund');
    await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: declined.user.id, score: 60, ...matchState('rejected') });
    const document = await uploadPdf(owner.client);
    for (const userId of [otherStartup.user.id, declined.user.id, 999_999]) {
      const response = await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId } });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You can share documents only with investors you are connected with: both of you must accept the match.');
    }
    expect(await suite.database.db.select().from(documentAccess).where(eq(documentAccess.documentId, document.id))).toHaveLength(0);
    const shareSomeoneElse = await owner.client.request({
      method: 'POST',
      url: `/api/documents/${document.id}/access`,
      payload: { userId: declined.user.id, grantedBy: 1 },
    });
    expect(shareSomeoneElse.statusCode).toBe(400); // server-owned fields are refused
  });

  it('lets only the owner see, grant and revoke access (404 for other startups)', async () => {
    const owner = await startupWithProfile();
    const other = await startupWithProfile('Other Co');
    const investor = await investorWithProfile();
    await connect(other.user.id, investor.user.id);
    const document = await uploadPdf(owner.client);
    expect((await other.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).statusCode).toBe(404);
    expect(
      (await other.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } })).statusCode,
    ).toBe(404);
    expect((await other.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` })).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).statusCode).toBe(403);
  });

  it('lists the connected investors a startup can share with', async () => {
    const owner = await startupWithProfile();
    const connected = await investorWithProfile('Connected Partners');
    await investorWithProfile('Stranger Fund');
    await connect(owner.user.id, connected.user.id);
    const candidates = (await owner.client.request({ method: 'GET', url: '/api/data-room/share-candidates' })).json();
    expect(candidates).toEqual([{ userId: connected.user.id, firmName: 'Connected Partners' }]);
  });

  it('shares the chosen categories automatically when the pair connects', async () => {
    const owner = await startupWithProfile('Auto Co');
    const investor = await investorWithProfile();
    const settings = await owner.client.request({
      method: 'PUT',
      url: '/api/data-room/settings',
      payload: { autoShareCategories: ['Executive Summary', 'Pitch Deck'] },
    });
    expect(settings.json()).toEqual({ autoShareCategories: ['Pitch Deck', 'Executive Summary'] });
    const deck = await uploadPdf(owner.client, 'Deck', 'Pitch Deck');
    await uploadPdf(owner.client, 'Numbers', 'Financial Projections');
    const [match] = await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: investor.user.id, score: 75 }).returning();

    await connectPair(owner.client, investor.client, match!.id);
    const shared = (await investor.client.request({ method: 'GET', url: '/api/documents' })).json();
    expect(shared.map((document: { id: number }) => document.id)).toEqual([deck.id]);
  });
});

describe('view tracking', () => {
  it('records each open by a grantee with its duration, and shows the owner per-investor engagement', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    await connect(owner.user.id, investor.user.id);
    const document = await uploadPdf(owner.client);
    await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });

    for (const durationMs of [12_000, 30_000]) {
      const opened = await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` });
      expect(opened.statusCode).toBe(201);
      const { viewId } = opened.json();
      expect(
        (await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views/${viewId}/close`, payload: { durationMs } })).statusCode,
      ).toBe(200);
      // A view is closed once, by its viewer.
      expect(
        (await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views/${viewId}/close`, payload: { durationMs } })).statusCode,
      ).toBe(404);
    }
    // Nobody can close someone else's view.
    const other = await investorWithProfile('Other Fund');
    const { viewId: openView } = (await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` })).json();
    expect(
      (await other.client.request({ method: 'POST', url: `/api/documents/${document.id}/views/${openView}/close`, payload: { durationMs: 5 } })).statusCode,
    ).toBe(404);
    expect(
      (await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views/${openView}/close`, payload: { durationMs: 0 } })).statusCode,
    ).toBe(200);
    // The owner's own opens are not counted.
    expect((await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` })).json()).toEqual({ viewId: null });

    const access = (await owner.client.request({ method: 'GET', url: `/api/documents/${document.id}/access` })).json();
    expect(access[0]).toMatchObject({ userId: investor.user.id, views: 3, totalViewMs: 42_000 });
    expect(access[0].lastViewedAt).not.toBeNull();
    const [listed] = (await owner.client.request({ method: 'GET', url: '/api/documents' })).json();
    expect(listed).toMatchObject({ id: document.id, sharedWithCount: 1, viewCount: 3, lastViewedAt: access[0].lastViewedAt });
    const engagement = (await owner.client.request({ method: 'GET', url: '/api/data-room/engagement' })).json();
    expect(engagement).toEqual([expect.objectContaining({ investorId: investor.user.id, documentsViewed: 1, views: 3, totalViewMs: 42_000 })]);
    // Another startup sees none of it.
    const otherOwner = await startupWithProfile('Other Co');
    expect((await otherOwner.client.request({ method: 'GET', url: '/api/data-room/engagement' })).json()).toEqual([]);
  });

  it('refuses to record a view of a document the caller cannot read', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    const document = await uploadPdf(owner.client);
    expect((await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` })).statusCode).toBe(404);
  });
});

describe('DELETE /api/documents/:id', () => {
  it('removes the row, its grants and its blob, and records document_deleted', async () => {
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    await connect(owner.user.id, investor.user.id);
    const document = await uploadPdf(owner.client);
    await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, document.id));

    const response = await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}` });
    expect(response.statusCode).toBe(200);
    expect(await suite.database.db.select().from(documents).where(eq(documents.id, document.id))).toHaveLength(0);
    expect(await suite.database.db.select().from(documentAccess).where(eq(documentAccess.documentId, document.id))).toHaveLength(0);
    await expect(blobs.read(row!.storageKey!)).rejects.toBeInstanceOf(BlobNotFoundError);
    const feed = await suite.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, owner.user.id), eq(activities.activityType, 'document_deleted')));
    expect(feed).toHaveLength(1);
  });

  it('is 404 for another startup and 403 for investors, and deletes nothing', async () => {
    const owner = await startupWithProfile();
    const document = await uploadPdf(owner.client);
    const other = await startupWithProfile('Other Co');
    const investor = await investorWithProfile();
    expect((await other.client.request({ method: 'DELETE', url: `/api/documents/${document.id}` })).statusCode).toBe(404);
    expect((await investor.client.request({ method: 'DELETE', url: `/api/documents/${document.id}` })).statusCode).toBe(403);
    expect(await suite.database.db.select().from(documents).where(eq(documents.id, document.id))).toHaveLength(1);
  });
});

describe('sweepOrphanBlobs', () => {
  it('deletes old blobs no row refers to, and keeps referenced and young ones', async () => {
    const owner = await startupWithProfile();
    const kept = await uploadPdf(owner.client);
    const [keptRow] = await suite.database.db.select().from(documents).where(eq(documents.id, kept.id));
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-orphan-'));
    const orphanFile = path.join(scratch, 'orphan');
    (await import('node:fs')).writeFileSync(orphanFile, 'orphan');
    await blobs.putFile('documents/999/orphan-blob-0001', orphanFile, { contentType: 'text/plain', size: 6 });

    const young = await sweepOrphanBlobs({ db: suite.database.db, blobs, actor: null, clock: () => new Date() });
    expect(young).toBe(0); // just written: could still be an upload in flight
    const removed = await sweepOrphanBlobs({ db: suite.database.db, blobs, actor: null, clock: () => new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(removed).toBeGreaterThanOrEqual(1);
    const keys = await blobKeys();
    expect(keys).not.toContain('documents/999/orphan-blob-0001');
    expect(keys).toContain(keptRow!.storageKey);
    rmSync(scratch, { recursive: true, force: true });
  });
});

describe('data room settings', () => {
  it('starts with no automatic sharing and refuses unknown or repeated types', async () => {
    const owner = await startupWithProfile();
    expect((await owner.client.request({ method: 'GET', url: '/api/data-room/settings' })).json()).toEqual({ autoShareCategories: [] });
    const unknown = await owner.client.request({ method: 'PUT', url: '/api/data-room/settings', payload: { autoShareCategories: ['Selfies'] } });
    expect(unknown.statusCode).toBe(400);
    const repeated = await owner.client.request({
      method: 'PUT',
      url: '/api/data-room/settings',
      payload: { autoShareCategories: ['Pitch Deck', 'Pitch Deck'] },
    });
    expect(repeated.statusCode).toBe(400);
    expect((await owner.client.request({ method: 'GET', url: '/api/data-room/settings' })).json()).toEqual({ autoShareCategories: [] });
  });
});

describe('live updates', () => {
  let baseUrl: string;
  it('tells the owner and the investor the moment a document is shared, viewed or revoked', async () => {
    baseUrl ??= await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await startupWithProfile();
    const investor = await investorWithProfile();
    await connect(owner.user.id, investor.user.id);
    const document = await uploadPdf(owner.client);
    const ownerStream = await openEventStream(baseUrl, owner.client.sessionToken!);
    const investorStream = await openEventStream(baseUrl, investor.client.sessionToken!);
    try {
      const isThisDocument = (event: { type: string; data: Record<string, unknown> }) =>
        event.type === 'documents_changed' && event.data.documentId === document.id;
      await owner.client.request({ method: 'POST', url: `/api/documents/${document.id}/access`, payload: { userId: investor.user.id } });
      await investorStream.next(isThisDocument);
      await ownerStream.next(isThisDocument);

      await investor.client.request({ method: 'POST', url: `/api/documents/${document.id}/views` });
      await ownerStream.next(isThisDocument); // the owner's view counts refresh

      await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` });
      await investorStream.next(isThisDocument); // an open preview closes at once
    } finally {
      ownerStream.close();
      investorStream.close();
    }
  });
});

describe('housekeeping', () => {
  it('the housekeeping job removes old orphaned blobs and stale upload temp files, keeps the rest', async () => {
    const owner = await startupWithProfile();
    const kept = await uploadPdf(owner.client);
    const [keptRow] = await suite.database.db.select().from(documents).where(eq(documents.id, kept.id));
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-housekeeping-'));
    const orphanFile = path.join(scratch, 'orphan');
    writeFileSync(orphanFile, 'orphan');
    await blobs.putFile('documents/999/orphan-blob-0002', orphanFile, { contentType: 'text/plain', size: 6 });
    await blobs.putFile('documents/999/orphan-blob-young', (writeFileSync(orphanFile, 'young'), orphanFile), { contentType: 'text/plain', size: 5 });
    const tmpDir = path.join(scratch, 'tmp');
    (await import('node:fs')).mkdirSync(tmpDir);
    const stale = path.join(tmpDir, 'upload-stale');
    const fresh = path.join(tmpDir, 'upload-fresh');
    writeFileSync(stale, 'half an upload');
    writeFileSync(fresh, 'an upload in flight');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    utimesSync(path.join(blobRoot, 'documents/999/orphan-blob-0002'), twoHoursAgo, twoHoursAgo);

    const warnings: unknown[] = [];
    const queue = createAppJobQueue({
      db: suite.database.db,
      clock: () => new Date(),
      log: { info: () => {}, warn: (obj) => warnings.push(obj), error: (obj) => warnings.push(obj) },
      engines: suite.app.matchingEngines,
      blobs,
      env: loadEnv({ DATA_DIR: scratch }),
      sessionPolicy: suite.app.config.sessionPolicy,
      isSoleWorker: false,
    });
    await queue.enqueue(suite.database.db, JOB_NAMES.dataRoomHousekeeping);
    await queue.idle();

    expect(warnings).toEqual([]);
    const keys = await blobKeys();
    expect(keys).not.toContain('documents/999/orphan-blob-0002');
    expect(keys).toContain(keptRow!.storageKey);
    expect(keys).toContain('documents/999/orphan-blob-young'); // may be an upload whose row is being written
    expect(readdirSync(tmpDir)).toEqual(['upload-fresh']);
    await blobs.delete('documents/999/orphan-blob-young');
    rmSync(scratch, { recursive: true, force: true });
  });
});
