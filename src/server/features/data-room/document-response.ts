// How a document's bytes go out, for the platform's content route and a secure link's (issue #20):
// the safe serving headers of docs/data-room.md ("Reading"), Range support, and the 416 answer.
import path from 'node:path';
import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { ALLOWED_EXTENSIONS } from './file-detection';
import type { ByteRange } from '../../storage/blob-store';

// Only these render safely inline in a preview; everything else is always downloaded.
const INLINE_TYPES = new Set<string>([ALLOWED_EXTENSIONS.pdf, ALLOWED_EXTENSIONS.txt, ALLOWED_EXTENSIONS.csv]);

function extensionForType(mimeType: string): string {
  return Object.entries(ALLOWED_EXTENSIONS).find(([, type]) => type === mimeType)?.[0] ?? 'bin';
}

// Old clients read only `filename=`; give them a plain-ASCII version and the exact name in `filename*`.
function asciiFallback(filename: string): string {
  return (
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'document'
  );
}

/** 416 for a Range outside the document. */
export function sendUnsatisfiableRange(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .code(416)
    .header('Content-Range', `bytes */${size}`)
    .header('Cache-Control', 'private, no-store')
    .send({ message: 'The requested range is outside the document.' });
}

/**
 * Sends a document's bytes (a stream of the stored file, or bytes built for this request such as
 * a stamped PDF) with the safe headers. `range` is the part being sent, if only a part; `size` is
 * the whole length of what `body` belongs to.
 */
export function sendDocumentBody(
  reply: FastifyReply,
  input: {
    document: { name: string; type: string };
    body: Readable | Uint8Array;
    size: number;
    range?: ByteRange | null;
    disposition?: 'inline' | 'attachment';
    acceptRanges: boolean;
  },
): FastifyReply {
  const { document, range } = input;
  const filename = path.basename(`${document.name}.${extensionForType(document.type)}`);
  const isInline = input.disposition === 'inline' && INLINE_TYPES.has(document.type);
  reply
    .header('Content-Type', document.type)
    .header('Content-Disposition', contentDisposition(filename, { type: isInline ? 'inline' : 'attachment', fallback: asciiFallback(filename) }))
    .header('X-Content-Type-Options', 'nosniff')
    // Even if a browser renders it, the response can run nothing and reach nothing.
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', input.acceptRanges ? 'bytes' : 'none');
  if (range)
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${input.size}`)
      .header('Content-Length', range.end - range.start + 1);
  else reply.header('Content-Length', input.size);
  return reply.send(input.body instanceof Uint8Array ? Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength) : input.body);
}
