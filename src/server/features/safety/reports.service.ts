// Reports (issue #14; docs/security.md, "Reports"): a user reports another user, a message or a
// document. The report names the user it is about, resolved here from the subject, and filing it
// also blocks that user. No function here returns a report to a user: operators read them with
// `npm run reports` (report-review.service.ts), so nobody learns who reported them.
import { and, eq, or } from 'drizzle-orm';
import { invalid, notFound } from '../../app-error';
import { documentAccess, documents, messages, reports, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import type { ReportCategory, ReportSubjectType } from '../../../shared/enums';
import { recordSecurityEvent } from '../security';
import { blockUser } from './blocks.service';

export interface CreateReportInput {
  subjectType: ReportSubjectType;
  subjectId: number;
  category: ReportCategory;
  details?: string;
}

// One sentence for "missing" and "not yours", so a report never reveals that a message or a
// document exists.
const MESSAGE_MISSING = 'This message does not exist or is not in one of your conversations.';
const DOCUMENT_MISSING = 'This document does not exist or was never shared with you.';

/** Whom the subject is about, or 404 when the reporter could never have seen it. */
async function reportedUserOf(ctx: ServiceContext, input: CreateReportInput): Promise<number> {
  const reporterId = ctx.actor.id;
  switch (input.subjectType) {
    case 'user': {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.subjectId));
      if (!row) throw notFound('This user does not exist.');
      return row.id;
    }
    case 'message': {
      // Only a party of the conversation may report one of its messages; its sender is reported.
      const [row] = await ctx.db
        .select({ senderId: messages.senderId })
        .from(messages)
        .where(and(eq(messages.id, input.subjectId), or(eq(messages.senderId, reporterId), eq(messages.receiverId, reporterId))));
      if (!row) throw notFound(MESSAGE_MISSING);
      return row.senderId;
    }
    case 'document': {
      // Its owner, or an investor it was shared with. A revoked or expired grant still counts: the
      // reporter saw the document, and the harm does not end when the sharing does.
      const [row] = await ctx.db
        .select({ ownerId: documents.userId })
        .from(documents)
        .leftJoin(documentAccess, and(eq(documentAccess.documentId, documents.id), eq(documentAccess.userId, reporterId)))
        .where(and(eq(documents.id, input.subjectId), or(eq(documents.userId, reporterId), eq(documentAccess.userId, reporterId))));
      if (!row) throw notFound(DOCUMENT_MISSING);
      return row.ownerId;
    }
  }
}

const OWN_SUBJECT: Record<ReportSubjectType, string> = {
  user: 'You cannot report yourself.',
  message: 'You cannot report your own message.',
  document: 'You cannot report your own document.',
};

/** Files a report and blocks the reported user, in one transaction. */
export async function createReport(ctx: ServiceContext, input: CreateReportInput): Promise<{ id: number; createdAt: string }> {
  const reportedUserId = await reportedUserOf(ctx, input);
  if (reportedUserId === ctx.actor.id) throw invalid(OWN_SUBJECT[input.subjectType]);
  const details = input.details?.trim() || null;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: ctx.actor.id,
        reportedUserId,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        category: input.category,
        details,
        createdAt: ctx.clock(),
      })
      .returning({ id: reports.id, createdAt: reports.createdAt });
    await blockUser(txCtx, { userId: reportedUserId });
    // Ids and the category only: the details and any message text stay in the reports table.
    await recordSecurityEvent(txCtx, {
      eventType: 'report_filed',
      userId: ctx.actor.id,
      detail: { reportId: row!.id, reportedUserId, subjectType: input.subjectType, subjectId: input.subjectId, category: input.category },
    });
    return { id: row!.id, createdAt: row!.createdAt.toISOString() };
  });
}
