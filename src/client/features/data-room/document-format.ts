// How documents are described on screen: sizes in the spec's units, a short label for each
// detected MIME type, and which previewer (if any) can show it.
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@shared/contracts/documents';

const KB = 1024;
const MB = 1024 * 1024;

/** B under 1024; KB with one decimal under 1 MB; otherwise MB (one decimal too). */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

export type PreviewKind = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'txt';

interface KindInfo {
  label: string;
  preview: PreviewKind | null;
}

// Keyed by the MIME types the server stores (its detection, never the uploader's claim).
const KINDS: Record<string, KindInfo> = {
  'application/pdf': { label: 'PDF', preview: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'DOCX', preview: 'docx' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { label: 'XLSX', preview: 'xlsx' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { label: 'PPTX', preview: null },
  'application/msword': { label: 'DOC', preview: null },
  'application/vnd.ms-excel': { label: 'XLS', preview: null },
  'application/vnd.ms-powerpoint': { label: 'PPT', preview: null },
  'text/plain': { label: 'TXT', preview: 'txt' },
  'text/csv': { label: 'CSV', preview: 'csv' },
};

/** The label and previewer for a stored MIME type ("text/csv; charset=utf-8" → CSV, csv). */
export function documentKind(mimeType: string): KindInfo {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  return KINDS[base] ?? { label: 'File', preview: null };
}

/** The picker's accept list, as the input's `accept` attribute. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const UPLOAD_LIMIT_MESSAGE = 'This file is larger than 10 MB. Choose a file of 10 MB or less.';

/**
 * What is wrong with a chosen file before it is sent, or null. The server checks all of this
 * again (and the bytes themselves); this only spares the user a wasted upload.
 */
export function checkChosenFile(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return `Files of type ${extension ? `.${extension}` : 'without an extension'} cannot be uploaded. Choose a PDF, Word, Excel, PowerPoint, text or CSV file.`;
  }
  if (file.size === 0) return 'This file is empty. Choose another file.';
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_LIMIT_MESSAGE;
  return null;
}

/** "report.final.pdf" → "report.final": the suggested document name. */
export function nameFromFilename(filename: string): string {
  return filename
    .replace(/\.[^.]+$/, '')
    .trim()
    .slice(0, 200);
}

/** "2m 05s", "45s", "1h 12m": how long previews stayed open. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes}m ${String(totalSeconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

export const pluralize = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const shortDateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** An instant as a local calendar date: "Mar 14, 2026". */
export function formatShortDate(iso: string): string {
  return shortDateFormat.format(new Date(iso));
}
