// Views: each time a grantee opens a document's preview, and how long it stayed open, summed per
// investor for the startup's match cards. Owners' own opens are not counted. The owner's feed
// says who viewed what ("{Firm} viewed {document}"), once per reading session.
import { buffer } from 'node:stream/consumers';
import { and, count, eq, gt, isNotNull, isNull, max, sql, sum } from 'drizzle-orm';
import { PAGE_SEEN_MIN_MS, type PageTimeBatch } from '../../../shared/contracts/document-insight';
import type { InvestorEngagement } from '../../../shared/contracts/documents';
import type { Actor } from '../../actor';
import { conflict, invalid, notFound } from '../../app-error';
import { queryRows } from '../../db/client';
import { documentAccess, documentPageViews, documents, documentVersions, documentViews } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { recordActivity } from '../activity';
import { isBlockedEitherWay } from '../matching';
import { notify } from '../notifications';
import { DOCUMENT_MISSING, readableBy, refuseIfAccessEnded } from './access-rules';
import { announceDocumentChange, documentViewSourceKey, type DataRoomContext } from './data-room-context';
import { ensureNdaAccepted } from './nda.service';
import { ALLOWED_EXTENSIONS } from './file-detection';
import { PAGE_TIME_SENTENCES, pageTimeLimitMs, type ViewTiming } from './page-insight';
import { countPdfPages } from './pdf-pages';
import { investorName } from './summaries';

/**
 * Opens of one document by one viewer less than this apart are one reading session: one feed
 * entry for the owner, however often the preview is reopened (docs/activity.md).
 */
export const VIEW_ENTRY_SESSION_MS = 60 * 60_000;

/**
 * Starts recording an open of a document by a grantee. Owners' own opens are not counted. An
 * expired grant is told when it ended, and a pending NDA refuses the open (issue #20), as the
 * content route does.
 */
export async function startDocumentView(ctx: ServiceContext, input: { documentId: number }): Promise<{ viewId: number | null }> {
  const { actor } = ctx;
  const { documentId } = input;
  const now = ctx.clock();
  const [row] = await ctx.db
    .select({
      id: documents.id,
      ownerId: documents.userId,
      name: documents.name,
      ndaRequired: documents.ndaRequired,
      currentVersion: documents.currentVersion,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), readableBy(actor, now)));
  if (!row) {
    await refuseIfAccessEnded(ctx, { documentId });
    throw notFound(DOCUMENT_MISSING);
  }
  if (row.ownerId === actor.id) return { viewId: null };
  await ensureNdaAccepted(ctx, { document: { id: row.id, name: row.name, userId: row.ownerId, ndaRequired: row.ndaRequired } });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const [recentOpen] = await tx
      .select({ id: documentViews.id })
      .from(documentViews)
      .where(
        and(
          eq(documentViews.documentId, documentId),
          eq(documentViews.viewerId, actor.id),
          gt(documentViews.openedAt, new Date(now.getTime() - VIEW_ENTRY_SESSION_MS)),
        ),
      )
      .limit(1);
    // Issue #21: the version open now, so its analytics stay apart from the next version's.
    const [view] = await txCtx.db
      .insert(documentViews)
      .values({ documentId, viewerId: actor.id, openedAt: now, version: row.currentVersion })
      .returning({ id: documentViews.id });
    // A block revokes the grants, but one committed since the read above has not stopped this
    // open: ask again here, so the owner's feed never names someone in a block with them.
    if (!recentOpen && !(await isBlockedEitherWay(txCtx, row.ownerId))) {
      await recordActivity(txCtx, {
        userId: row.ownerId,
        activityType: 'document_viewed',
        entityId: documentId,
        description: `${await investorName(txCtx, actor.id)} viewed ${row.name}`,
      });
      // The founder's "{firm} opened {document}"; the view's close adds the time spent to it.
      await notify(txCtx, {
        recipientId: row.ownerId,
        type: 'document_opened',
        payload: { documentId, partnerId: actor.id, viewId: view!.id },
        sourceKey: documentViewSourceKey(view!.id),
      });
    }
    await announceDocumentChange(txCtx, { userIds: [row.ownerId], documentId });
    return { viewId: view!.id };
  });
}

/** Records how long a preview stayed open. Only the viewer may close their own view, once. */
export async function endDocumentView(ctx: ServiceContext, input: { documentId: number; viewId: number; durationMs: number }): Promise<void> {
  const { documentId, viewId, durationMs } = input;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const updated = await txCtx.db
      .update(documentViews)
      .set({ durationMs })
      .where(
        and(eq(documentViews.id, viewId), eq(documentViews.documentId, documentId), eq(documentViews.viewerId, ctx.actor.id), isNull(documentViews.durationMs)),
      )
      .returning({ id: documentViews.id });
    if (updated.length === 0) throw notFound('This view does not exist.');
    const [document] = await txCtx.db.select({ ownerId: documents.userId }).from(documents).where(eq(documents.id, documentId));
    if (document) {
      await announceDocumentChange(txCtx, { userIds: [document.ownerId], documentId });
      // Only the view that opened a reading session has a notification; for the others this finds none.
      await notify(txCtx, {
        recipientId: document.ownerId,
        type: 'document_opened',
        payload: { durationMs },
        sourceKey: documentViewSourceKey(viewId),
        isUpdateOnly: true,
      });
    }
  });
}

