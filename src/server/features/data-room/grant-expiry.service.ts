// Access that ends by itself (issue #20; docs/data-room.md, "Control"). Every read checks the end
// date already (access-rules.ts), so nothing is served after it; this durable job, due at the end
// date, makes the moment visible: it tells both sides' open screens (the investor's open viewer
// closes with "Access to {document} ended on {date}.") and tells the founder and the investor.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Actor } from '../../actor';
import { documentAccess, documents } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { announceDocumentChange } from './data-room-context';

export const GRANT_EXPIRY_JOB = 'data-room.grant-expired';

/** Where the job is enqueued from (a share or a change of its end date) and run (the worker, `actor: null`). */
export type GrantExpiryContext = ServiceContext<Actor | null>;

/**
 * Enqueues the announcement of a grant's end, due at its end date. Pass the transaction's context,
 * so the job exists exactly when the grant does. One per grant and end date: the same end saved
 * again queues nothing new, and a job whose end date was changed since finds nothing to announce.
 */
export async function scheduleGrantExpiry(ctx: GrantExpiryContext, input: { documentId: number; investorId: number; expiresAt: Date }): Promise<void> {
  const { documentId, investorId, expiresAt } = input;
  await ctx.jobs.enqueue(
    ctx.db,
    GRANT_EXPIRY_JOB,
    { documentId, investorId, expiresAt: expiresAt.toISOString() },
    { runAt: expiresAt, dedupeKey: `grant-expiry:${documentId}:${investorId}:${expiresAt.toISOString()}` },
  );
}

/**
 * Runs at a grant's end date. Does nothing when the grant changed since it was scheduled (revoked,
 * shared again, given another end date) or has not ended yet (a clock behind the queue's).
 * Answers whether it announced the end.
 */
export async function announceGrantExpiry(ctx: GrantExpiryContext, input: { documentId: number; investorId: number; expiresAt: string }): Promise<boolean> {
  const expiresAt = new Date(input.expiresAt);
  if (Number.isNaN(expiresAt.getTime())) return false;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const [grant] = await tx
      .select({ ownerId: documents.userId })
      .from(documentAccess)
      .innerJoin(documents, eq(documents.id, documentAccess.documentId))
      .where(
        and(
          eq(documentAccess.documentId, input.documentId),
          eq(documentAccess.userId, input.investorId),
          isNull(documentAccess.revokedAt),
          eq(documentAccess.expiresAt, expiresAt),
          lte(documentAccess.expiresAt, ctx.clock()),
        ),
      );
    if (!grant) return false;
    await recordSecurityEvent(txCtx, {
      eventType: 'document_access_revoked',
      userId: null,
      detail: { documentId: input.documentId, granteeId: input.investorId, reason: 'expired' },
    });
    await notify(txCtx, {
      recipientId: grant.ownerId,
      type: 'document_access_expired',
      payload: { documentId: input.documentId, partnerId: input.investorId },
    });
    await notify(txCtx, {
      recipientId: input.investorId,
      type: 'shared_document_expired',
      payload: { documentId: input.documentId, partnerId: grant.ownerId },
    });
    // The investor's open viewer refetches, gets 403 "Access to … ended on …" and closes.
    await announceDocumentChange(txCtx, { userIds: [grant.ownerId, input.investorId], documentId: input.documentId });
    return true;
  });
}
