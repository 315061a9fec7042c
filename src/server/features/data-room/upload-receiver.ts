// Receives a multipart upload as a stream: the file goes straight to a temp file (hashed and
// counted on the way), never into memory. The 10 MiB limit is enforced while streaming, so an
// oversized upload stops at the limit and leaves nothing behind.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // request.parts() and isMultipart() types
import { AppError, invalid } from '../../app-error';

export interface ReceivedUpload {
  tmpPath: string;
  filename: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
}

export const TOO_LARGE_MESSAGE = 'This file is larger than 10 MB. Upload a smaller file.';

export async function receiveUpload(request: FastifyRequest, tmpDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw invalid('Send the document as a multipart form with a file.', { file: ['Please select a file to upload.'] });
  await mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
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
      await pipeline(part.file, measure, createWriteStream(tmpPath));
      received = { tmpPath, filename: part.filename, size, sha256: hash.digest('hex') };
    }
  } catch (error) {
    if (received) await rm(received.tmpPath, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TOO_LARGE_MESSAGE, { file: [TOO_LARGE_MESSAGE] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('Upload one file at a time.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw invalid('Send the document as a multipart form with a file.');
    throw error;
  }
  if (!received) throw invalid('Please select a file to upload.', { file: ['Please select a file to upload.'] });
  return { ...received, fields };
}