/** Per investor, how they engaged with this startup's documents (for match cards). */
export async function listInvestorEngagement(ctx: ServiceContext): Promise<InvestorEngagement[]> {
  const rows = await ctx.db
    .select({
      investorId: documentViews.viewerId,
      documentsViewed: sql<number>`count(distinct ${documentViews.documentId})::int`,
      views: count(),
      totalViewMs: sum(documentViews.durationMs),
      lastViewedAt: max(documentViews.openedAt),
    })
    .from(documentViews)
    .innerJoin(documents, eq(documents.id, documentViews.documentId))
    // Views through secure links by visitors without an account have no investor to attribute here.
    .where(and(eq(documents.userId, ctx.actor.id), isNotNull(documentViews.viewerId)))
    .groupBy(documentViews.viewerId);
  const completion = await pageCompletionByInvestor(ctx);
  return rows.map((row) => ({
    investorId: row.investorId!,
    documentsViewed: row.documentsViewed,
    views: row.views,
    totalViewMs: Number(row.totalViewMs ?? 0),
    lastViewedAt: row.lastViewedAt ? row.lastViewedAt.toISOString() : null,
    pagesSeen: completion.get(row.investorId!)?.pagesSeen ?? 0,
    pagesTotal: completion.get(row.investorId!)?.pagesTotal ?? 0,
  }));
}

/**
 * "Read 18 of 20 pages": per investor, over the PDFs of this startup they opened, the distinct
 * pages they saw of the version they opened last, and those versions' page counts. A PDF whose
 * page count is not known yet (never counted) adds nothing to either side.
 */
async function pageCompletionByInvestor(ctx: ServiceContext): Promise<Map<number, { pagesSeen: number; pagesTotal: number }>> {
  const rows = await queryRows<{ investorId: number; pagesSeen: number; pagesTotal: number }>(
    ctx.db,
    sql`with latest as (
          select distinct on (v.viewer_id, v.document_id) v.viewer_id, v.document_id, v.version,
                 coalesce(dv.page_count, case when d.current_version = v.version then d.page_count end) as page_count
          from ${documentViews} v
          join ${documents} d on d.id = v.document_id
          left join ${documentVersions} dv on dv.document_id = v.document_id and dv.version = v.version
          where d.user_id = ${ctx.actor.id} and v.viewer_id is not null
          order by v.viewer_id, v.document_id, v.opened_at desc, v.id desc
        ),
        seen as (
          select l.viewer_id, l.document_id, count(*)::int as pages
          from latest l
          join lateral (
            select pv.page from ${documentPageViews} pv
            join ${documentViews} v on v.id = pv.view_id
            where v.viewer_id = l.viewer_id and v.document_id = l.document_id and v.version = l.version and pv.page <= l.page_count
            group by pv.page
            having sum(pv.duration_ms) >= ${PAGE_SEEN_MIN_MS}
          ) pages on true
          group by l.viewer_id, l.document_id
        )
        select l.viewer_id as "investorId", coalesce(sum(s.pages), 0)::int as "pagesSeen", sum(l.page_count)::int as "pagesTotal"
        from latest l
        left join seen s on s.viewer_id = l.viewer_id and s.document_id = l.document_id
        where l.page_count is not null
        group by l.viewer_id`,
  );
  return new Map(rows.map((row) => [Number(row.investorId), { pagesSeen: Number(row.pagesSeen), pagesTotal: Number(row.pagesTotal) }]));
}

/** Page-time batches read document bytes once for an older PDF whose pages were never counted. */
export type PageTimeContext = ServiceContext<Actor | null> & { blobs: BlobStore };

/**
 * Whether one version of a document is a PDF and how many pages it has. The count is read at
 * upload; a PDF stored before that (or one whose version row predates it) is counted here once and
 * the count kept, so a page outside the document can be refused.
 */
export async function versionPageCount(
  ctx: PageTimeContext,
  input: { documentId: number; version: number },
): Promise<{ isPdf: boolean; pageCount: number | null }> {
  const [document] = await ctx.db
    .select({ type: documents.type, pageCount: documents.pageCount, storageKey: documents.storageKey, currentVersion: documents.currentVersion })
    .from(documents)
    .where(eq(documents.id, input.documentId));
  if (!document) throw notFound(PAGE_TIME_SENTENCES.viewMissing);
  const [versionRow] = await ctx.db
    .select({ type: documentVersions.type, pageCount: documentVersions.pageCount, storageKey: documentVersions.storageKey })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, input.documentId), eq(documentVersions.version, input.version)));
  const isCurrent = input.version === document.currentVersion;
  const source = versionRow ?? (isCurrent ? document : null);
  if (!source) return { isPdf: false, pageCount: null };
  if (source.type !== ALLOWED_EXTENSIONS.pdf) return { isPdf: false, pageCount: null };
  const known = source.pageCount ?? (isCurrent ? document.pageCount : null);
  if (known !== null) return { isPdf: true, pageCount: known };
  if (!source.storageKey) return { isPdf: true, pageCount: null };
  let pageCount: number | null;
  try {
    pageCount = await countPdfPages(new Uint8Array(await buffer(await ctx.blobs.read(source.storageKey))));
  } catch (error) {
    if (error instanceof BlobNotFoundError) return { isPdf: true, pageCount: null };
    throw error;
  }
  if (pageCount === null) return { isPdf: true, pageCount: null };
  if (versionRow) {
    await ctx.db
      .update(documentVersions)
      .set({ pageCount })
      .where(and(eq(documentVersions.documentId, input.documentId), eq(documentVersions.version, input.version)));
  }
  // The documents row mirrors the current version only if that is still the same version.
  if (isCurrent) {
    await ctx.db
      .update(documents)
      .set({ pageCount })
      .where(and(eq(documents.id, input.documentId), eq(documents.currentVersion, input.version), isNull(documents.pageCount)));
  }
  return { isPdf: true, pageCount };
}

