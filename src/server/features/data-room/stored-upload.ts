// The step a first upload and a new version share (docs/data-room.md, "Upload pipeline" and
// "Versions"): check the received bytes against their extension, count a PDF's pages, and move the
// file into the blob store under a server-made key. The caller records it in a transaction and
// deletes the blob if that fails.
import { randomUUID } from 'node:crypto';
import { invalid } from '../../app-error';
import type { DataRoomContext } from './data-room-context';
import { ALLOWED_EXTENSIONS, detectDocumentType, FileRejectedError } from './file-detection';
import { countPdfPages } from './pdf-pages';
import type { ReceivedUpload } from './upload-receiver';

export interface StoredUpload {
  storageKey: string;
  /** The MIME type detected from the bytes, never the client's claim. */
  mimeType: string;
  /** Pages of a PDF, else null. */
  pageCount: number | null;
}

/** 400 on the `file` field when the bytes are not what the extension says. */
export async function checkAndStoreUpload(ctx: Pick<DataRoomContext, 'actor' | 'blobs'>, upload: ReceivedUpload): Promise<StoredUpload> {
  let detected;
  try {
    detected = await detectDocumentType(upload.tmpPath, upload.filename, upload.size);
  } catch (error) {
    if (error instanceof FileRejectedError) throw invalid(error.message, { file: [error.message] });
    throw error;
  }
  // Read from the temp file, before the blob store may move it away.
  const pageCount = detected.mimeType === ALLOWED_EXTENSIONS.pdf ? await countPdfPages(upload.tmpPath) : null;
  // Server-generated key: the user's filename is metadata only and never touches storage.
  const storageKey = `documents/${ctx.actor.id}/${randomUUID()}`;
  await ctx.blobs.putFile(storageKey, upload.tmpPath, { contentType: detected.mimeType, size: upload.size });
  return { storageKey, mimeType: detected.mimeType, pageCount };
}
