// Who may do what with a document, stated once and used inside each query's where clause: a grant
// is live until revoked or expired; a document is readable by its owner and its live grantees.
import { and, eq, gt, isNull, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { forbidden, notFound } from '../../app-error';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';
import { documentAccess, documents } from '../../db/schema';
import { formatAccessDate } from './summaries';

export type DocumentRow = typeof documents.$inferSelect;

/** One answer for "missing" and "not yours", so a document's existence is never revealed. */
export const DOCUMENT_MISSING = 'This document does not exist or is no longer shared with you.';

/** A grant is live while it is neither revoked nor past its expiry. */
export const isLiveGrant = (now: Date | Placeholder) =>
  and(isNull(documentAccess.revokedAt), or(isNull(documentAccess.expiresAt), gt(documentAccess.expiresAt, now)));

/** Who may read a document: its owner, or a user with a live grant. */
export const readableBy = (actor: Actor, now: Date) =>
  or(
    eq(documents.userId, actor.id),
    sql`exists (select 1 from ${documentAccess} where ${documentAccess.documentId} = ${documents.id} and ${documentAccess.userId} = ${actor.id} and ${isLiveGrant(now)})`,
  );

/** The actor's own document, or 404. */
export async function ownedDocument(ctx: Pick<ServiceContext, 'db' | 'actor'>, documentId: number): Promise<DocumentRow> {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, ctx.actor.id)));
  if (!row) throw notFound('This document does not exist.');
  return row;
}

/** The users who can open a document right now besides its owner (to tell them it changed). */
export async function liveGranteeIds(ctx: Pick<ServiceContext, 'db' | 'clock'>, documentId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ userId: documentAccess.userId })
    .from(documentAccess)
    .where(and(eq(documentAccess.documentId, documentId), isLiveGrant(ctx.clock())));
  return rows.map((row) => row.userId);
}

/**
 * For a read the actor may not make: when their grant of this document ran out (not revoked, past
 * its end date), say so with the date (403), as the issue asks; otherwise return and let the caller
 * answer the usual 404. Only the grantee learns this about their own grant.
 */
export async function refuseIfAccessEnded(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>, input: { documentId: number }): Promise<void> {
  const [ended] = await ctx.db
    .select({ name: documents.name, expiresAt: documentAccess.expiresAt })
    .from(documentAccess)
    .innerJoin(documents, eq(documents.id, documentAccess.documentId))
    .where(
      and(
        eq(documentAccess.documentId, input.documentId),
        eq(documentAccess.userId, ctx.actor.id),
        isNull(documentAccess.revokedAt),
        lte(documentAccess.expiresAt, ctx.clock()),
      ),
    );
  if (ended?.expiresAt) throw forbidden(`Access to ${ended.name} ended on ${formatAccessDate(ended.expiresAt)}.`);
}
