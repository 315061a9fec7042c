// Calendar days as the API stores them (YYYY-MM-DD, no time, no zone) and as the spec shows them
// (MM/dd/yyyy). Read as local dates, so a day never shifts with the browser's time zone.
// Kept free of date-fns so screens that only display dates do not load the date library.

export const DISPLAY_DATE_FORMAT = 'MM/dd/yyyy';

/** A stored YYYY-MM-DD as a local date (midnight), or undefined when empty or not a real day. */
export function parseCalendarDate(value: string | null | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A local date as the stored YYYY-MM-DD. */
export function toCalendarDateValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored YYYY-MM-DD in the spec's display format, MM/dd/yyyy; null when empty. */
export function formatDisplayDate(value: string | null | undefined): string | null {
  const date = parseCalendarDate(value);
  return date ? `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear(), 4)}` : null;
}
