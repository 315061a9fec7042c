// Issue #21: how many pages a stored PDF has, read once at upload (and for older documents the
// first time their analytics need it), so page events outside the document can be refused.
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';

/** The page count of a PDF, or null when pdf-lib cannot read it (the viewer may still draw it). */
export async function countPdfPages(source: string | Uint8Array): Promise<number | null> {
  try {
    const bytes = typeof source === 'string' ? await readFile(source) : source;
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return pdf.getPageCount();
  } catch {
    return null;
  }
}
