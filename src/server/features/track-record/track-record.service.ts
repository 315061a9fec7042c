// An investor's track record (issue #19; docs/track-record.md): past investments the investor owns
// (another investor's id is a 404), a CSV import that previews before it saves and then saves all
// valid rows in one transaction, and the public view anyone signed in may read unless a block
// stands between them. Matching reads the records through listTrackRecordsFor (revealed preferences).
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DATE_FUTURE_MESSAGE,
  isAfterToday,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type NewTrackRecordInvestment,
  type TrackRecord,
  type TrackRecordInvestment,
  type TrackRecordSummary,
} from '../../../shared/contracts/track-record';
import { countryCodeFromText } from '../../../shared/countries';
import { INDUSTRIES, STAGES } from '../../../shared/enums';
import { invalid, notFound } from '../../app-error';
import { blocks, investorProfiles, trackRecordInvestments, users } from '../../db/schema';
import type { Actor } from '../../actor';
import type { DbExecutor } from '../../db/client';
import type { ServiceContext } from '../../service-context';
import { runTrackRecordChangedReactions } from './track-record-reactions';
import { duplicateKey, mappingProblem, parseRow, readCsv, suggestMapping, type CsvTable } from './track-record-csv';

type InvestmentRow = typeof trackRecordInvestments.$inferSelect;

const toInvestment = (row: InvestmentRow): TrackRecordInvestment => ({
  id: row.id,
  companyName: row.companyName,
  investedOn: row.investedOn,
  stage: row.stage,
  industry: row.industry,
  location: row.location,
  countryCode: row.countryCode,
  amountUsd: row.amountUsd,
  link: row.link,
});

