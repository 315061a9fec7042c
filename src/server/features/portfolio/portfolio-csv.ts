// The portfolio as a CSV file for spreadsheet apps: papaparse writes it (RFC 4180 quoting, CRLF
// line ends), with a UTF-8 BOM so Excel reads accents, and a trailing line end after the last row.
import Papa from 'papaparse';
import type { PortfolioCompany } from '../../../shared/contracts/portfolio';
import { formatDollars } from '../../../shared/enums';

export const PORTFOLIO_CSV_HEADER = [
  'Company',
  'Industry',
  'Stage',
  'Website',
  'Investment date',
  'Investment (USD)',
  'Investment',
  'Performance',
  'Description',
];

// A text cell starting with = + - @ (or a tab, CR or LF, or the full-width forms of the four signs)
// is run as a formula by spreadsheet apps: papaparse puts an apostrophe in front, which makes it
// plain text (OWASP "CSV injection"). Numbers are left alone.
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export type CsvCell = string | number | null;

/** A header row and data rows as CSV text, safe to open in a spreadsheet. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const body = Papa.unparse([[...header], ...rows.map((row) => [...row])], { newline: '\r\n', escapeFormulae: FORMULA_START });
  return `\uFEFF${body}\r\n`;
}

export function portfolioCsv(companies: readonly PortfolioCompany[]): string {
  return toCsv(
    PORTFOLIO_CSV_HEADER,
    companies.map((company) => [
      company.companyName,
      company.industry,
      company.stage,
      company.website,
      company.investmentDate,
      company.investmentAmount,
      formatDollars(company.investmentAmount),
      company.performance,
      company.description,
    ]),
  );
}
