// What operators do with reports (`npm run reports`, docs/operations.md "Reports"): read the open
// queue, look at one, resolve it with a note. Only the command line calls these, never a route:
// a user never sees a report, so nobody learns who reported them.
import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import { documents, messages, reports, users } from '../../db/schema';
import type { SystemContext } from '../../service-context';

/** The operator's tools run for nobody: the database, and the time a resolution is stamped with. */
export type ReportReviewContext = Pick<SystemContext, 'db' | 'clock'>;

export interface ReportRecord {
  id: number;
  createdAt: Date;
  state: string;
  category: string;
  subjectType: string;
  subjectId: number;
  /** The message's text or the document's name, while the subject still exists (null for a user). */
  subjectSummary: string | null;
  reporter: { id: number; username: string };
  reportedUser: { id: number; username: string; name: string };
  details: string | null;
  resolvedAt: Date | null;
  resolution: string | null;
}

const reporter = aliasedTable(users, 'reporter');
const reported = aliasedTable(users, 'reported');

function selectReports(ctx: ReportReviewContext) {
  return ctx.db
    .select({
      report: reports,
      reporterUsername: reporter.username,
      reportedUsername: reported.username,
      reportedFirstName: reported.firstName,
      reportedLastName: reported.lastName,
      messageContent: messages.content,
      documentName: documents.name,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(messages, and(eq(reports.subjectType, 'message'), eq(messages.id, reports.subjectId)))
    .leftJoin(documents, and(eq(reports.subjectType, 'document'), eq(documents.id, reports.subjectId)));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

function toRecord(row: ReportRow): ReportRecord {
  const { report } = row;
  return {
    id: report.id,
    createdAt: report.createdAt,
    state: report.state,
    category: report.category,
    subjectType: report.subjectType,
    subjectId: report.subjectId,
    subjectSummary: row.messageContent ?? row.documentName ?? null,
    reporter: { id: report.reporterId, username: row.reporterUsername },
    reportedUser: { id: report.reportedUserId, username: row.reportedUsername, name: `${row.reportedFirstName} ${row.reportedLastName}` },
    details: report.details,
    resolvedAt: report.resolvedAt,
    resolution: report.resolution,
  };
}

/** The open reports, oldest first: the queue an operator works through. */
export async function listOpenReports(ctx: ReportReviewContext): Promise<ReportRecord[]> {
  const rows = await selectReports(ctx).where(eq(reports.state, 'open')).orderBy(asc(reports.createdAt), asc(reports.id));
  return rows.map(toRecord);
}

/** One report, open or resolved, or null. */
export async function getReport(ctx: ReportReviewContext, id: number): Promise<ReportRecord | null> {
  const [row] = await selectReports(ctx).where(eq(reports.id, id));
  return row ? toRecord(row) : null;
}

/**
 * Resolves an open report with the operator's note. Null when there is no open report with this id
 * (missing, or resolved already: the first resolution and its note stand).
 */
export async function resolveReport(ctx: ReportReviewContext, input: { id: number; note: string }): Promise<ReportRecord | null> {
  const [row] = await ctx.db
    .update(reports)
    .set({ state: 'resolved', resolvedAt: ctx.clock(), resolution: input.note })
    .where(and(eq(reports.id, input.id), eq(reports.state, 'open')))
    .returning({ id: reports.id });
  return row ? getReport(ctx, row.id) : null;
}