/** Counts by stage (the spec's order) and by industry (most first), for the profile's chart. */
function summarize(investments: readonly Pick<TrackRecordInvestment, 'stage' | 'industry' | 'investedOn'>[]): TrackRecordSummary {
  const count = (values: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const stages = count(investments.map((investment) => investment.stage));
  const industries = count(investments.map((investment) => investment.industry));
  const years = investments.map((investment) => Number(investment.investedOn.slice(0, 4)));
  return {
    total: investments.length,
    byStage: STAGES.filter((stage) => stages.has(stage)).map((stage) => ({ label: stage, count: stages.get(stage)! })),
    byIndustry: [...industries.entries()]
      .map(([label, value]) => ({ label, count: value }))
      .sort((a, b) => b.count - a.count || INDUSTRIES.indexOf(a.label as never) - INDUSTRIES.indexOf(b.label as never)),
    firstYear: years.length > 0 ? Math.min(...years) : null,
    lastYear: years.length > 0 ? Math.max(...years) : null,
  };
}

const newestFirst = [desc(trackRecordInvestments.investedOn), desc(trackRecordInvestments.id)];

async function trackRecordOf(ctx: Pick<ServiceContext, 'db'>, investorId: number): Promise<TrackRecord> {
  const rows = await ctx.db
    .select()
    .from(trackRecordInvestments)
    .where(eq(trackRecordInvestments.investorId, investorId))
    .orderBy(...newestFirst);
  const investments = rows.map(toInvestment);
  return { investments, summary: summarize(investments) };
}

/** The caller's own record, newest first, with its summary (the route admits investors only). */
export async function getOwnTrackRecord(ctx: ServiceContext): Promise<TrackRecord> {
  return trackRecordOf(ctx, ctx.actor.id);
}

/**
 * An investor's record as others see it on the public profile. Like the public card, a deleted
 * account, a user who is not an investor with a profile, and a block either way all read as "does
 * not exist" (404), so the answer says nothing about who blocked whom.
 */
export async function viewInvestorTrackRecord(ctx: ServiceContext, investorId: number): Promise<TrackRecord> {
  const me = ctx.actor.id;
  const [visible] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(
      and(
        eq(users.id, investorId),
        isNull(users.deletedAt),
        // Track record sits below matching in the feature graph (matching reads it), so it reads
        // the blocks table itself, as profiles does.
        sql`not exists (select 1 from ${blocks} where ${or(
          and(eq(blocks.blockerId, investorId), eq(blocks.blockedId, me)),
          and(eq(blocks.blockerId, me), eq(blocks.blockedId, investorId)),
        )})`,
      ),
    );
  if (!visible) throw notFound('This investor profile does not exist.');
  return trackRecordOf(ctx, investorId);
}

/** Per-investor lock: two saves (or imports) by the same investor cannot both pass the duplicate check. */
const lockInvestor = (ctx: Pick<ServiceContext, 'db'>, investorId: number) =>
  ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('track_record_investments'), ${investorId})`);

const DUPLICATE_MESSAGE = 'This investment is already in your track record: the same company on the same date.';

/** The investor's existing investments by duplicateKey (optionally leaving one out: the one being edited). */
async function existingKeys(ctx: Pick<ServiceContext, 'db'>, investorId: number, exceptId?: number): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ id: trackRecordInvestments.id, companyName: trackRecordInvestments.companyName, investedOn: trackRecordInvestments.investedOn })
    .from(trackRecordInvestments)
    .where(eq(trackRecordInvestments.investorId, investorId));
  return new Set(rows.filter((row) => row.id !== exceptId).map(duplicateKey));
}

function assertNotInFuture(ctx: ServiceContext, input: NewTrackRecordInvestment): void {
  // The contract checks the format; "today" is the server's clock, which the contract cannot see.
  if (isAfterToday(input.investedOn, ctx.clock())) throw invalid(DATE_FUTURE_MESSAGE, { investedOn: [DATE_FUTURE_MESSAGE] });
}

const columnsOf = (actor: Actor, input: NewTrackRecordInvestment) => ({
  investorId: actor.id,
  companyName: input.companyName,
  investedOn: input.investedOn,
  stage: input.stage,
  industry: input.industry,
  location: input.location,
  // From the location's country, state or province ("London, UK", "Austin, Texas"). A bare city
  // needs the matching engine's gazetteer, which this feature may not import (matching reads
  // track records): matching reads `location` itself where it needs more.
  countryCode: countryCodeFromText(input.location),
  amountUsd: input.amountUsd,
  link: input.link,
});

/** Runs the reactions registered with onTrackRecordChanged, in the change's transaction `db`. */
const announceChange = (ctx: ServiceContext, db: DbExecutor) => runTrackRecordChangedReactions({ ...ctx, db });

export async function createTrackRecordInvestment(ctx: ServiceContext, input: NewTrackRecordInvestment): Promise<TrackRecordInvestment> {
  assertNotInFuture(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await lockInvestor({ db: tx }, ctx.actor.id);
    if ((await existingKeys({ db: tx }, ctx.actor.id)).has(duplicateKey(input))) throw invalid(DUPLICATE_MESSAGE, { companyName: [DUPLICATE_MESSAGE] });
    const [row] = await tx.insert(trackRecordInvestments).values(columnsOf(ctx.actor, input)).returning();
    await announceChange(ctx, tx);
    return toInvestment(row!);
  });
}

export async function updateTrackRecordInvestment(ctx: ServiceContext, input: NewTrackRecordInvestment & { id: number }): Promise<TrackRecordInvestment> {
  const { id, ...fields } = input;
  assertNotInFuture(ctx, fields);
  return ctx.db.transaction(async (tx) => {
    await lockInvestor({ db: tx }, ctx.actor.id);
    if ((await existingKeys({ db: tx }, ctx.actor.id, id)).has(duplicateKey(fields))) throw invalid(DUPLICATE_MESSAGE, { companyName: [DUPLICATE_MESSAGE] });
    const { investorId: _owner, ...changes } = columnsOf(ctx.actor, fields);
    // Ownership is part of the WHERE: another investor's id matches no row and gets the same 404 as a missing one.
    const [row] = await tx
      .update(trackRecordInvestments)
      .set(changes)
      .where(and(eq(trackRecordInvestments.id, id), eq(trackRecordInvestments.investorId, ctx.actor.id)))
      .returning();
    if (!row) throw notFound('This investment does not exist.');
    await announceChange(ctx, tx);
    return toInvestment(row);
  });
}

export async function deleteTrackRecordInvestment(ctx: ServiceContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(trackRecordInvestments)
    .where(and(eq(trackRecordInvestments.id, id), eq(trackRecordInvestments.investorId, ctx.actor.id)))
    .returning({ id: trackRecordInvestments.id });
  if (deleted.length === 0) throw notFound('This investment does not exist.');
  await announceChange(ctx, ctx.db);
}

// ---- CSV import ---------------------------------------------------------------------------------

interface CheckedRow {
  rowNumber: number;
  values: string[];
  investment: NewTrackRecordInvestment | null;
  errors: string[];
}

/**
 * Every row through the mapping, then the duplicates: a row for a deal already in the record, or
 * one an earlier row of the same file already brings, is an error too (reported, never saved twice).
 */
function checkRows(table: CsvTable, mapping: ImportMapping, today: Date, existing: Set<string>): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  return table.rows.map((row) => {
    const { investment, errors } = parseRow(row, table.columns, mapping, today);
    if (!investment) return { rowNumber: row.rowNumber, values: row.values, investment, errors };
    const key = duplicateKey(investment);
    const earlier = firstRowOf.get(key);
    const duplicate = existing.has(key)
      ? 'Already in your track record (the same company on the same date)'
      : earlier !== undefined
        ? `The same investment as row ${earlier} of this file`
        : null;
    if (duplicate) return { rowNumber: row.rowNumber, values: row.values, investment: null, errors: [duplicate] };
    firstRowOf.set(key, row.rowNumber);
    return { rowNumber: row.rowNumber, values: row.values, investment, errors };
  });
}

/**
 * What an import would save, before anything is saved: the file's columns, the suggested mapping
 * (or the investor's own), and each row's investment or errors. A mapping that cannot work still
 * previews, with the reason on every row, so the investor can fix it on the same screen.
 */
export async function previewTrackRecordImport(ctx: ServiceContext, input: { csv: string; mapping?: ImportMapping }): Promise<ImportPreview> {
  const table = readCsv(input.csv);
  const mapping = input.mapping ?? suggestMapping(table.columns);
  const problem = mappingProblem(mapping, table.columns);
  const rows: CheckedRow[] = problem
    ? table.rows.map((row) => ({ rowNumber: row.rowNumber, values: row.values, investment: null, errors: [problem] }))
    : checkRows(table, mapping, ctx.clock(), await existingKeys(ctx, ctx.actor.id));
  const validCount = rows.filter((row) => row.investment).length;
  return { columns: table.columns, mapping, rows, validCount, errorCount: rows.length - validCount };
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (9 per row). */
const INSERT_CHUNK = 500;

/**
 * Re-reads and re-checks the whole file on the server (the preview is only advice), then saves
 * every valid row in one transaction: all of them or, if anything fails, none.
 */
export async function importTrackRecord(ctx: ServiceContext, input: { csv: string; mapping: ImportMapping }): Promise<ImportResult> {
  const table = readCsv(input.csv);
  const problem = mappingProblem(input.mapping, table.columns);
  if (problem) throw invalid(problem);
  const today = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    await lockInvestor({ db: tx }, ctx.actor.id);
    const rows = checkRows(table, input.mapping, today, await existingKeys({ db: tx }, ctx.actor.id));
    const valid = rows.flatMap((row) => (row.investment ? [columnsOf(ctx.actor, row.investment)] : []));
    for (let start = 0; start < valid.length; start += INSERT_CHUNK) {
      await tx.insert(trackRecordInvestments).values(valid.slice(start, start + INSERT_CHUNK));
    }
    if (valid.length > 0) await announceChange(ctx, tx);
    ctx.log.info({ saved: valid.length, rejected: rows.length - valid.length }, 'track record imported');
    return {
      saved: valid.length,
      rejected: rows.filter((row) => !row.investment).map((row) => ({ rowNumber: row.rowNumber, reason: row.errors.join('; ') })),
    };
  });
}

// ---- For matching -------------------------------------------------------------------------------

/** What a reader outside the feature needs: the database only (a job, a sweep or a transaction can pass it). */
export type TrackRecordReadContext = Pick<ServiceContext<Actor | null>, 'db'>;

export interface TrackRecordEntry {
  investorId: number;
  companyName: string;
  investedOn: string;
  stage: string;
  industry: string;
  location: string | null;
  countryCode: string | null;
  amountUsd: number | null;
}

/** The investments of these investors, newest first, by investor id (investors without any are absent). */
export async function listTrackRecordsFor(ctx: TrackRecordReadContext, investorIds: readonly number[]): Promise<Map<number, TrackRecordEntry[]>> {
  const byInvestor = new Map<number, TrackRecordEntry[]>();
  if (investorIds.length === 0) return byInvestor;
  const rows = await ctx.db
    .select({
      investorId: trackRecordInvestments.investorId,
      companyName: trackRecordInvestments.companyName,
      investedOn: trackRecordInvestments.investedOn,
      stage: trackRecordInvestments.stage,
      industry: trackRecordInvestments.industry,
      location: trackRecordInvestments.location,
      countryCode: trackRecordInvestments.countryCode,
      amountUsd: trackRecordInvestments.amountUsd,
    })
    .from(trackRecordInvestments)
    .where(inArray(trackRecordInvestments.investorId, [...new Set(investorIds)]))
    .orderBy(asc(trackRecordInvestments.investorId), ...newestFirst);
  for (const row of rows) {
    const list = byInvestor.get(row.investorId) ?? [];
    list.push(row);
    byInvestor.set(row.investorId, list);
  }
  return byInvestor;
}
