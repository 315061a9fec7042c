// The NDA gate's pure rules (issue #20; docs/data-room.md, "Control"): who an acceptance belongs
// to, what a version's hash is, and how the acceptance log is written as CSV. Shared by the
// platform's gate (nda.service.ts) and a secure link's (secure-links, H2), so both name a person
// and a version the same way.
import { createHash } from 'node:crypto';

/**
 * One acceptance per person per version: an account (`user:<id>`) or, for a link visitor without
 * one, the verified email (`email:<lowercased>`), so a visitor does not accept twice by re-typing
 * the email in another case.
 */
export function ndaAcceptorKey(who: { investorId: number } | { email: string }): string {
  return 'investorId' in who ? `user:${who.investorId}` : `email:${who.email.trim().toLowerCase()}`;
}

/** The version's content hash: sha256 of the exact text, hex. An acceptance names this. */
export function ndaContentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A CSV cell that a spreadsheet will not run: a cell starting with = + - @ (or a tab or carriage
 * return, which some programs skip before looking) becomes text with a leading apostrophe (OWASP's
 * advice for CSV injection); then the usual quoting of commas, quotes and line breaks.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text (CRLF line ends, as RFC 4180 writes them). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
