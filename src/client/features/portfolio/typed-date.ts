// Dates as people type them and as the API stores them (spec §9: MM/dd/yyyy on screen; the API
// takes yyyy-MM-dd). Pure functions, unit-tested in tests/unit/portfolio-values.test.ts.
import { format, isValid, parse } from 'date-fns';

/** Spec §9: dates read and show as MM/dd/yyyy; the API takes yyyy-MM-dd. */
export const DISPLAY_DATE_FORMAT = 'MM/dd/yyyy';
const ISO_DATE_FORMAT = 'yyyy-MM-dd';

/** A typed date ("06/30/2025", "6/30/2025" or "2025-06-30") as yyyy-MM-dd, or null if it is not one. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  for (const pattern of [DISPLAY_DATE_FORMAT, 'M/d/yyyy', ISO_DATE_FORMAT]) {
    const date = parse(trimmed, pattern, new Date(2000, 0, 1));
    // date-fns accepts any number of year digits; four keeps "6/30/25" from meaning the year 25.
    if (isValid(date) && /\d{4}$|^\d{4}/.test(trimmed)) return format(date, ISO_DATE_FORMAT);
  }
  return null;
}

/** yyyy-MM-dd as MM/dd/yyyy (anything else is returned unchanged). */
export function toDisplayDate(iso: string): string {
  const date = parse(iso, ISO_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : iso;
}

/** yyyy-MM-dd as a local Date at midnight (what the calendar selects), or undefined. */
export function isoToLocalDate(iso: string | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = parse(iso, ISO_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? date : undefined;
}

export const localDateToIso = (date: Date) => format(date, ISO_DATE_FORMAT);
