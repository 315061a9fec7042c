// What a file really is, from its bytes (docs/data-room.md, upload pipeline step 3). The extension
// must be on the allowlist AND agree with the detected content; the stored MIME type comes from
// here, never from the client's claim. HTML, SVG and scripts are refused under any name.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { inspectZip } from './zip-inspection';

/** The upload dialog's list of accepted file types, with the MIME type we store and serve for each. */
export const ALLOWED_EXTENSIONS = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;
export type AllowedExtension = keyof typeof ALLOWED_EXTENSIONS;

// What file-type reports for each allowed extension. OLE2 containers (doc/xls/ppt) are 'cfb'.
const EXPECTED_DETECTION: Record<AllowedExtension, string | null> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  doc: 'cfb',
  xls: 'cfb',
  ppt: 'cfb',
  txt: null,
  csv: null,
};

// Markup that a browser could render as a page or run as script, even when sent as text.
const ACTIVE_TEXT = /^\s*(<!doctype\s+html|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed|<meta|<link)/i;
const TEXT_SNIFF_BYTES = 64 * 1024;
// DOCX, XLSX and PPTX are ZIP packages: each one is checked for a zip bomb before anything opens it.
const ZIP_PACKAGES = new Set<AllowedExtension>(['docx', 'xlsx', 'pptx']);
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

export class FileRejectedError extends Error {}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text files must be valid UTF-8 without NUL bytes, and not markup in disguise. */
async function checkPlainText(filePath: string, size: number): Promise<void> {
  // Valid UTF-8 over the whole file: stream through a fatal decoder.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const handle = await open(filePath, 'r');
  try {
    const chunk = Buffer.alloc(64 * 1024);
    for (let position = 0; position < size;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const slice = chunk.subarray(0, bytesRead);
      if (slice.includes(0)) throw new FileRejectedError('This text file contains binary data. Upload a plain text or CSV file.');
      try {
        decoder.decode(slice, { stream: true });
      } catch {
        throw new FileRejectedError('This text file is not valid UTF-8 text.');
      }
      position += bytesRead;
    }
    decoder.decode();
  } catch (error) {
    if (error instanceof FileRejectedError) throw error;
    throw new FileRejectedError('This text file is not valid UTF-8 text.');
  } finally {
    await handle.close();
  }
  const head = (await readHead(filePath, Math.min(size, TEXT_SNIFF_BYTES))).toString('utf8').replace(/^\uFEFF/, '');
  if (ACTIVE_TEXT.test(head)) throw new FileRejectedError('Web pages, SVG images and scripts cannot be uploaded.');
}

/**
 * Checks a finished upload against its filename. Returns the MIME type to store, or throws
 * FileRejectedError with a sentence for the user.
 */
export async function detectDocumentType(filePath: string, filename: string, size: number): Promise<{ extension: AllowedExtension; mimeType: string }> {
  const extension = extensionOf(filename);
  if (!(extension in ALLOWED_EXTENSIONS)) {
    throw new FileRejectedError(
      `Files of type ${extension ? `.${extension}` : 'without an extension'} cannot be uploaded. Allowed: ${Object.keys(ALLOWED_EXTENSIONS).join(', ')}.`,
    );
  }
  const allowed = extension as AllowedExtension;
  if (size === 0) throw new FileRejectedError('This file is empty.');

  // Before the type sniffing (which itself inflates a ZIP entry) and long before any preview.
  if (ZIP_PACKAGES.has(allowed) && (await readHead(filePath, ZIP_SIGNATURE.length)).equals(ZIP_SIGNATURE)) {
    const inspection = await inspectZip(filePath);
    if (!inspection.ok) throw new FileRejectedError(inspection.message);
  }
  const detected = await fileTypeFromFile(filePath);
  const expected = EXPECTED_DETECTION[allowed];
  if (expected === null) {
    // Text formats have no signature: anything with one (an executable, a PDF, an image) is not text.
    if (detected && detected.ext !== 'xml') throw new FileRejectedError(`This file is not plain text, so it cannot be uploaded as .${allowed}.`);
    await checkPlainText(filePath, size);
  } else if (detected?.ext !== expected) {
    throw new FileRejectedError(`This file's contents do not match its .${allowed} extension.`);
  }
  return { extension: allowed, mimeType: ALLOWED_EXTENSIONS[allowed] };
}
