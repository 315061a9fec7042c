// Sharing: who can open a document. A startup shares an owned document with an investor it is
// connected with (both accepted their match) and can revoke at once; the grants keep each investor's
// viewing history after access ends.
import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { DocumentGrant } from '../../../shared/contracts/documents';
import { forbidden, notFound } from '../../app-error';
import { documentAccess, documents, documentViews, investorProfiles, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { areConnected, listConnections } from '../matching';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { isLiveGrant, ownedDocument } from './access-rules';
import { announceDocumentChange } from './data-room-context';
import { investorName } from './summaries';

/**
 * The owner's view of who can open a document, with each investor's views. Revoked (and expired)
 * grants stay listed with the time access ended, so their viewing history is not lost.
 */
export async function listDocumentAccess(ctx: ServiceContext, input: { documentId: number }): Promise<DocumentGrant[]> {
  const { db } = ctx;
  const { documentId } = input;
  await ownedDocument(ctx, documentId);
  const now = ctx.clock();
  const viewStats = db
    .select({
      viewerId: documentViews.viewerId,
      views: count().as('views'),
      lastViewedAt: max(documentViews.openedAt).as('last_viewed_at'),
      totalViewMs: sql<number>`coalesce(sum(${documentViews.durationMs}), 0)::int`.as('total_view_ms'),
    })
    .from(documentViews)
    .where(eq(documentViews.documentId, documentId))
    .groupBy(documentViews.viewerId)
    .as('view_stats');
  const rows = await db
    .select({
      userId: documentAccess.userId,
      grantedAt: documentAccess.grantedAt,
      grantedBy: documentAccess.grantedBy,
      revokedAt: documentAccess.revokedAt,
      expiresAt: documentAccess.expiresAt,
      firmName: investorProfiles.firmName,
      firstName: users.firstName,
      lastName: users.lastName,
      views: viewStats.views,
      lastViewedAt: viewStats.lastViewedAt,
      totalViewMs: viewStats.totalViewMs,
    })
    .from(documentAccess)
    .innerJoin(users, eq(users.id, documentAccess.userId))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, documentAccess.userId))
    .leftJoin(viewStats, eq(viewStats.viewerId, documentAccess.userId))
    .where(eq(documentAccess.documentId, documentId))
    .orderBy(documentAccess.grantedAt, documentAccess.id);
  return rows.map((row) => {
    const endedAt = row.revokedAt ?? (row.expiresAt && row.expiresAt <= now ? row.expiresAt : null);
    return {
      userId: row.userId,
      firmName: row.firmName ?? `${row.firstName} ${row.lastName}`,
      grantedAt: row.grantedAt.toISOString(),
      grantedBy: row.grantedBy,
      revokedAt: endedAt ? endedAt.toISOString() : null,
      views: Number(row.views ?? 0),
      lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
      totalViewMs: Number(row.totalViewMs ?? 0),
    };
  });
}

/** Shares an owned document with an investor the owner is connected with (both accepted the match). */
export async function grantDocumentAccess(ctx: ServiceContext, input: { documentId: number; investorId: number; ip: string }): Promise<DocumentGrant> {
  const { actor } = ctx;
  const { documentId, investorId, ip } = input;
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const document = await ownedDocument(txCtx, documentId);
    if (!(await areConnected(txCtx, investorId))) {
      throw forbidden('You can share documents only with investors you are connected with: both of you must accept the match.');
    }
    // Re-sharing after a revocation revives the grant with a new date.
    await txCtx.db
      .insert(documentAccess)
      .values({ documentId, userId: investorId, grantedBy: actor.id, grantedAt: now })
      .onConflictDoUpdate({
        target: [documentAccess.documentId, documentAccess.userId],
        set: { revokedAt: null, expiresAt: null, grantedAt: now, grantedBy: actor.id },
      });
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'document_shared',
      entityId: documentId,
      description: `Shared ${document.name} with ${await investorName(txCtx, investorId)}`,
    });
    await recordSecurityEvent(txCtx, { eventType: 'document_access_granted', userId: actor.id, ip, detail: { documentId, granteeId: investorId } });
    await notify(txCtx, { recipientId: investorId, type: 'document_access_granted', payload: { documentIds: [documentId], partnerId: actor.id } });
    await announceDocumentChange(txCtx, { userIds: [actor.id, investorId], documentId });
  });
  const grants = await listDocumentAccess(ctx, { documentId });
  return grants.find((grant) => grant.userId === investorId)!;
}

/** Revokes a live grant; the investor's next read fails at once. */
export async function revokeDocumentAccess(ctx: ServiceContext, input: { documentId: number; investorId: number; ip: string }): Promise<void> {
  const { actor } = ctx;
  const { documentId, investorId, ip } = input;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await ownedDocument(txCtx, documentId);
    const revoked = await txCtx.db
      .update(documentAccess)
      .set({ revokedAt: ctx.clock() })
      .where(and(eq(documentAccess.documentId, documentId), eq(documentAccess.userId, investorId), isNull(documentAccess.revokedAt)))
      .returning({ id: documentAccess.id });
    if (revoked.length === 0) throw notFound('This investor does not have access to the document.');
    await recordSecurityEvent(txCtx, { eventType: 'document_access_revoked', userId: actor.id, ip, detail: { documentId, granteeId: investorId } });
    await notify(txCtx, { recipientId: investorId, type: 'document_access_revoked', payload: { documentIds: [documentId], partnerId: actor.id } });
    // An open preview on the investor's screen closes at once; the owner's counts refresh.
    await announceDocumentChange(txCtx, { userIds: [actor.id, investorId], documentId });
  });
}

/** The investors a startup can share with: everyone it is connected with, by firm name. */
export async function listShareCandidates(ctx: ServiceContext): Promise<Array<{ userId: number; firmName: string }>> {
  const connections = await listConnections(ctx);
  return connections.map((connection) => ({ userId: connection.userId, firmName: connection.name }));
}

/**
 * Startup: how many of its documents are shared with at least one investor.
 * Investor: how many documents are shared with it.
 */
export async function countSharedDocuments(ctx: ServiceContext): Promise<number> {
  const { db, actor } = ctx;
  const now = ctx.clock();
  if (actor.userType === 'startup') {
    const [row] = await db
      .select({ value: sql<number>`count(distinct ${documents.id})::int` })
      .from(documents)
      .innerJoin(documentAccess, eq(documentAccess.documentId, documents.id))
      .where(and(eq(documents.userId, actor.id), isLiveGrant(now)));
    return row?.value ?? 0;
  }
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${documentAccess.documentId})::int` })
    .from(documentAccess)
    .where(and(eq(documentAccess.userId, actor.id), isLiveGrant(now)));
  return row?.value ?? 0;
}
