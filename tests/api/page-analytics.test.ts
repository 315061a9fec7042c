// Page-level analytics (issue #21; docs/data-room.md, "Page-level analytics"): the viewer's batches
// of time per page (validation, batching, the 5-minute grace after a view or access ends), per
// version attribution, the founder-only insight (per viewer, heatmap, drop-off) and viewer path,
// link visitors' page events, and the engagement summary's pages seen of pages total.
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { documents, documentVersions, documentViews, matches } from '../../src/server/db/schema';
import { PAGE_TIME_GRACE_MS, PAGE_TIME_SENTENCES } from '../../src/server/features/data-room/page-insight';
import { buildInvestorProfileBody, buildStartupProfileBody, uniqueSuffix } from '../factories';
import { csvBytes } from '../support/document-fixtures';
import { matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const clock = createTestClock(new Date('2026-12-01T09:00:00Z'));
const suite = useTestSuite({ clock });

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.121.${++ipCounter}`);

async function founder() {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: `Pages ${uniqueSuffix()}` }) });
  return { client, user };
}

async function investor(owner: { user: { id: number } }, firmName = `Reader ${uniqueSuffix()}`) {
  const client = newClient();
  const { user } = await client.register('investor');
  await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: user.id, score: 80, ...matchState('accepted') });
  return { client, user, firmName };
}

async function realPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) pdf.addPage([612, 792]).drawText(`Slide ${page}`, { x: 60, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

async function upload(owner: TestClient, file: { filename: string; content: Buffer }, name = 'Deck', category = 'Pitch Deck') {
  const { payload, headers } = multipartPayload({ name, type: category }, file);
  const response = await owner.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}
const uploadPdf = async (owner: TestClient, pages: number, name = 'Deck') => upload(owner, { filename: 'deck.pdf', content: await realPdf(pages) }, name);

async function share(owner: TestClient, documentId: number, investorId: number) {
  const response = await owner.request({ method: 'POST', url: `/api/documents/${documentId}/access`, payload: { userId: investorId } });
  expect(response.statusCode, response.body).toBe(201);
}

async function openView(client: TestClient, documentId: number): Promise<number> {
  const response = await client.request({ method: 'POST', url: `/api/documents/${documentId}/views` });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { viewId: number }).viewId;
}

const sendPages = (client: TestClient, documentId: number, viewId: number, pages: Array<{ page: number; durationMs: number }>) =>
  client.request({ method: 'POST', url: `/api/documents/${documentId}/views/${viewId}/pages`, payload: { pages } });
const closeView = (client: TestClient, documentId: number, viewId: number, durationMs: number) =>
  client.request({ method: 'POST', url: `/api/documents/${documentId}/views/${viewId}/close`, payload: { durationMs } });
const insight = (client: TestClient, documentId: number, query = '') => client.request({ method: 'GET', url: `/api/documents/${documentId}/insight${query}` });
const viewerPath = (client: TestClient, documentId: number, viewerKey: string) =>
  client.request({ method: 'GET', url: `/api/documents/${documentId}/insight/path?viewer=${encodeURIComponent(viewerKey)}` });

async function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

/** A founder's PDF shared with one investor, who has it open. */
async function openDeck(pages = 3) {
  const owner = await founder();
  const reader = await investor(owner);
  const documentId = await uploadPdf(owner.client, pages);
  await share(owner.client, documentId, reader.user.id);
  const viewId = await openView(reader.client, documentId);
  return { owner, reader, documentId, viewId };
}

describe('page events: validation', () => {
  it('refuses pages outside the document, a page twice in a batch, and time longer than the view, with a sentence', async () => {
    const { reader, documentId, viewId } = await openDeck(3);
    clock.advanceMs(10_000);
    const outside = await sendPages(reader.client, documentId, viewId, [{ page: 4, durationMs: 1000 }]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Page 4 is not in this document: it has 3 pages.');
    const twice = await sendPages(reader.client, documentId, viewId, [
      { page: 1, durationMs: 1000 },
      { page: 1, durationMs: 1000 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each page may appear only once in a batch.');
    const zero = await sendPages(reader.client, documentId, viewId, [{ page: 0, durationMs: 1000 }]);
    expect(zero.statusCode).toBe(400);
    // 10 s open, 2 s slack: 12.5 s on one page is more than the view.
    const tooLong = await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 12_500 }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PAGE_TIME_SENTENCES.longerThanView);
    await expectOk(await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 11_000 }]));
    // The page count was read from the stored PDF and kept.
    const [row] = await suite.database.db.select({ pageCount: documents.pageCount }).from(documents).where(eq(documents.id, documentId));
    expect(row!.pageCount).toBe(3);
  });

  it('records page times for PDFs only', async () => {
    const owner = await founder();
    const reader = await investor(owner);
    const documentId = await upload(owner.client, { filename: 'revenue.csv', content: csvBytes() }, 'Revenue', 'Other');
    await share(owner.client, documentId, reader.user.id);
    const viewId = await openView(reader.client, documentId);
    clock.advanceMs(5_000);
    const response = await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 1000 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Page times are recorded for PDFs only.');
  });

  it('answers 404 to anyone but the viewer of that view: another investor with access, the founder, another startup', async () => {
    const { owner, reader, documentId, viewId } = await openDeck(3);
    const otherReader = await investor(owner);
    await share(owner.client, documentId, otherReader.user.id);
    const stranger = await founder();
    clock.advanceMs(5_000);
    for (const client of [otherReader.client, owner.client, stranger.client]) {
      const response = await sendPages(client, documentId, viewId, [{ page: 1, durationMs: 1000 }]);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PAGE_TIME_SENTENCES.viewMissing);
    }
    // The right view under another document's id is not found either.
    const otherDocument = await uploadPdf(owner.client, 2, 'Other');
    await share(owner.client, otherDocument, reader.user.id);
    expect((await sendPages(reader.client, otherDocument, viewId, [{ page: 1, durationMs: 1000 }])).statusCode).toBe(404);
  });
});

describe('page events: batching and the end of a view', () => {
  it('adds batches up, and refuses (keeping nothing of it) a batch that would make a page longer than the view', async () => {
    const { owner, reader, documentId, viewId } = await openDeck(3);
    clock.advanceMs(30_000);
    await expectOk(await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 10_000 }]));
    await expectOk(
      await sendPages(reader.client, documentId, viewId, [
        { page: 1, durationMs: 10_000 },
        { page: 2, durationMs: 4_000 },
      ]),
    );
    // 20 s + 15 s on page 1 is more than 30 s (+2 s slack): the whole batch is refused, page 3 too.
    const over = await sendPages(reader.client, documentId, viewId, [
      { page: 3, durationMs: 1_000 },
      { page: 1, durationMs: 15_000 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(PAGE_TIME_SENTENCES.longerThanView);
    const path = await viewerPath(owner.client, documentId, `user:${reader.user.id}`);
    await expectOk(path);
    expect(path.json().views).toEqual([
      {
        viewId,
        openedAt: expect.any(String),
        version: 1,
        durationMs: null,
        pages: [
          { page: 1, durationMs: 20_000 },
          { page: 2, durationMs: 4_000 },
        ],
      },
    ]);
  });

  it('takes the last beacon after the close, up to the closed duration, for 5 minutes', async () => {
    const { reader, documentId, viewId } = await openDeck(3);
    clock.advanceMs(60_000);
    await expectOk(await closeView(reader.client, documentId, viewId, 20_000));
    // After the close, the limit is the view's duration (20 s + slack), not the wall time since it opened.
    expect((await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 30_000 }])).statusCode).toBe(400);
    await expectOk(await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 20_000 }]));
    clock.advanceMs(PAGE_TIME_GRACE_MS);
    const late = await sendPages(reader.client, documentId, viewId, [{ page: 2, durationMs: 1_000 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAGE_TIME_SENTENCES.tooLate);
  });

  it('takes batches for 5 minutes after the grant was revoked under an open view, then no more', async () => {
    const { owner, reader, documentId, viewId } = await openDeck(3);
    clock.advanceMs(20_000);
    expect((await owner.client.request({ method: 'DELETE', url: `/api/documents/${documentId}/access/${reader.user.id}` })).statusCode).toBe(200);
    clock.advanceMs(60_000);
    // Time after the revocation is not reading time: the limit stops at the revocation (20 s + slack).
    expect((await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 40_000 }])).statusCode).toBe(400);
    await expectOk(await sendPages(reader.client, documentId, viewId, [{ page: 1, durationMs: 15_000 }]));
    clock.advanceMs(PAGE_TIME_GRACE_MS);
    expect((await sendPages(reader.client, documentId, viewId, [{ page: 2, durationMs: 1_000 }])).statusCode).toBe(409);
  });
});

/** Makes version 2 of a document the current one, directly in the database (as a new upload would). */
async function bumpToVersion2(documentId: number, pageCount: number) {
  const db = suite.database.db;
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  const base = { documentId, storageKey: document!.storageKey!, type: document!.type, size: document!.size, uploadedAt: clock.now() };
  await db
    .insert(documentVersions)
    .values({ ...base, version: 1, uploadedAt: document!.uploadedAt })
    .onConflictDoNothing();
  await db.insert(documentVersions).values({ ...base, version: 2, pageCount, note: 'Fixed the typo' });
  await db.update(documents).set({ currentVersion: 2, pageCount }).where(eq(documents.id, documentId));
}

describe('per-version attribution', () => {
  it('keeps the views and page times of version 1 and version 2 apart', async () => {
    const { owner, reader, documentId, viewId: firstView } = await openDeck(3);
    clock.advanceMs(30_000);
    await expectOk(
      await sendPages(reader.client, documentId, firstView, [
        { page: 1, durationMs: 5_000 },
        { page: 3, durationMs: 9_000 },
      ]),
    );
    await expectOk(await closeView(reader.client, documentId, firstView, 30_000));
    // Version 2 has 2 pages (pdf-lib's count is not asked: the version row carries it).
    await bumpToVersion2(documentId, 2);
    clock.advanceMs(60 * 60_000);
    const secondView = await openView(reader.client, documentId);
    const [row] = await suite.database.db.select({ version: documentViews.version }).from(documentViews).where(eq(documentViews.id, secondView));
    expect(row!.version).toBe(2);
    clock.advanceMs(10_000);
    const outside = await sendPages(reader.client, documentId, secondView, [{ page: 3, durationMs: 1_000 }]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Page 3 is not in this document: it has 2 pages.');
    await expectOk(await sendPages(reader.client, documentId, secondView, [{ page: 2, durationMs: 7_000 }]));

    const current = await insight(owner.client, documentId);
    await expectOk(current);
    expect(current.json()).toMatchObject({
      currentVersion: 2,
      version: 2,
      pageCount: 2,
      heatmap: [
        { page: 1, averageMs: 0, viewers: 0 },
        { page: 2, averageMs: 7_000, viewers: 1 },
      ],
      viewers: [{ viewerKey: `user:${reader.user.id}`, views: 2, pagesSeen: 1, pageCount: 2, lastVersion: 2, via: 'platform', totalViewMs: 30_000 }],
    });
    expect(current.json().versions).toEqual([
      { version: 1, uploadedAt: expect.any(String), note: null, views: 1 },
      { version: 2, uploadedAt: expect.any(String), note: 'Fixed the typo', views: 1 },
    ]);
    const first = await insight(owner.client, documentId, '?version=1');
    await expectOk(first);
    expect(first.json()).toMatchObject({
      version: 1,
      pageCount: 3,
      heatmap: [
        { page: 1, averageMs: 5_000, viewers: 1 },
        { page: 2, averageMs: 0, viewers: 0 },
        { page: 3, averageMs: 9_000, viewers: 1 },
      ],
    });
    const missing = await insight(owner.client, documentId, '?version=7');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This document has no version 7.');

    const path = (await viewerPath(owner.client, documentId, `user:${reader.user.id}`)).json();
    expect(path.views.map((view: { viewId: number; version: number }) => [view.viewId, view.version])).toEqual([
      [secondView, 2],
      [firstView, 1],
    ]);
  });
});

describe('who reads the insight', () => {
  it('is the owner only: the viewer is refused by role, another startup gets 404', async () => {
    const { owner, reader, documentId } = await openDeck(2);
    const stranger = await founder();
    await expectOk(await insight(owner.client, documentId));
    expect((await insight(reader.client, documentId)).statusCode).toBe(403);
    expect((await viewerPath(reader.client, documentId, `user:${reader.user.id}`)).statusCode).toBe(403);
    const other = await insight(stranger.client, documentId);
    expect(other.statusCode).toBe(404);
    expect((await viewerPath(stranger.client, documentId, `user:${reader.user.id}`)).statusCode).toBe(404);
    const nobody = await viewerPath(owner.client, documentId, 'user:9999999999');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('This viewer has not opened this document.');
    expect((await viewerPath(owner.client, documentId, 'someone')).statusCode).toBe(400);
  });
});

describe('heatmap and drop-off', () => {
  it('averages over everyone who opened the version and marks the page after which most readers stopped', async () => {
    const owner = await founder();
    const documentId = await uploadPdf(owner.client, 4);
    const readers = await Promise.all(['Alpha', 'Beta', 'Gamma', 'Delta'].map((name) => investor(owner, `${name} ${uniqueSuffix()}`)));
    const views: number[] = [];
    for (const reader of readers) {
      await share(owner.client, documentId, reader.user.id);
      views.push(await openView(reader.client, documentId));
    }
    clock.advanceMs(10_000);
    const [alpha, beta, gamma] = readers;
    await expectOk(
      await sendPages(
        alpha!.client,
        documentId,
        views[0]!,
        [1, 2, 3, 4].map((page) => ({ page, durationMs: 4_000 })),
      ),
    );
    await expectOk(
      await sendPages(beta!.client, documentId, views[1]!, [
        { page: 1, durationMs: 2_000 },
        { page: 2, durationMs: 6_000 },
      ]),
    );
    // Half a second on page 3 is not "seen", but the time counts in the average.
    await expectOk(
      await sendPages(gamma!.client, documentId, views[2]!, [
        { page: 1, durationMs: 6_000 },
        { page: 2, durationMs: 2_000 },
        { page: 3, durationMs: 500 },
      ]),
    );
    // Delta opened the deck and reported no page: a reader who saw nothing.
    const response = await insight(owner.client, documentId);
    await expectOk(response);
    const body = response.json();
    expect(body.heatmap).toEqual([
      { page: 1, averageMs: 3_000, viewers: 3 },
      { page: 2, averageMs: 3_000, viewers: 3 },
      { page: 3, averageMs: 1_125, viewers: 1 },
      { page: 4, averageMs: 1_000, viewers: 1 },
    ]);
    expect(body.dropOffPage).toBe(2);
    const byKey = new Map(body.viewers.map((viewer: { viewerKey: string }) => [viewer.viewerKey, viewer]));
    expect(byKey.get(`user:${alpha!.user.id}`)).toMatchObject({ name: alpha!.firmName, pagesSeen: 4, pageCount: 4, views: 1 });
    expect(byKey.get(`user:${gamma!.user.id}`)).toMatchObject({ pagesSeen: 2, pageCount: 4 });
    expect(byKey.get(`user:${readers[3]!.user.id}`)).toMatchObject({ pagesSeen: 0, pageCount: 4 });
  });

  it('marks the drop-off for a single reader who stopped early, and none when everyone read to the end', async () => {
    const owner = await founder();
    const reader = await investor(owner);
    const stopped = await uploadPdf(owner.client, 10, 'Long deck');
    const finished = await uploadPdf(owner.client, 2, 'Short deck');
    for (const documentId of [stopped, finished]) await share(owner.client, documentId, reader.user.id);
    const stoppedView = await openView(reader.client, stopped);
    const finishedView = await openView(reader.client, finished);
    clock.advanceMs(10_000);
    await expectOk(
      await sendPages(
        reader.client,
        stopped,
        stoppedView,
        [1, 2, 3].map((page) => ({ page, durationMs: 3_000 })),
      ),
    );
    await expectOk(
      await sendPages(
        reader.client,
        finished,
        finishedView,
        [1, 2].map((page) => ({ page, durationMs: 3_000 })),
      ),
    );
    expect((await insight(owner.client, stopped)).json().dropOffPage).toBe(3);
    expect((await insight(owner.client, finished)).json().dropOffPage).toBeNull();
  });
});

describe('secure link visitors', () => {
  it('records page time from the session that opened the view, and shows the visitor by email', async () => {
    const owner = await founder();
    const documentId = await uploadPdf(owner.client, 3);
    const created = await owner.client.request({
      method: 'POST',
      url: '/api/data-room/links',
      payload: {
        name: 'Outside',
        requireEmailVerification: false,
        allowedEmails: [],
        password: null,
        expiresAt: null,
        canDownload: false,
        watermark: false,
        ndaRequired: false,
        documentIds: [documentId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(created.json().url as string)![1]!;

    const visitor = (ip: string) => {
      const cookies: Record<string, string> = {};
      return async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const response = await suite.app.inject({ method, url, payload, remoteAddress: ip, cookies: { ...cookies } });
        for (const cookie of response.cookies) cookies[cookie.name] = cookie.value;
        return response;
      };
    };
    const email = `guest.${uniqueSuffix()}@outside.example`;
    const guest = visitor('198.18.122.1');
    expect((await guest('POST', `/api/links/${token}/session`, { email })).statusCode).toBe(200);
    const opened = await guest('POST', `/api/links/${token}/documents/${documentId}/views`);
    expect(opened.statusCode, opened.body).toBe(201);
    const viewId = opened.json().viewId as number;
    clock.advanceMs(20_000);
    const pagesUrl = `/api/links/${token}/documents/${documentId}/views/${viewId}/pages`;
    await expectOk(await guest('POST', pagesUrl, { pages: [{ page: 2, durationMs: 8_000 }] }));
    expect((await guest('POST', pagesUrl, { pages: [{ page: 4, durationMs: 1_000 }] })).statusCode).toBe(400);

    // Another browser on the same link, and a signed-in user on the platform route, do not find it.
    const other = visitor('198.18.122.2');
    await other('POST', `/api/links/${token}/session`, { email: `other.${uniqueSuffix()}@outside.example` });
    expect((await other('POST', pagesUrl, { pages: [{ page: 1, durationMs: 1_000 }] })).statusCode).toBe(404);
    expect((await sendPages(owner.client, documentId, viewId, [{ page: 1, durationMs: 1_000 }])).statusCode).toBe(404);

    const body = (await insight(owner.client, documentId)).json();
    expect(body.viewers).toEqual([expect.objectContaining({ viewerKey: `email:${email}`, name: email, email, via: 'link', pagesSeen: 1, pageCount: 3 })]);
    const path = await viewerPath(owner.client, documentId, `email:${email}`);
    await expectOk(path);
    expect(path.json().views[0].pages).toEqual([{ page: 2, durationMs: 8_000 }]);
  });
});

describe('engagement summary', () => {
  it('counts distinct pages seen of the latest-opened version over the PDFs opened, and their pages', async () => {
    const owner = await founder();
    const reader = await investor(owner);
    const deck = await uploadPdf(owner.client, 4, 'Deck');
    const memo = await uploadPdf(owner.client, 3, 'Memo');
    const sheet = await upload(owner.client, { filename: 'revenue.csv', content: csvBytes() }, 'Revenue', 'Other');
    for (const documentId of [deck, memo, sheet]) await share(owner.client, documentId, reader.user.id);
    const deckViews = [await openView(reader.client, deck), await openView(reader.client, deck)];
    const memoView = await openView(reader.client, memo);
    await openView(reader.client, sheet);
    clock.advanceMs(10_000);
    // Pages 1-2 in one view and 2-4 in another: 4 distinct pages of the deck.
    await expectOk(
      await sendPages(
        reader.client,
        deck,
        deckViews[0]!,
        [1, 2].map((page) => ({ page, durationMs: 2_000 })),
      ),
    );
    await expectOk(
      await sendPages(
        reader.client,
        deck,
        deckViews[1]!,
        [2, 3, 4].map((page) => ({ page, durationMs: 2_000 })),
      ),
    );
    await expectOk(await sendPages(reader.client, memo, memoView, [{ page: 1, durationMs: 2_000 }]));
    const engagement = await owner.client.request({ method: 'GET', url: '/api/data-room/engagement' });
    await expectOk(engagement);
    expect(engagement.json()).toEqual([expect.objectContaining({ investorId: reader.user.id, documentsViewed: 3, pagesSeen: 5, pagesTotal: 7 })]);
  });
});
