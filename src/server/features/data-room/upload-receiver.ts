// Receives a multipart upload as a stream: the file goes straight to a temp file (hashed and
// counted on the way), never into memory. The 10 MiB limit is enforced while streaming, so an
// oversized upload stops at the limit and leaves nothing behind. A body that cannot be parsed
// (cut off, no boundary, two files, a nameless file...) is the client's fault: it answers 400 with
// a sentence, never 500, and whatever had reached the temp file is removed (issue #12).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { AppError, invalid } from '../../app-error';
import { rejectUnstorableText } from '../../http/input-guards';

export interface ReceivedUpload {
  tmpPath: string;
  filename: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
}

export const TOO_LARGE_MESSAGE = 'This file is larger than 10 MB. Upload a smaller file.';
export const ONE_FILE_MESSAGE = 'Upload one file at a time.';
export const NAMELESS_FILE_MESSAGE = 'The file has no name. Choose the file again.';
export const BAD_FILENAME_MESSAGE = 'The file name contains characters that are not allowed. Rename the file and try again.';
export const UNREADABLE_MESSAGE = 'The upload could not be read. Try again.';
const NOT_MULTIPART_MESSAGE = 'Send the document as a multipart form with a file.';
const CUT_OFF_MESSAGE = 'The upload ended before the whole form arrived. Try again.';
const INTERRUPTED_MESSAGE = 'The upload was interrupted before it finished. Try again.';

// Control characters (C0, DEL, C1) and unpaired UTF-16 surrogates: no real file name has them, a
// NUL cannot be stored at all, and the rest would end up in a Content-Disposition header.
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const UNSAFE_FILENAME = /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const fileError = (message: string) => invalid(message, { file: [message] });

/**
 * The sentence for an error raised while parsing the request body: @fastify/multipart's coded
 * errors, and busboy's plain ones (which carry only a message). Anything unrecognised is still
 * the body's fault, so it is a generic 400, never a 500.
 */
function parseFailure(error: unknown): AppError {
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', TOO_LARGE_MESSAGE, { file: [TOO_LARGE_MESSAGE] });
    case 'FST_FILES_LIMIT':
      return fileError(ONE_FILE_MESSAGE);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid('The upload form has too many fields. Send the file, its name and its type only.');
    case 'FST_PROTO_VIOLATION':
      return invalid('The upload form has a field name that is not allowed.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalid(NOT_MULTIPART_MESSAGE, { file: ['Please select a file to upload.'] });
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return invalid(INTERRUPTED_MESSAGE);
  }
  // busboy: "Multipart: Boundary not found" (constructor), "Unexpected end of multipart data" and
  // "Part terminated early due to unexpected end of multipart data" (body cut off, or garbage
  // where a boundary should be).
  if (/boundary (not found|required)/i.test(message)) return invalid(`${NOT_MULTIPART_MESSAGE} The form's boundary is missing.`);
  if (/unexpected end of multipart data/i.test(message)) return invalid(CUT_OFF_MESSAGE);
  if (message === 'aborted') return invalid(INTERRUPTED_MESSAGE);
  return invalid(UNREADABLE_MESSAGE);
}

function checkField(part: MultipartValue): string {
  if (part.fieldname === '') throw invalid('The upload form has a field without a name.');
  // busboy sends a part without a filename as a text field: a "file" that lost its name.
  if (part.fieldname === 'file') throw fileError(NAMELESS_FILE_MESSAGE);
  const value = String(part.value);
  // PostgreSQL cannot store a NUL: refused here with the field's name rather than failing the insert.
  rejectUnstorableText({ [part.fieldname]: value });
  return value;
}

function checkFilePart(part: MultipartFile): void {
  if (part.fieldname === '') throw invalid('The upload form has a field without a name.');
  if (part.fieldname !== 'file') return; // ignored below
  if (!part.filename) throw fileError(NAMELESS_FILE_MESSAGE);
  if (UNSAFE_FILENAME.test(part.filename)) throw fileError(BAD_FILENAME_MESSAGE);
}

export async function receiveUpload(request: FastifyRequest, tmpDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw invalid(NOT_MULTIPART_MESSAGE, { file: ['Please select a file to upload.'] });
  await mkdir(tmpDir, { recursive: true });
  // A client gone before we start would leave the parser waiting for a body that never comes.
  if (request.raw.destroyed) throw invalid(INTERRUPTED_MESSAGE);
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  let sink: WriteStream | undefined;
  // Set only when the temp file itself fails: a disk failure is ours (500), not the client's.
  let storageError: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = checkField(part);
        continue;
      }
      try {
        checkFilePart(part);
      } catch (error) {
        part.file.resume(); // let the rest of the body flow, so the answer is not stuck behind it
        throw error;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume(); // drain anything we do not want
        continue;
      }
      const tmpPath = path.join(tmpDir, `upload-${randomUUID()}`);
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      received = { tmpPath, filename: part.filename, size: 0, sha256: '' };
      const tmpFile = (sink = createWriteStream(tmpPath));
      // pipeline() also destroys the sink when the client's side fails (the part's stream errored,
      // or closed before its end). An error while the client's side is sound is the disk's own.
      tmpFile.once('error', (error) => {
        const hasClientFailed = part.file.errored !== null || (part.file.destroyed && !part.file.readableEnded);
        if (!hasClientFailed) storageError = error;
      });
      // Rejects when the client goes away mid-file too: @fastify/multipart destroys the part's
      // stream with an error when the request closes early, so this never waits forever.
      await pipeline(part.file, measure, tmpFile);
      received = { tmpPath, filename: part.filename, size, sha256: hash.digest('hex') };
    }
  } catch (error) {
    // The temp file is opened asynchronously: a body that fails at once can beat the open, and a
    // file removed before it exists would be created afterwards. Wait for the stream to close.
    const openSink = sink;
    if (openSink && !openSink.closed) await new Promise<void>((resolve) => openSink.once('close', () => resolve()));
    if (received) await rm(received.tmpPath, { force: true });
    if (error instanceof AppError) throw error;
    if (storageError !== undefined) throw storageError;
    throw parseFailure(error);
  }
  if (!received) throw fileError('Please select a file to upload.');
  return { ...received, fields };
}
