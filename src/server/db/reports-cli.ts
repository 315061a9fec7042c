// `npm run reports`: the reports users filed (docs/operations.md, "Reports"), for operators.
//   npm run reports                          the open reports, oldest first
//   npm run reports -- show <id>             one report in full, open or resolved
//   npm run reports -- resolve <id> "note"   closes an open report with what was done
// Filing a report already blocked the reported user; suspending an account is a separate decision.
// On the embedded database, stop the server first: its data directory is locked to one process.
import { getReport, listOpenReports, resolveReport, type ReportRecord } from '../features/safety';
import { loadEnv } from '../env';
import { openDatabase } from './client';

const USAGE = 'Usage: npm run reports [-- show <id> | -- resolve <id> "what was done"]';

function reportId(argument: string | undefined): number {
  const id = Number(argument);
  if (!Number.isInteger(id) || id <= 0) throw new Error(USAGE);
  return id;
}

const subjectOf = (report: ReportRecord) => `${report.subjectType} #${report.subjectId}`;
const reportedOf = (report: ReportRecord) => `${report.reportedUser.name} (@${report.reportedUser.username}, #${report.reportedUser.id})`;

function summaryLine(report: ReportRecord): string {
  const details = report.details ? `\n  ${report.details.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  return `#${report.id}  ${report.createdAt.toISOString()}  ${report.category}  ${subjectOf(report)}  reported: ${reportedOf(report)}${details}`;
}

function fullText(report: ReportRecord): string {
  return [
    `Report #${report.id} (${report.state})`,
    `Filed:     ${report.createdAt.toISOString()} by @${report.reporter.username} (#${report.reporter.id})`,
    `Category:  ${report.category}`,
    `Subject:   ${subjectOf(report)}${report.subjectSummary === null ? '' : `: ${report.subjectSummary}`}`,
    `Reported:  ${reportedOf(report)}`,
    `Details:   ${report.details ?? '(none)'}`,
    ...(report.resolvedAt ? [`Resolved:  ${report.resolvedAt.toISOString()}: ${report.resolution ?? ''}`] : []),
  ].join('\n');
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, console);
const ctx = { db: database.db, clock: () => new Date() };
try {
  const [command, argument, note] = process.argv.slice(2);
  if (command === 'show') {
    const report = await getReport(ctx, reportId(argument));
    console.log(report ? fullText(report) : `No report ${argument}.`);
  } else if (command === 'resolve') {
    const id = reportId(argument);
    if (!note?.trim()) throw new Error(USAGE);
    const report = await resolveReport(ctx, { id, note: note.trim() });
    console.log(report ? `Report ${id} is resolved.` : `No open report ${id}.`);
  } else if (command === undefined) {
    const open = await listOpenReports(ctx);
    console.log(open.length === 0 ? 'No open reports.' : open.map(summaryLine).join('\n'));
    if (open.length > 0) console.log('\nRead one with: npm run reports -- show <id>');
  } else {
    throw new Error(USAGE);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
