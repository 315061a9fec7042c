// Views: each time a grantee opens a document's preview, and how long it stayed open, summed per
// investor for the startup's match cards. Owners' own opens are not counted. The owner's feed
// says who viewed what ("{Firm} viewed {document}"), once per reading session.
import { and, count, eq, gt, isNotNull, isNull, max, sql, sum } from 'drizzle-orm';
import type { InvestorEngagement } from '../../../shared/contracts/documents';
import { notFound } from '../../app-error';
import { documents, documentViews } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { isBlockedEitherWay } from '../matching';
import { notify } from '../notifications';
import { DOCUMENT_MISSING, readableBy, refuseIfAccessEnded } from './access-rules';
import { announceDocumentChange, documentViewSourceKey } from './data-room-context';
import { ensureNdaAccepted } from './nda.service';
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
    .select({ id: documents.id, ownerId: documents.userId, name: documents.name, ndaRequired: documents.ndaRequired })
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
    const [view] = await txCtx.db.insert(documentViews).values({ documentId, viewerId: actor.id, openedAt: now }).returning({ id: documentViews.id });
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
  return rows.map((row) => ({
    investorId: row.investorId!,
    documentsViewed: row.documentsViewed,
    views: row.views,
    totalViewMs: Number(row.totalViewMs ?? 0),
    lastViewedAt: row.lastViewedAt ? row.lastViewedAt.toISOString() : null,
  }));
}
