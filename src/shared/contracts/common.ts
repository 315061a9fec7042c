// Number rules every contract shares. Ids and counts live in PostgreSQL `integer` (int4) columns,
// so a value past 2^31 - 1 must be refused here with a sentence; left to the database it is an
// "out of range" error, which surfaces as a 500 (issue #12). One message covers every way a value
// can be wrong (not a number, a fraction, zero, too large), so the user reads one clear sentence.
import { z } from 'zod';

/** The largest value a PostgreSQL `integer` column holds. */
export const MAX_INT4 = 2_147_483_647;

export const ID_MESSAGE = 'The id must be a positive whole number.';

/** A whole number in [min, max] in a JSON body: must already be a number (no strings). */
export function boundedInt(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A whole number in [min, max] in a path or query string, which arrive as text and are coerced. */
export function boundedIntParam(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A row id in a path or query string: a whole number from 1 to 2^31 - 1. */
export function idParam(message = ID_MESSAGE) {
  return boundedIntParam(1, MAX_INT4, message);
}

/** A row id in a JSON body: a number (not a string) from 1 to 2^31 - 1. */
export function idField(message = ID_MESSAGE) {
  return boundedInt(1, MAX_INT4, message);
}
