// Issue #21, page-level analytics for the founder (docs/data-room.md, "Page-level analytics"): per
// viewer of one document, how much of it they read; the heatmap of a version with its drop-off
// page; and one viewer's path through the document, view by view. Only the document's owner reads
// any of it: every query starts from ownedDocument (404 for anyone else).
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DocumentInsight, DocumentViewerInsight, ViewerPath } from '../../../shared/contracts/document-insight';
import { notFound } from '../../app-error';
import { documentPageViews, documentVersions, documentViews, investorProfiles, users } from '../../db/schema';
import { ownedDocument } from './access-rules';
import type { DataRoomContext } from './data-room-context';
import { versionPageCount } from './document-views.service';
import { buildHeatmap, isPageSeen, parseViewerKey, viewerKeyOf } from './page-insight';

const VIEWER_MISSING = 'This viewer has not opened this document.';

type ViewRow = {
  id: number;
  viewerId: number | null;
  visitorEmail: string | null;
  secureLinkId: number | null;
  openedAt: Date;
  durationMs: number | null;
  version: number;
};

/** Each view's time per page. */
async function pageTimesOf(ctx: DataRoomContext, viewIds: number[]): Promise<Map<number, Map<number, number>>> {
  const byView = new Map<number, Map<number, number>>();
  if (viewIds.length === 0) return byView;
  const rows = await ctx.db
    .select({ viewId: documentPageViews.viewId, page: documentPageViews.page, durationMs: documentPageViews.durationMs })
    .from(documentPageViews)
    .where(inArray(documentPageViews.viewId, viewIds))
    .orderBy(asc(documentPageViews.page));
  for (const row of rows) {
    const pages = byView.get(row.viewId) ?? new Map<number, number>();
    pages.set(row.page, row.durationMs);
    byView.set(row.viewId, pages);
  }
  return byView;
}

/** Investors by their firm's name (else their own); link visitors by their email. */
async function viewerNames(ctx: DataRoomContext, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, firmName: investorProfiles.firmName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.firmName ?? `${row.firstName} ${row.lastName}`]));
}

const nameOf = (key: string, names: Map<number, string>) => {
  const parsed = parseViewerKey(key);
  return 'viewerId' in parsed ? (names.get(parsed.viewerId) ?? 'an investor') : parsed.email;
};

/** Adds each view's page times into one map per viewer (only pages inside the version). */
function sumPages(views: ViewRow[], timesByView: Map<number, Map<number, number>>, pageCount: number | null): Map<number, number> {
  const summed = new Map<number, number>();
  for (const view of views) {
    for (const [page, ms] of timesByView.get(view.id) ?? []) {
      if (pageCount !== null && page > pageCount) continue;
      summed.set(page, (summed.get(page) ?? 0) + ms);
    }
  }
  return summed;
}

