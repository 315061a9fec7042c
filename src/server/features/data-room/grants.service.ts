// Sharing: who can open a document. A startup shares an owned document with an investor it is
// connected with (both accepted their match) and can revoke at once; the grants keep each investor's
// viewing history after access ends. Each grant may end by itself on a date and allows downloads
// or not (issue #20; view only unless the founder says otherwise).
import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { DocumentGrant } from '../../../shared/contracts/documents';
import { forbidden, invalid, notFound } from '../../app-error';
import { documentAccess, documents, documentViews, investorProfiles, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { areConnected, listConnections } from '../matching';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { isLiveGrant, ownedDocument } from './access-rules';
import { announceDocumentChange } from './data-room-context';
import { scheduleGrantExpiry } from './grant-expiry.service';
import { investorName } from './summaries';

/** What a share sets (issue #20): an optional end date, and whether downloads are allowed. */
export interface GrantSettings {
  /** ISO date-time, null for no end date; left out keeps the current one (on a change) or none (on a share). */
  expiresAt?: string | null;
  canDownload?: boolean;
}

/** The end date as a Date, refused unless it lies ahead: access that ended before it began makes no sense. */
function parseFutureEnd(expiresAt: string | null | undefined, now: Date): Date | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const end = new Date(expiresAt);
  if (Number.isNaN(end.getTime()))
    throw invalid('The end date must be a date and time, like 2026-12-31T23:59:00Z.', { expiresAt: ['The end date is not valid.'] });
  if (end <= now) throw invalid('The end date must be in the future.', { expiresAt: ['The end date must be in the future.'] });
  return end;
}

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
      canDownload: documentAccess.canDownload,
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
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      canDownload: row.canDownload,
      views: Number(row.views ?? 0),
      lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
      totalViewMs: Number(row.totalViewMs ?? 0),
    };
  });
}

const NOT_CONNECTED = 'You can share documents only with investors you are connected with: both of you must accept the match.';

/**
 * Writes one grant with its settings: a new one, or a revived or re-shared one (a new date, the
 * new settings). Schedules the announcement of its end, if it has one. Inside the caller's transaction.
 */
async function upsertGrant(
  ctx: ServiceContext,
  input: { documentId: number; investorId: number; expiresAt: Date | null; canDownload: boolean },
): Promise<void> {
  const { documentId, investorId, expiresAt, canDownload } = input;
  const now = ctx.clock();
  await ctx.db
    .insert(documentAccess)
    .values({ documentId, userId: investorId, grantedBy: ctx.actor.id, grantedAt: now, expiresAt, canDownload })
    .onConflictDoUpdate({
      target: [documentAccess.documentId, documentAccess.userId],
      set: { revokedAt: null, expiresAt, canDownload, grantedAt: now, grantedBy: ctx.actor.id },
    });
  if (expiresAt) await scheduleGrantExpiry(ctx, { documentId, investorId, expiresAt });
}

/**
 * Shares an owned document with an investor the owner is connected with (both accepted the match),
 * until an optional end date, view only unless `canDownload`.
 */
export async function grantDocumentAccess(
  ctx: ServiceContext,
  input: { documentId: number; investorId: number; ip: string } & GrantSettings,
): Promise<DocumentGrant> {
  const { actor } = ctx;
  const { documentId, investorId, ip } = input;
  const expiresAt = parseFutureEnd(input.expiresAt, ctx.clock()) ?? null;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const document = await ownedDocument(txCtx, documentId);
    if (!(await areConnected(txCtx, investorId))) throw forbidden(NOT_CONNECTED);
    // Re-sharing after a revocation revives the grant with a new date and these settings.
    await upsertGrant(txCtx, { documentId, investorId, expiresAt, canDownload: input.canDownload ?? false });
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'document_shared',
      entityId: documentId,
      description: `Shared ${document.name} with ${await investorName(txCtx, investorId)}`,
    });
    await recordSecurityEvent(txCtx, {
      eventType: 'document_access_granted',
      userId: actor.id,
      ip,
      detail: { documentId, granteeId: investorId, expiresAt: expiresAt?.toISOString() ?? null, canDownload: input.canDownload ?? false },
    });
    await notify(txCtx, { recipientId: investorId, type: 'document_access_granted', payload: { documentIds: [documentId], partnerId: actor.id } });
    await announceDocumentChange(txCtx, { userIds: [actor.id, investorId], documentId });
  });
  const grants = await listDocumentAccess(ctx, { documentId });
  return grants.find((grant) => grant.userId === investorId)!;
}

