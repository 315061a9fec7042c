// An investor's track record (issue #19; docs/track-record.md): past investments added one by one
// or imported from CSV (a preview that maps columns and lists row errors, then an import that saves
// the valid rows in one transaction), and the public view with counts by stage and industry.
import { z } from 'zod';
import { INDUSTRIES, STAGES } from '../enums';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { isCalendarDate } from './portfolio';

/** Whole US dollars; the largest amount anyone types for one investment. */
export const MAX_TRACK_RECORD_AMOUNT = 100_000_000_000;
export const MIN_TRACK_RECORD_DATE = '1900-01-01';
export const MAX_COMPANY_NAME_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 100;
export const MAX_LINK_LENGTH = 2048;

/** An import takes at most this much text (about 1 MB) and this many rows; bigger files are split. */
export const MAX_IMPORT_CSV_CHARS = 1_000_000;
export const MAX_IMPORT_ROWS = 2_000;
export const IMPORT_TOO_LARGE_MESSAGE = 'This file is too large: import at most 1 MB (2,000 investments) at a time, or split it into smaller files.';
export const IMPORT_TOO_MANY_ROWS_MESSAGE = 'This file has more than 2,000 rows: import at most 2,000 investments at a time, or split it into smaller files.';

export const COMPANY_NAME_MESSAGE = 'Please enter the company name';
export const DATE_MISSING_MESSAGE = 'Please enter the date of the investment';
export const DATE_INVALID_MESSAGE = 'Please enter a valid date';
export const DATE_FUTURE_MESSAGE = 'The date of an investment cannot be in the future';
export const STAGE_MESSAGE = 'Please choose a stage';
export const INDUSTRY_MESSAGE = 'Please choose an industry';
export const AMOUNT_NEGATIVE_MESSAGE = 'The amount cannot be negative';
export const LINK_MESSAGE = 'A link must be a web address starting with http:// or https://';

/**
 * Whether a calendar date (YYYY-MM-DD) lies after `today`. One day of slack: the browser and the
 * server may sit in different time zones, and the furthest-ahead zone is 14 hours ahead of UTC.
 * The server passes its clock (services never read the wall clock); forms pass the browser's.
 */
