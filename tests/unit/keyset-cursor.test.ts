// Keyset cursors come back from the client, so decoding is a parser of untrusted text (issue #12):
// whatever it is given, it returns a time and an id PostgreSQL can hold, or throws the one 400.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/app-error';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from '../../src/server/db/keyset-cursor';

const MAX_ID = 2 ** 31 - 1;
const encodeText = (text: string) => Buffer.from(text).toString('base64url');

/** The decoder's outcome: the position, or the error it threw (anything but the 400 fails the test). */
function outcome(cursor: string): { at: Date; id: number } | 'refused' {
  try {
    return decodeCursor(cursor);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe(INVALID_CURSOR_MESSAGE);
    return 'refused';
  }
}

const plausibleTimes = fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });

describe('keyset cursors', () => {
  it('uses the issue’s wording', () => {
    expect(INVALID_CURSOR_MESSAGE).toBe('That page link is no longer valid. Reload and try again.');
  });

  it('round-trips every plausible position', () => {
    fc.assert(
      fc.property(plausibleTimes, fc.integer({ min: 1, max: MAX_ID }), (at, id) => {
        expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
      }),
    );
  });

  it('turns any text into a storable position or the 400, never another error', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.base64String(),
      fc.string({ unit: 'binary' }).map(encodeText),
      // Near misses of the real format: any time JavaScript can hold, any number as the id.
      fc
        .tuple(fc.date({ noInvalidDate: true }), fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE)))
        .map(([at, id]) => encodeText(`${at.toISOString()}|${id}`)),
    );
    fc.assert(
      fc.property(texts, (cursor) => {
        const result = outcome(cursor);
        if (result === 'refused') return;
        expect(Number.isInteger(result.id) && result.id >= 1 && result.id <= MAX_ID).toBe(true);
        expect(result.at.getUTCFullYear()).toBeGreaterThanOrEqual(2000);
        expect(result.at.getUTCFullYear()).toBeLessThanOrEqual(9999);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses times and ids out of range', () => {
    const outOfRangeTimes = fc.oneof(
      fc.date({ min: new Date(-8.64e15), max: new Date('1999-12-31T23:59:59.999Z'), noInvalidDate: true }),
      fc.date({ min: new Date('+010000-01-01T00:00:00.000Z'), max: new Date(8.64e15), noInvalidDate: true }),
    );
    const badIds = fc.oneof(fc.integer({ min: -(2 ** 31), max: 0 }), fc.integer({ min: MAX_ID + 1, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(outOfRangeTimes, fc.integer({ min: 1, max: MAX_ID }), (at, id) => {
        expect(outcome(encodeCursor(at, id))).toBe('refused');
      }),
    );
    fc.assert(
      fc.property(plausibleTimes, badIds, (at, id) => {
        expect(outcome(encodeCursor(at, id))).toBe('refused');
      }),
    );
  });

  it.each([
    ['past year 275760', '+275760-09-13T00:00:00.000Z|1'],
    ['year 0', '0000-12-31T23:59:59.999Z|1'],
    ['a rolled-over date', '2026-02-30T00:00:00.000Z|1'],
    ['a time without milliseconds', '2026-01-01T00:00:00Z|1'],
    ['a padded id', '2026-01-01T00:00:00.000Z|007'],
    ['a fractional id', '2026-01-01T00:00:00.000Z|1.5'],
    ['an exponent id', '2026-01-01T00:00:00.000Z|1e3'],
    ['an id past 2^31 - 1', '2026-01-01T00:00:00.000Z|2147483648'],
    ['a missing id', '2026-01-01T00:00:00.000Z|'],
    ['a third part', '2026-01-01T00:00:00.000Z|1|2'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(outcome(encodeText(text))).toBe('refused');
  });
});