/**
 * Changes a live grant's end date (null: none) or download switch; a field left out keeps its
 * value. 404 when the investor has no live grant (a revoked or expired one is shared again instead).
 */
export async function updateDocumentAccess(
  ctx: ServiceContext,
  input: { documentId: number; investorId: number; ip: string } & GrantSettings,
): Promise<DocumentGrant> {
  const { documentId, investorId } = input;
  const now = ctx.clock();
  const expiresAt = parseFutureEnd(input.expiresAt, now);
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await ownedDocument(txCtx, documentId);
    const changes: { expiresAt?: Date | null; canDownload?: boolean } = {};
    if (expiresAt !== undefined) changes.expiresAt = expiresAt;
    if (input.canDownload !== undefined) changes.canDownload = input.canDownload;
    const [updated] = await txCtx.db
      .update(documentAccess)
      // An empty change still finds the live grant (or answers 404), writing nothing new.
      .set(Object.keys(changes).length === 0 ? { canDownload: sql`${documentAccess.canDownload}` } : changes)
      .where(and(eq(documentAccess.documentId, documentId), eq(documentAccess.userId, investorId), isLiveGrant(now)))
      .returning({ expiresAt: documentAccess.expiresAt, canDownload: documentAccess.canDownload });
    if (!updated) throw notFound('This investor does not have access to the document.');
    if (expiresAt) await scheduleGrantExpiry(txCtx, { documentId, investorId, expiresAt });
    await recordSecurityEvent(txCtx, {
      eventType: 'document_access_granted',
      userId: ctx.actor.id,
      ip: input.ip,
      detail: { documentId, granteeId: investorId, expiresAt: updated.expiresAt?.toISOString() ?? null, canDownload: updated.canDownload, change: true },
    });
    // The investor's viewer shows or hides its download button; both lists refresh.
    await announceDocumentChange(txCtx, { userIds: [ctx.actor.id, investorId], documentId });
  });
  const grants = await listDocumentAccess(ctx, { documentId });
  return grants.find((grant) => grant.userId === investorId)!;
}

/**
 * Shares every document of the actor's room with one connected investor, with the same settings
 * (issue #20). Documents already shared with them take these settings too. Answers how many.
 */
export async function shareWholeRoom(ctx: ServiceContext, input: { investorId: number; ip: string } & GrantSettings): Promise<{ sharedCount: number }> {
  const { actor } = ctx;
  const { investorId, ip } = input;
  const expiresAt = parseFutureEnd(input.expiresAt, ctx.clock()) ?? null;
  const canDownload = input.canDownload ?? false;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    if (!(await areConnected(txCtx, investorId))) throw forbidden(NOT_CONNECTED);
    const room = await tx.select({ id: documents.id }).from(documents).where(eq(documents.userId, actor.id)).orderBy(documents.id);
    if (room.length === 0) return { sharedCount: 0 };
    for (const { id } of room) {
      await upsertGrant(txCtx, { documentId: id, investorId, expiresAt, canDownload });
      await recordSecurityEvent(txCtx, {
        eventType: 'document_access_granted',
        userId: actor.id,
        ip,
        detail: { documentId: id, granteeId: investorId, expiresAt: expiresAt?.toISOString() ?? null, canDownload, wholeRoom: true },
      });
    }
    const shared = `${room.length} document${room.length === 1 ? '' : 's'}`;
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'document_shared',
      entityId: null,
      description: `Shared the data room (${shared}) with ${await investorName(txCtx, investorId)}`,
    });
    await notify(txCtx, {
      recipientId: investorId,
      type: 'document_access_granted',
      payload: { documentIds: room.map((document) => document.id), partnerId: actor.id },
    });
    await announceDocumentChange(txCtx, { userIds: [actor.id, investorId], documentId: null });
    return { sharedCount: room.length };
  });
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