/** GET /api/documents/:id/insight?version=: the owner's view of who read how much, and where readers stopped. */
export async function getDocumentInsight(ctx: DataRoomContext, input: { documentId: number; version?: number }): Promise<DocumentInsight> {
  const document = await ownedDocument(ctx, input.documentId);
  const views: ViewRow[] = await ctx.db
    .select({
      id: documentViews.id,
      viewerId: documentViews.viewerId,
      visitorEmail: documentViews.visitorEmail,
      secureLinkId: documentViews.secureLinkId,
      openedAt: documentViews.openedAt,
      durationMs: documentViews.durationMs,
      version: documentViews.version,
    })
    .from(documentViews)
    .where(eq(documentViews.documentId, document.id))
    .orderBy(asc(documentViews.openedAt), asc(documentViews.id));
  const versionRows = await ctx.db
    .select({ version: documentVersions.version, uploadedAt: documentVersions.uploadedAt, note: documentVersions.note })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, document.id));

  // Every version that has a row, the current one, and any a view names (a document stored before
  // its version rows were written still lists them).
  const versions = new Map(versionRows.map((row) => [row.version, { version: row.version, uploadedAt: row.uploadedAt, note: row.note, views: 0 }]));
  for (const number of [document.currentVersion, ...views.map((view) => view.version)]) {
    if (!versions.has(number)) versions.set(number, { version: number, uploadedAt: document.uploadedAt, note: null, views: 0 });
  }
  for (const view of views) versions.get(view.version)!.views++;
  const version = input.version ?? document.currentVersion;
  if (!versions.has(version)) throw notFound(`This document has no version ${version}.`);

  const pageCounts = new Map<number, number | null>();
  const pageCountOf = async (number: number) => {
    if (!pageCounts.has(number)) pageCounts.set(number, (await versionPageCount(ctx, { documentId: document.id, version: number })).pageCount);
    return pageCounts.get(number) ?? null;
  };
  const timesByView = await pageTimesOf(
    ctx,
    views.map((view) => view.id),
  );
  const viewsByViewer = new Map<string, ViewRow[]>();
  for (const view of views) {
    const key = viewerKeyOf(view);
    viewsByViewer.set(key, [...(viewsByViewer.get(key) ?? []), view]);
  }
  const names = await viewerNames(ctx, [...new Set(views.flatMap((view) => (view.viewerId !== null ? [view.viewerId] : [])))]);

  const viewers: DocumentViewerInsight[] = [];
  for (const [key, own] of viewsByViewer) {
    const last = own[own.length - 1]!;
    const pageCount = await pageCountOf(last.version);
    const seen = sumPages(
      own.filter((view) => view.version === last.version),
      timesByView,
      pageCount,
    );
    viewers.push({
      viewerKey: key,
      name: nameOf(key, names),
      email: last.viewerId === null ? last.visitorEmail : null,
      via: own.some((view) => view.secureLinkId === null) ? 'platform' : 'link',
      views: own.length,
      pagesSeen: [...seen.values()].filter(isPageSeen).length,
      pageCount,
      totalViewMs: own.reduce((total, view) => total + (view.durationMs ?? 0), 0),
      lastOpenedAt: last.openedAt.toISOString(),
      lastVersion: last.version,
    });
  }
  viewers.sort((a, b) => b.lastOpenedAt.localeCompare(a.lastOpenedAt));

  const pageCount = await pageCountOf(version);
  const timeByViewer = new Map<string, Map<number, number>>();
  for (const [key, own] of viewsByViewer) {
    const ofVersion = own.filter((view) => view.version === version);
    if (ofVersion.length > 0) timeByViewer.set(key, sumPages(ofVersion, timesByView, pageCount));
  }
  const { heatmap, dropOffPage } =
    pageCount === null ? { heatmap: [], dropOffPage: null } : buildHeatmap({ pageCount, viewerKeys: [...timeByViewer.keys()], timeByViewer });

  return {
    documentId: document.id,
    name: document.name,
    currentVersion: document.currentVersion,
    version,
    pageCount,
    viewers,
    heatmap,
    dropOffPage,
    versions: [...versions.values()]
      .sort((a, b) => a.version - b.version)
      .map((entry) => ({ version: entry.version, uploadedAt: entry.uploadedAt.toISOString(), note: entry.note, views: entry.views })),
  };
}

/** GET /api/documents/:id/insight/path?viewer=: one viewer's views, newest first, with their pages in order. */
export async function getViewerPath(ctx: DataRoomContext, input: { documentId: number; viewerKey: string }): Promise<ViewerPath> {
  const document = await ownedDocument(ctx, input.documentId);
  const viewer = parseViewerKey(input.viewerKey);
  // An id no account can have (the key allows 10 digits) names nobody, rather than failing the query.
  if ('viewerId' in viewer && viewer.viewerId > 2_147_483_647) throw notFound(VIEWER_MISSING);
  const views = await ctx.db
    .select({
      id: documentViews.id,
      openedAt: documentViews.openedAt,
      durationMs: documentViews.durationMs,
      version: documentViews.version,
    })
    .from(documentViews)
    .where(
      and(
        eq(documentViews.documentId, document.id),
        'viewerId' in viewer
          ? eq(documentViews.viewerId, viewer.viewerId)
          : and(isNull(documentViews.viewerId), sql`lower(${documentViews.visitorEmail}) = ${viewer.email}`),
      ),
    )
    .orderBy(desc(documentViews.openedAt), desc(documentViews.id));
  if (views.length === 0) throw notFound(VIEWER_MISSING);
  const timesByView = await pageTimesOf(
    ctx,
    views.map((view) => view.id),
  );
  const names = 'viewerId' in viewer ? await viewerNames(ctx, [viewer.viewerId]) : new Map<number, string>();
  return {
    viewerKey: input.viewerKey,
    name: nameOf(input.viewerKey, names),
    views: views.map((view) => ({
      viewId: view.id,
      openedAt: view.openedAt.toISOString(),
      version: view.version,
      durationMs: view.durationMs,
      pages: [...(timesByView.get(view.id) ?? [])].sort(([a], [b]) => a - b).map(([page, durationMs]) => ({ page, durationMs })),
    })),
  };
}
