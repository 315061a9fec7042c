// The data room's NDA gate (issue #20; docs/data-room.md, "Control"): nothing of a gated document
// before the investor accepts the newest version, a new version asks again, the owner is never
// gated, and the founder's acceptance log (JSON, CSV) and certificate (PDF).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { matches, ndaAcceptances } from '../../src/server/db/schema';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { multipartPayload } from '../support/multipart';
import { matchState } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';
import { pdfPageTexts } from '../support/pdf-text';

const blobRoot = mkdtempSync(path.join(os.tmpdir(), 'vm-nda-blobs-'));
afterAll(() => rmSync(blobRoot, { recursive: true, force: true }));
const suite = useTestSuite({ blobStore: createDiskBlobStore(blobRoot) });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.20.${++ipCounter}`);
const USER_AGENT = 'Mozilla/5.0 (NDA test) Chromium/140';

async function startupWithProfile(companyName = 'Gate Co') {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  return { client, user };
}

async function investorWithProfile(firmName = 'Careful Capital') {
  const client = newClient();
  const { user, registration } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  return { client, user, email: registration.email };
}

async function connect(startupId: number, investorId: number) {
  await suite.database.db.insert(matches).values({ startupId, investorId, score: 80, ...matchState('accepted') });
}

/** A real PDF with text on each page, as pdf-lib writes it. */
async function realPdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) pdf.addPage([612, 792]).drawText(`Secret page ${page}`, { x: 60, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

async function uploadPdf(client: TestClient, name = 'Deck', category = 'Pitch Deck') {
  const content = await realPdf();
  const { payload, headers } = multipartPayload({ name, type: category }, { filename: 'deck.pdf', content, contentType: 'application/pdf' });
  const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { id: number; name: string }), content };
}

async function share(owner: TestClient, documentId: number, investorId: number) {
  const response = await owner.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: investorId } });
  expect(response.statusCode, response.body).toBe(201);
}

/** A founder with a document shared with a connected investor. */
async function sharedRoom() {
  const owner = await startupWithProfile();
  const investor = await investorWithProfile();
  await connect(owner.user.id, investor.user.id);
  const document = await uploadPdf(owner.client);
  await share(owner.client, document.id, investor.user.id);
  return { owner, investor, document };
}

const putNda = (client: TestClient, payload: Record<string, unknown>) => client.request({ method: 'PUT', url: '/api/data-room/nda', payload });
const gateOf = async (client: TestClient, documentId: number) => (await client.request({ method: 'GET', url: `/api/documents/${documentId}/nda` })).json();
const accept = (client: TestClient, documentId: number, contentHash: string, fullName = 'Ada Lovelace') =>
  client.request({
    method: 'POST',
    url: `/api/documents/${documentId}/nda/accept`,
    payload: { fullName, agree: true, contentHash },
    headers: { 'user-agent': USER_AGENT },
  });
const content = (client: TestClient, documentId: number, headers: Record<string, string> = {}) =>
  client.request({ method: 'GET', url: `/api/documents/${documentId}/content`, headers });
const startView = (client: TestClient, documentId: number) => client.request({ method: 'POST', url: `/api/documents/${documentId}/views` });
const listed = async (client: TestClient, documentId: number) =>
  ((await client.request({ method: 'GET', url: '/api/documents' })).json() as Array<{ id: number }>).find((row) => row.id === documentId);

const pdfText = (bytes: Uint8Array) => pdfPageTexts(bytes, '');

describe('the NDA gate', () => {
  it('serves no byte of a gated document before acceptance, and everything after; the owner is never gated', async () => {
    const { owner, investor, document } = await sharedRoom();
    // Requiring the NDA with no version yet saves the template, with the company named, as version 1.
    const settings = await putNda(owner.client, { requiredForWholeRoom: true });
    expect(settings.statusCode, settings.body).toBe(200);
    const current = settings.json().current;
    expect(current).toMatchObject({ version: 1, source: 'template' });
    expect(current.text).toContain('Gate Co');
    expect(current.contentHash).toBe(createHash('sha256').update(current.text).digest('hex'));
    expect(await listed(investor.client, document.id)).toMatchObject({ ndaPending: true, watermark: false, canDownload: false, accessExpiresAt: null });

    const refused = [
      await content(investor.client, document.id),
      await content(investor.client, document.id, { range: 'bytes=0-99' }),
      await startView(investor.client, document.id),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Accept Gate Co's NDA to open Deck." });
      // Nothing about the bytes: no range, no length of the file, no file type.
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.headers['accept-ranges']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }

    // The owner reads and opens their own document whatever the gate says.
    expect((await content(owner.client, document.id)).statusCode).toBe(200);
    expect((await startView(owner.client, document.id)).json()).toEqual({ viewId: null });
    expect(await gateOf(owner.client, document.id)).toMatchObject({ pending: false, nda: null });

    const gate = await gateOf(investor.client, document.id);
    expect(gate).toMatchObject({
      companyName: 'Gate Co',
      documentName: 'Deck',
      pending: true,
      acceptedVersion: null,
      nda: { version: 1, contentHash: current.contentHash },
    });
    const noTick = await investor.client.request({
      method: 'POST',
      url: `/api/documents/${document.id}/nda/accept`,
      payload: { fullName: 'Ada Lovelace', agree: false, contentHash: current.contentHash },
    });
    expect(noTick.statusCode).toBe(400);
    expect(noTick.json().message).toBe('Tick "I agree" to accept the NDA.');
    expect((await content(investor.client, document.id)).statusCode).toBe(403);

    const accepted = await accept(investor.client, document.id, current.contentHash);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const read = await content(investor.client, document.id);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(document.content)).toBe(true);
    expect((await content(investor.client, document.id, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await startView(investor.client, document.id)).statusCode).toBe(201);
    expect(await listed(investor.client, document.id)).toMatchObject({ ndaPending: false });

    // The evidence: typed name, the account's email, the version, IP and user agent; once per version.
    expect((await accept(investor.client, document.id, current.contentHash, 'Ada L.')).statusCode).toBe(201);
    const rows = await suite.database.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.investorId, investor.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      typedName: 'Ada Lovelace',
      email: investor.email,
      acceptorKey: `user:${investor.user.id}`,
      startupId: owner.user.id,
      userAgent: USER_AGENT,
      ip: expect.stringMatching(/^198\.18\.20\./),
    });
  });

  it('asks everyone again after a new version; the same text saves no version', async () => {
    const { owner, investor, document } = await sharedRoom();
    const first = (await putNda(owner.client, { requiredForWholeRoom: true })).json().current;
    expect((await accept(investor.client, document.id, first.contentHash)).statusCode).toBe(201);

    const same = (await putNda(owner.client, { requiredForWholeRoom: true, text: first.text })).json();
    expect(same.versions).toHaveLength(1);
    expect(same.versions[0]).toMatchObject({ version: 1, acceptances: 1 });
    expect((await content(investor.client, document.id)).statusCode).toBe(200);

    const edited = `${first.text}\n\n7. Governing law. This Agreement is governed by the laws of Delaware.`;
    const second = (await putNda(owner.client, { requiredForWholeRoom: true, text: edited })).json();
    expect(second.current).toMatchObject({ version: 2, source: 'custom', contentHash: createHash('sha256').update(edited).digest('hex') });
    expect(second.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);

    expect((await content(investor.client, document.id)).statusCode).toBe(403);
    expect((await startView(investor.client, document.id)).statusCode).toBe(403);
    expect(await gateOf(investor.client, document.id)).toMatchObject({ pending: true, acceptedVersion: 1, nda: { version: 2 } });
    const stale = await accept(investor.client, document.id, first.contentHash);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Gate Co has changed its NDA since you opened it. Read the new version and accept it.');
    expect((await accept(investor.client, document.id, second.current.contentHash)).statusCode).toBe(201);
    expect((await content(investor.client, document.id)).statusCode).toBe(200);

    // Back to the template: a new version again (its text differs from version 2).
    const reset = (await putNda(owner.client, { requiredForWholeRoom: true, source: 'template' })).json();
    expect(reset.current).toMatchObject({ version: 3, source: 'template', text: first.text });
    expect((await content(investor.client, document.id)).statusCode).toBe(403);

    // Switching the room-wide gate off opens the room again, without a new version.
    const off = (await putNda(owner.client, { requiredForWholeRoom: false })).json();
    expect(off).toMatchObject({ requiredForWholeRoom: false, current: { version: 3 } });
    expect((await content(investor.client, document.id)).statusCode).toBe(200);
  });

  it('gates chosen documents only, and saves the template when the first one is gated', async () => {
    const { owner, investor, document } = await sharedRoom();
    const open = await uploadPdf(owner.client, 'Team');
    await share(owner.client, open.id, investor.user.id);

    const patched = await owner.client.request({ method: 'PATCH', url: `/api/documents/${document.id}`, payload: { ndaRequired: true } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: document.id, ndaRequired: true });
    const settings = (await owner.client.request({ method: 'GET', url: '/api/data-room/nda' })).json();
    expect(settings).toMatchObject({ requiredForWholeRoom: false, requiredDocumentIds: [document.id], current: { version: 1, source: 'template' } });

    expect((await content(investor.client, document.id)).statusCode).toBe(403);
    expect((await content(investor.client, open.id)).statusCode).toBe(200);
    expect(await listed(investor.client, open.id)).toMatchObject({ ndaPending: false });
    expect(await gateOf(investor.client, open.id)).toMatchObject({ pending: false, nda: null });
    const notAsked = await accept(investor.client, open.id, settings.current.contentHash);
    expect(notAsked.statusCode).toBe(409);
    expect(notAsked.json().message).toBe('Team does not ask for an NDA.');

    // One acceptance covers every gated document of the room.
    expect((await accept(investor.client, document.id, settings.current.contentHash)).statusCode).toBe(201);
    expect((await content(investor.client, document.id)).statusCode).toBe(200);
  });

  it('answers 404 to investors without a live grant and to other startups', async () => {
    const { owner, investor, document } = await sharedRoom();
    const hash = (await putNda(owner.client, { requiredForWholeRoom: true })).json().current.contentHash;
    const stranger = await investorWithProfile('Stranger Fund');
    const otherStartup = await startupWithProfile('Other Co');
    for (const client of [stranger.client, otherStartup.client]) {
      expect((await client.request({ method: 'GET', url: `/api/documents/${document.id}/nda` })).statusCode).toBe(404);
    }
    expect((await accept(stranger.client, document.id, hash)).statusCode).toBe(404);
    expect((await accept(otherStartup.client, document.id, hash)).statusCode).toBe(403); // investors only
    expect((await otherStartup.client.request({ method: 'PATCH', url: `/api/documents/${document.id}`, payload: { ndaRequired: false } })).statusCode).toBe(
      404,
    );

    // After a revocation, the gate is gone too.
    await owner.client.request({ method: 'DELETE', url: `/api/documents/${document.id}/access/${investor.user.id}` });
    expect((await investor.client.request({ method: 'GET', url: `/api/documents/${document.id}/nda` })).statusCode).toBe(404);
    expect((await accept(investor.client, document.id, hash)).statusCode).toBe(404);
  });
});

describe('the acceptance log', () => {
  it('lists who accepted which version, as JSON and as CSV with spreadsheet formulas defused', async () => {
    const { owner, investor, document } = await sharedRoom();
    const hash = (await putNda(owner.client, { requiredForWholeRoom: true })).json().current.contentHash;
    const hostileName = '=HYPERLINK("http://evil.example","x")';
    expect((await accept(investor.client, document.id, hash, hostileName)).statusCode).toBe(201);
    const second = await investorWithProfile('+Plus Partners');
    await connect(owner.user.id, second.user.id);
    await share(owner.client, document.id, second.user.id);
    expect((await accept(second.client, document.id, hash, 'Grace Hopper')).statusCode).toBe(201);

    const log = (await owner.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances' })).json();
    expect(log).toHaveLength(2);
    expect(log.map((row: { displayName: string }) => row.displayName).sort()).toEqual(['+Plus Partners', 'Careful Capital']);
    expect(log[0]).toMatchObject({ version: 1, contentHash: hash, via: 'platform', userAgent: USER_AGENT });
    // Nobody else's log: the investor cannot ask (403), another startup sees its own (empty).
    expect((await investor.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances' })).statusCode).toBe(403);
    const other = await startupWithProfile('Other Co');
    expect((await other.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances' })).json()).toEqual([]);

    const csv = await owner.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="nda-acceptances.csv"');
    const parsed = Papa.parse<string[]>(csv.body.trim(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([
      'Accepted at (UTC)',
      'Investor',
      'Typed name',
      'Email',
      'NDA version',
      'NDA content hash (sha256)',
      'Via',
      'IP address',
      'User agent',
    ]);
    expect(parsed).toHaveLength(3);
    const byEmail = new Map(parsed.slice(1).map((row) => [row[3], row]));
    expect(byEmail.get(investor.email)).toEqual([
      expect.any(String),
      'Careful Capital',
      `'${hostileName}`,
      investor.email,
      '1',
      hash,
      'platform',
      expect.stringMatching(/^198\.18\.20\./),
      USER_AGENT,
    ]);
    expect(byEmail.get(second.email)?.[1]).toBe("'+Plus Partners");
    // No cell of the file starts a formula.
    for (const row of parsed) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('gives the owner a one-page PDF certificate of one acceptance, and nobody else', async () => {
    const { owner, investor, document } = await sharedRoom();
    const hash = (await putNda(owner.client, { requiredForWholeRoom: true })).json().current.contentHash;
    expect((await accept(investor.client, document.id, hash, 'Ada King Lovelace')).statusCode).toBe(201);
    const [acceptance] = (await owner.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances' })).json();

    const certificate = await owner.client.request({ method: 'GET', url: `/api/data-room/nda/acceptances/${acceptance.id}/certificate` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const pages = await pdfText(certificate.rawPayload);
    expect(pages).toHaveLength(1);
    for (const expected of ['Ada King Lovelace', hash, investor.email, 'Gate Co', 'Careful Capital', USER_AGENT]) expect(pages[0]).toContain(expected);

    const other = await startupWithProfile('Other Co');
    expect((await other.client.request({ method: 'GET', url: `/api/data-room/nda/acceptances/${acceptance.id}/certificate` })).statusCode).toBe(404);
    expect((await owner.client.request({ method: 'GET', url: '/api/data-room/nda/acceptances/999999/certificate' })).statusCode).toBe(404);
  });
});