/**
 * Adds one batch of page time to a view the caller has already found to be the viewer's own.
 * Refuses (400) a non-PDF, pages outside the version, and a batch that would leave any page with
 * more time than the view has lasted; 409 once the view stopped taking batches. The check and the
 * addition are one statement per page, so two batches sent at once cannot pass the limit together.
 */
export async function addPageTimes(
  ctx: PageTimeContext,
  input: { view: { id: number; documentId: number; version: number } & ViewTiming; pages: PageTimeBatch['pages'] },
): Promise<void> {
  const { view, pages } = input;
  const limitMs = pageTimeLimitMs(view, ctx.clock());
  if (limitMs === null) throw conflict(PAGE_TIME_SENTENCES.tooLate);
  const { isPdf, pageCount } = await versionPageCount(ctx, { documentId: view.documentId, version: view.version });
  if (!isPdf) throw invalid(PAGE_TIME_SENTENCES.pdfOnly);
  if (pageCount === null) throw invalid(PAGE_TIME_SENTENCES.unreadablePdf);
  const outside = pages.find((entry) => entry.page > pageCount);
  if (outside) throw invalid(PAGE_TIME_SENTENCES.outOfRange(outside.page, pageCount), { pages: [PAGE_TIME_SENTENCES.outOfRange(outside.page, pageCount)] });
  // The column is an integer: no page may ever hold more than it can, however long a view stays open.
  const cappedLimitMs = Math.min(limitMs, 2_147_483_647);
  if (pages.some((entry) => entry.durationMs > cappedLimitMs)) throw invalid(PAGE_TIME_SENTENCES.longerThanView);
  await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(documentPageViews)
      .values(pages.map((entry) => ({ viewId: view.id, page: entry.page, durationMs: entry.durationMs })))
      .onConflictDoUpdate({
        target: [documentPageViews.viewId, documentPageViews.page],
        set: { durationMs: sql`${documentPageViews.durationMs} + excluded.duration_ms` },
        setWhere: sql`${documentPageViews.durationMs}::bigint + excluded.duration_ms <= ${cappedLimitMs}`,
      })
      .returning({ page: documentPageViews.page });
    // A page left out was over the limit: nothing of the batch is kept.
    if (added.length !== pages.length) throw invalid(PAGE_TIME_SENTENCES.longerThanView);
  });
}

/**
 * POST /api/documents/:id/views/:viewId/pages: time on each page from the viewer of that view only
 * (404 for anyone else). Accepted while their grant is live, and for 5 minutes after the view closed
 * or the grant ended: the last beacon arrives after the close, and its time is true.
 */
export async function recordPageTime(ctx: DataRoomContext, input: { documentId: number; viewId: number; pages: PageTimeBatch['pages'] }): Promise<void> {
  const [view] = await ctx.db
    .select({
      id: documentViews.id,
      documentId: documentViews.documentId,
      version: documentViews.version,
      openedAt: documentViews.openedAt,
      durationMs: documentViews.durationMs,
    })
    .from(documentViews)
    // Only the viewer's own platform view: a link view is recorded through its link.
    .where(
      and(
        eq(documentViews.id, input.viewId),
        eq(documentViews.documentId, input.documentId),
        eq(documentViews.viewerId, ctx.actor.id),
        isNull(documentViews.secureLinkId),
      ),
    );
  if (!view) throw notFound(PAGE_TIME_SENTENCES.viewMissing);
  const [grant] = await ctx.db
    .select({ revokedAt: documentAccess.revokedAt, expiresAt: documentAccess.expiresAt })
    .from(documentAccess)
    .where(and(eq(documentAccess.documentId, input.documentId), eq(documentAccess.userId, ctx.actor.id)));
  const now = ctx.clock();
  const expiredAt = grant?.expiresAt && grant.expiresAt.getTime() <= now.getTime() ? grant.expiresAt : null;
  const accessEndedAt = grant ? (grant.revokedAt ?? expiredAt) : null;
  await addPageTimes(ctx, { view: { ...view, accessEndedAt, isAccessGoneUntimed: !grant }, pages: input.pages });
}
