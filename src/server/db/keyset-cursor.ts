// Opaque cursors for keyset pagination on (timestamp, id): stable while new rows arrive and
// served by an index. Timestamps have millisecond precision in the schema, so a Date is exact.
import { invalid } from '../app-error';

export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const parsedId = Number(id);
  if (Number.isNaN(at.getTime()) || !Number.isInteger(parsedId)) throw invalid('This page link is no longer valid. Reload and try again.');
  return { at, id: parsedId };
}
