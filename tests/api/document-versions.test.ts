// Versions that keep their link (issue #21; docs/data-room.md, "Versions"): a new version keeps the
// document's id, grants, NDA settings and secure links; viewers get the newest bytes; the owner
// lists, downloads and restores earlier versions; grantees are notified; deleting the document
// removes every version's bytes, and the orphan sweep keeps an earlier version's bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, matches } from '../../src/server/db/schema';
import { sweepOrphanBlobs } from '../../src/server/features/data-room/housekeeping.service';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD, uniqueSuffix } from '../factories';
import { csvBytes, drawablePdfBytes, exeBytes } from '../support/document-fixtures';
import { matchState } from '../support/match-state';
import { multipartPayload, type MultipartFile } from '../support/multipart';
import { TestClient, useTestSuite } from '../support/test-app';

const blobRoot = mkdtempSync(path.join(os.tmpdir(), 'vm-version-blobs-'));
afterAll(() => rmSync(blobRoot, { recursive: true, force: true }));
const blobs = createDiskBlobStore(blobRoot);
const suite = useTestSuite({ blobStore: blobs });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.121.${++ipCounter}`);

const PDF = 'application/pdf';
const pdfFile = (pages: number): MultipartFile => ({ filename: 'deck.pdf', content: drawablePdfBytes(pages), contentType: PDF });
const csvFile = (): MultipartFile => ({ filename: 'numbers.csv', content: csvBytes(), contentType: 'text/csv' });

async function founder(companyName = `Versionco ${uniqueSuffix()}`) {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  const { payload, headers } = multipartPayload({ name: 'Deck', type: 'Pitch Deck' }, pdfFile(3));
  const uploaded = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { client, user, companyName, deck: uploaded.json() as { id: number; currentVersion: number; pageCount: number | null } };
}

async function investorSharedWith(owner: { client: TestClient; user: { id: number } }, documentId: number) {
  const client = newClient();
  const { user } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: `Reader ${uniqueSuffix()}` }) });
  await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: user.id, score: 80, ...matchState('accepted') });
  const shared = await owner.client.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: user.id } });
  expect(shared.statusCode, shared.body).toBe(201);
  return { client, user };
}

function uploadVersion(client: TestClient, documentId: number, file: MultipartFile, note?: string) {
  const { payload, headers } = multipartPayload(note === undefined ? {} : { note }, file);
  return client.request({ method: 'POST', url: `/api/documents/${documentId}/versions`, payload, headers });
}
const listVersions = (client: TestClient, documentId: number) => client.request({ method: 'GET', url: `/api/documents/${documentId}/versions` });
const restore = (client: TestClient, documentId: number, version: number) =>
  client.request({ method: 'POST', url: `/api/documents/${documentId}/versions/${version}/restore` });
const versionContent = (client: TestClient, documentId: number, version: number) =>
  client.request({ method: 'GET', url: `/api/documents/${documentId}/versions/${version}/content` });
const content = (client: TestClient, documentId: number) => client.request({ method: 'GET', url: `/api/documents/${documentId}/content` });

/** A secure link's visitor (no account): the link needs no code, so giving an email opens it. */
async function linkVisitor(owner: TestClient, documentId: number) {
  const created = await owner.request({
    method: 'POST',
    url: '/api/data-room/links',
    payload: {
      name: 'Series A',
      documentIds: [documentId],
      requireEmailVerification: false,
      allowedEmails: [],
      password: null,
      expiresAt: null,
      canDownload: false,
      watermark: false,
      ndaRequired: false,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = /\/v\/([A-Za-z0-9_-]+)$/.exec((created.json() as { url: string }).url)![1]!;
  const cookies: Record<string, string> = {};
  const request = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await suite.app.inject({ remoteAddress: `198.18.122.${++ipCounter}`, ...options, cookies: { ...cookies } });
    for (const cookie of response.cookies) cookies[cookie.name] = cookie.value;
    return response;
  };
  const started = await request({ method: 'POST', url: `/api/links/${token}/session`, payload: { email: `visitor.${uniqueSuffix()}@outside.example` } });
  expect(started.json()).toMatchObject({ step: 'ready' });
  return { content: () => request({ method: 'GET', url: `/api/links/${token}/documents/${documentId}/content` }) };
}

describe('a new version', () => {
  it('starts every upload as version 1 with its page count', async () => {
    const owner = await founder();
    expect(owner.deck).toMatchObject({ currentVersion: 1, pageCount: 3 });
    const listed = await listVersions(owner.client, owner.deck.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ version: 1, type: PDF, pageCount: 3, note: null, isCurrent: true })]);
  });

  it("keeps the document's id, grants and secure links, and every reader gets the new bytes", async () => {
    const owner = await founder();
    const investor = await investorSharedWith(owner, owner.deck.id);
    const visitor = await linkVisitor(owner.client, owner.deck.id);
    const settings = await owner.client.request({ method: 'PATCH', url: `/api/documents/${owner.deck.id}`, payload: { watermark: true } });
    expect(settings.statusCode, settings.body).toBe(200);

    const v2 = pdfFile(5);
    const uploaded = await uploadVersion(owner.client, owner.deck.id, v2, 'Fixed the typo on slide 2');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ id: owner.deck.id, currentVersion: 2, pageCount: 5, size: v2.content.length, watermark: true, sharedWithCount: 1 });

    const read = await content(investor.client, owner.deck.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.rawPayload.equals(v2.content as Buffer)).toBe(true);
    const visited = await visitor.content();
    expect(visited.statusCode, visited.body).toBe(200);
    expect(visited.rawPayload.equals(v2.content as Buffer)).toBe(true);

    const history = (await listVersions(owner.client, owner.deck.id)).json() as Array<{ version: number; note: string | null; isCurrent: boolean }>;
    expect(history.map((row) => [row.version, row.note, row.isCurrent])).toEqual([
      [2, 'Fixed the typo on slide 2', true],
      [1, null, false],
    ]);
    const investorList = (await investor.client.request({ method: 'GET', url: '/api/documents' })).json() as Array<{ id: number; currentVersion: number }>;
    expect(investorList.find((row) => row.id === owner.deck.id)?.currentVersion).toBe(2);
  });

  it('may be of a different type than the version before it', async () => {
    const owner = await founder();
    const uploaded = await uploadVersion(owner.client, owner.deck.id, csvFile());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ type: expect.stringMatching(/^text\/csv/), pageCount: null, currentVersion: 2 });
    const read = await content(owner.client, owner.deck.id);
    expect(read.headers['content-type']).toContain('text/csv');
    expect(read.rawPayload.equals(csvBytes())).toBe(true);
  });

  it('refuses a file the upload would refuse, and a note that is too long, with a sentence and no new version', async () => {
    const owner = await founder();
    const executable = await uploadVersion(owner.client, owner.deck.id, { filename: 'deck.pdf', content: exeBytes(), contentType: PDF });
    expect(executable.statusCode).toBe(400);
    expect(executable.json().message).toEqual(expect.any(String));
    const tooLong = await uploadVersion(owner.client, owner.deck.id, pdfFile(1), 'x'.repeat(501));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/note/i);
    const rows = await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id));
    expect(rows).toHaveLength(1);
  });

  it('notifies the investors with access that a new version is there', async () => {
    const owner = await founder();
    const investor = await investorSharedWith(owner, owner.deck.id);
    expect((await uploadVersion(owner.client, owner.deck.id, pdfFile(2))).statusCode).toBe(201);
    const page = (await investor.client.request({ method: 'GET', url: '/api/notifications' })).json() as {
      items: Array<{ type: string; sentence: string; target: unknown }>;
    };
    const notice = page.items.find((item) => item.type === 'document_new_version');
    expect(notice?.sentence).toBe(`${owner.companyName} uploaded a new version of Deck`);
    expect(notice?.target).toEqual({ kind: 'shared_documents', documentId: owner.deck.id });
  });
});

describe('earlier versions', () => {
  it('are downloaded whole by the owner, as attachments with the safe headers', async () => {
    const owner = await founder();
    const [first] = await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id));
    const v1Bytes = await blobBytes(first!.storageKey);
    await uploadVersion(owner.client, owner.deck.id, csvFile());
    const download = await versionContent(owner.client, owner.deck.id, 1);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(v1Bytes)).toBe(true);
    expect(download.headers['content-type']).toBe(PDF);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Deck \(version 1\)\.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect((await versionContent(owner.client, owner.deck.id, 3)).statusCode).toBe(404);
  });

  it('are restored as a new version pointing at the same bytes', async () => {
    const owner = await founder();
    const investor = await investorSharedWith(owner, owner.deck.id);
    const [first] = await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id));
    await uploadVersion(owner.client, owner.deck.id, csvFile());

    const restored = await restore(owner.client, owner.deck.id, 1);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ id: owner.deck.id, currentVersion: 3, type: PDF, pageCount: 3 });
    const history = (await listVersions(owner.client, owner.deck.id)).json() as Array<{ version: number; note: string | null; isCurrent: boolean }>;
    expect(history[0]).toMatchObject({ version: 3, note: 'Restored version 1', isCurrent: true });
    const [row] = await suite.database.db.select().from(documents).where(eq(documents.id, owner.deck.id));
    expect(row!.storageKey).toBe(first!.storageKey);
    const read = await content(investor.client, owner.deck.id);
    expect(read.rawPayload.equals(await blobBytes(first!.storageKey))).toBe(true);
    expect((await restore(owner.client, owner.deck.id, 9)).statusCode).toBe(404);
  });
});

describe('who may touch versions', () => {
  it('answers 404 to another startup and refuses investors, even one with access', async () => {
    const owner = await founder();
    const investor = await investorSharedWith(owner, owner.deck.id);
    const other = await founder();
    for (const response of [
      await listVersions(other.client, owner.deck.id),
      await uploadVersion(other.client, owner.deck.id, pdfFile(1)),
      await versionContent(other.client, owner.deck.id, 1),
      await restore(other.client, owner.deck.id, 1),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await listVersions(investor.client, owner.deck.id)).statusCode).toBe(403);
    expect((await versionContent(investor.client, owner.deck.id, 1)).statusCode).toBe(403);
    const rows = await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id));
    expect(rows).toHaveLength(1);
  });
});

describe('stored bytes', () => {
  it("deleting the document removes every version's bytes", async () => {
    const owner = await founder();
    await uploadVersion(owner.client, owner.deck.id, csvFile());
    await restore(owner.client, owner.deck.id, 1);
    const keys = new Set(
      (await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id))).map((row) => row.storageKey),
    );
    expect(keys.size).toBe(2);
    const deleted = await owner.client.request({ method: 'DELETE', url: `/api/documents/${owner.deck.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const stored = await storedKeys();
    for (const key of keys) expect(stored).not.toContain(key);
  });

  it("deleting the account removes every version's bytes", async () => {
    const owner = await founder();
    await uploadVersion(owner.client, owner.deck.id, csvFile());
    const keys = (await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id))).map((row) => row.storageKey);
    expect(new Set(keys).size).toBe(2);
    const deleted = await owner.client.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const stored = await storedKeys();
    for (const key of keys) expect(stored).not.toContain(key);
  });

  it("the orphan sweep keeps an earlier version's bytes", async () => {
    const owner = await founder();
    const [first] = await suite.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, owner.deck.id));
    await uploadVersion(owner.client, owner.deck.id, csvFile());
    await sweepOrphanBlobs({ db: suite.database.db, blobs, actor: null, clock: () => new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(await storedKeys()).toContain(first!.storageKey);
    expect((await versionContent(owner.client, owner.deck.id, 1)).statusCode).toBe(200);
  });
});

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of blobs.list()) keys.push(blob.key);
  return keys;
}

async function blobBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
