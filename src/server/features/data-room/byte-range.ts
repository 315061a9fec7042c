// HTTP Range parsing for document previews (pdf.js fetches large PDFs in pieces).
import type { ByteRange } from '../../storage/blob-store';

/**
 * Parses a single `bytes=` range against the object size. Returns undefined for no (or an
 * unsupported multi-part) range, which means "send everything", and 'unsatisfiable' for 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return undefined;
  if (size === 0) return 'unsatisfiable';
  if (startText === '') {
    // A suffix range: the last N bytes.
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