export function isAfterToday(value: string, today: Date): boolean {
  const tomorrow = new Date(today.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value > tomorrow;
}

export const isHttpLink = (value: string) => z.url({ protocol: /^https?$/ }).safeParse(value).success;

/** The fields of one investment: the form, the API and each imported row follow these rules. */
export const TrackRecordInvestmentBody = z.strictObject({
  companyName: z
    .string({ error: COMPANY_NAME_MESSAGE })
    .trim()
    .min(1, COMPANY_NAME_MESSAGE)
    .max(MAX_COMPANY_NAME_LENGTH, `The company name must be at most ${MAX_COMPANY_NAME_LENGTH} characters`),
  investedOn: z
    .string({ error: DATE_MISSING_MESSAGE })
    .trim()
    .min(1, { message: DATE_MISSING_MESSAGE, abort: true })
    .refine((value) => isCalendarDate(value) && value >= MIN_TRACK_RECORD_DATE, DATE_INVALID_MESSAGE),
  stage: z.enum(STAGES, { error: STAGE_MESSAGE }),
  industry: z.enum(INDUSTRIES, { error: INDUSTRY_MESSAGE }),
  location: z
    .string()
    .trim()
    .max(MAX_LOCATION_LENGTH, `The location must be at most ${MAX_LOCATION_LENGTH} characters`)
    .nullish()
    .transform((value) => value || null),
  amountUsd: z
    .number({ error: 'Enter the amount as a number of US dollars' })
    .int('Enter the amount in whole US dollars')
    .min(0, AMOUNT_NEGATIVE_MESSAGE)
    .max(MAX_TRACK_RECORD_AMOUNT, 'The amount must be at most $100B')
    .nullish()
    .transform((value) => value ?? null),
  link: z
    .string()
    .trim()
    .max(MAX_LINK_LENGTH, LINK_MESSAGE)
    .refine((value) => value === '' || isHttpLink(value), LINK_MESSAGE)
    .nullish()
    .transform((value) => value || null),
});
export type TrackRecordInvestmentInput = z.input<typeof TrackRecordInvestmentBody>;
/** One investment after parsing: optional fields are null when absent. */
export type NewTrackRecordInvestment = z.output<typeof TrackRecordInvestmentBody>;

export const TrackRecordInvestment = z.object({
  id: z.number(),
  companyName: z.string(),
  investedOn: z.string(),
  stage: z.string(),
  industry: z.string(),
  location: z.string().nullable(),
  /** ISO 3166-1 alpha-2, derived from the location when it names a country; else null. */
  countryCode: z.string().nullable(),
  amountUsd: z.number().nullable(),
  link: z.string().nullable(),
});
export type TrackRecordInvestment = z.infer<typeof TrackRecordInvestment>;

const CountBy = z.array(z.object({ label: z.string(), count: z.number().int() }));

/** Counts for the chart: stages in the spec's order, industries most investments first. */
export const TrackRecordSummary = z.object({
  total: z.number().int(),
  byStage: CountBy,
  byIndustry: CountBy,
  firstYear: z.number().int().nullable(),
  lastYear: z.number().int().nullable(),
});
export type TrackRecordSummary = z.infer<typeof TrackRecordSummary>;

/** Newest first. */
export const TrackRecord = z.object({ investments: z.array(TrackRecordInvestment), summary: TrackRecordSummary });
export type TrackRecord = z.infer<typeof TrackRecord>;

// ---- CSV import ---------------------------------------------------------------------------------

/** The investment fields a CSV column can fill, in the order the preview shows them. */
export const IMPORT_FIELDS = ['companyName', 'investedOn', 'stage', 'industry', 'location', 'amountUsd', 'link'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Without a column for each of these, no row can be valid: the import refuses the mapping. */
export const REQUIRED_IMPORT_FIELDS = ['companyName', 'investedOn', 'stage', 'industry'] as const satisfies readonly ImportField[];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  companyName: 'Company',
  investedOn: 'Date',
  stage: 'Stage',
  industry: 'Industry',
  location: 'Location',
  amountUsd: 'Amount (USD)',
  link: 'Link',
};

const columnName = z.string().max(200, 'A column name must be at most 200 characters').nullable();
/** Which column of the file fills each field (null: none). */
export const ImportMapping = z.strictObject({
  companyName: columnName,
  investedOn: columnName,
  stage: columnName,
  industry: columnName,
  location: columnName,
  amountUsd: columnName,
  link: columnName,
});
export type ImportMapping = z.infer<typeof ImportMapping>;

const csvText = z.string({ error: 'Please choose a CSV file or paste its contents' }).max(MAX_IMPORT_CSV_CHARS, IMPORT_TOO_LARGE_MESSAGE);

export const ImportPreviewBody = z.strictObject({
  csv: csvText,
  /** The investor's own choice of columns, once they changed the suggested one. */
  mapping: ImportMapping.optional(),
});
export const ImportBody = z.strictObject({ csv: csvText, mapping: ImportMapping });

export const ImportPreviewRow = z.object({
  /** The line's number in the file as a spreadsheet shows it (the header is row 1). */
  rowNumber: z.number().int(),
  /** The row's cells, in the order of `columns`. */
  values: z.array(z.string()),
  /** The investment the row becomes, when it has no errors. */
  investment: z
    .object({
      companyName: z.string(),
      investedOn: z.string(),
      stage: z.string(),
      industry: z.string(),
      location: z.string().nullable(),
      amountUsd: z.number().nullable(),
      link: z.string().nullable(),
    })
    .nullable(),
  errors: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

export const ImportPreview = z.object({
  columns: z.array(z.string()),
  // The same fields as a plain object: a response writes exactly these and drops anything else.
  mapping: z.object(ImportMapping.shape),
  rows: z.array(ImportPreviewRow),
  validCount: z.number().int(),
  errorCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  saved: z.number().int(),
  rejected: z.array(z.object({ rowNumber: z.number().int(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResult>;

// ---- Endpoints ----------------------------------------------------------------------------------

const IdParams = z.strictObject({ id: idParam() });

export const getOwnTrackRecord = defineEndpoint({ method: 'GET', path: '/api/investor/track-record', response: TrackRecord });
export const createTrackRecordInvestment = defineEndpoint({
  method: 'POST',
  path: '/api/investor/track-record',
  body: TrackRecordInvestmentBody,
  response: TrackRecordInvestment,
  successStatus: 201,
});
export const updateTrackRecordInvestment = defineEndpoint({
  method: 'PUT',
  path: '/api/investor/track-record/:id',
  params: IdParams,
  body: TrackRecordInvestmentBody,
  response: TrackRecordInvestment,
});
export const deleteTrackRecordInvestment = defineEndpoint({
  method: 'DELETE',
  path: '/api/investor/track-record/:id',
  params: IdParams,
  response: z.null(),
  successStatus: 204,
});
export const previewTrackRecordImport = defineEndpoint({
  method: 'POST',
  path: '/api/investor/track-record/import/preview',
  body: ImportPreviewBody,
  response: ImportPreview,
});
export const importTrackRecord = defineEndpoint({ method: 'POST', path: '/api/investor/track-record/import', body: ImportBody, response: ImportResult });
export const getInvestorTrackRecord = defineEndpoint({ method: 'GET', path: '/api/investors/:id/track-record', params: IdParams, response: TrackRecord });
