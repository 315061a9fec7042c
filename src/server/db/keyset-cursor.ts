// Opaque cursors for keyset pagination on (timestamp, id): stable while new rows arrive and
// served by an index. Timestamps have millisecond precision in the schema, so a Date is exact.
// A cursor comes back from the client, so it is untrusted text: anything that is not exactly what
// encodeCursor writes, with a plausible time and an id PostgreSQL's `integer` can hold, is a 400.
// (An id past 2^31 - 1 or a date past year 275760 used to reach the query and answer 500.)
import { invalid } from '../app-error';

export const INVALID_CURSOR_MESSAGE = 'That page link is no longer valid. Reload and try again.';

// Rows are created by this app, so their times fall well inside these years.
const MIN_YEAR = 2000;
const MAX_YEAR = 9999;
const MAX_ID = 2_147_483_647;
// Exactly Date#toISOString's output for years 0000–9999, then `|` and a positive id without padding.
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,9})$/;

export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: number } {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid(INVALID_CURSOR_MESSAGE);
  const iso = match[1]!;
  const at = new Date(iso);
  const id = Number(match[2]);
  // The round trip refuses dates that Date would roll over (February 30th becomes March 2nd).
  const isRealTime = !Number.isNaN(at.getTime()) && at.toISOString() === iso;
  const year = at.getUTCFullYear();
  if (!isRealTime || year < MIN_YEAR || year > MAX_YEAR || id > MAX_ID) throw invalid(INVALID_CURSOR_MESSAGE);
  return { at, id };
}
