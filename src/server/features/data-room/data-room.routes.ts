// Data room endpoints (spec §7, issue #5). Thin: access level, parse, one service call. The
// content route adds the safe serving headers of the data-room guide.
import path from 'node:path';
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import * as contracts from '../../../shared/contracts/documents';
import { defineRoute } from '../../http/route';
import type { BlobStore } from '../../storage/blob-store';
import { ALLOWED_EXTENSIONS } from './file-detection';
import { parseByteRange } from './byte-range';
import * as dataRoom from './data-room.service';
import { receiveUpload } from './upload-receiver';

// Only these render safely inline in a preview; everything else is always downloaded.
const INLINE_TYPES = new Set<string>([ALLOWED_EXTENSIONS.pdf, ALLOWED_EXTENSIONS.txt, ALLOWED_EXTENSIONS.csv]);

function extensionForType(mimeType: string): string {
  return Object.entries(ALLOWED_EXTENSIONS).find(([, type]) => type === mimeType)?.[0] ?? 'bin';
}

// Old clients read only `filename=`; give them a plain-ASCII version and the exact name in `filename*`.
function asciiFallback(filename: string): string {
  return filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'document';
}

export async function registerDataRoomRoutes(app: FastifyInstance, options: { blobs: BlobStore; uploadTmpDir: string }): Promise<void> {
  await app.register(multipart, {
    // One file of at most 10 MiB and a few short fields; the limit is enforced while streaming.
    // A part's header block (a browser sends two lines) keeps at most 20 lines, not busboy's 2000.
    limits: { fileSize: contracts.MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 20 },
  });
  const deps: dataRoom.DataRoomDeps = { db: app.db, blobs: options.blobs, now: app.clock, events: app.events };

  defineRoute(app, contracts.listDocuments, 'user', ({ actor }) => dataRoom.listDocuments(deps, actor));

  defineRoute(app, contracts.uploadDocument, 'startup', async ({ actor, request }) => {
    const upload = await receiveUpload(request, options.uploadTmpDir);
    return dataRoom.storeUploadedDocument(deps, actor, upload, request.ip);
  });

  defineRoute(app, contracts.deleteDocument, 'startup', async ({ actor, params, request }) => {
    await dataRoom.deleteDocument(deps, actor, params.id, request.ip);
    return { ok: true as const };
  });

  defineRoute(app, contracts.getDocumentContent, 'user', async ({ actor, params, query, request, reply }) => {
    const rangeHeader = request.headers.range;
    const document = await dataRoom.findReadableDocument(deps, actor, params.id, { ip: request.ip, isFirstChunk: !rangeHeader || /^bytes=0-/.test(rangeHeader) });
    const range = parseByteRange(rangeHeader, document.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${document.size}`).header('Cache-Control', 'private, no-store').send({ message: 'The requested range is outside the document.' });
    }
    const stream = await dataRoom.streamDocument(deps, document, range);
    const filename = path.basename(`${document.name}.${extensionForType(document.type)}`);
    const isInline = query.disposition === 'inline' && INLINE_TYPES.has(document.type);
    reply
      .header('Content-Type', document.type)
      .header('Content-Disposition', contentDisposition(filename, { type: isInline ? 'inline' : 'attachment', fallback: asciiFallback(filename) }))
      .header('X-Content-Type-Options', 'nosniff')
      // Even if a browser renders it, the response can run nothing and reach nothing.
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Cache-Control', 'private, no-store')
      .header('Accept-Ranges', 'bytes');
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${document.size}`).header('Content-Length', range.end - range.start + 1);
    else reply.header('Content-Length', document.size);
    return reply.send(stream);
  });

  defineRoute(app, contracts.listDocumentAccess, 'startup', ({ actor, params }) => dataRoom.listDocumentAccess(deps, actor, params.id));
  defineRoute(app, contracts.grantDocumentAccess, 'startup', ({ actor, params, body, request }) => dataRoom.grantDocumentAccess(deps, actor, params.id, body.userId, request.ip));
  defineRoute(app, contracts.revokeDocumentAccess, 'startup', async ({ actor, params, request }) => {
    await dataRoom.revokeDocumentAccess(deps, actor, params.id, params.userId, request.ip);
    return { ok: true as const };
  });
  defineRoute(app, contracts.startDocumentView, 'user', ({ actor, params }) => dataRoom.startDocumentView(deps, actor, params.id));
  defineRoute(app, contracts.endDocumentView, 'user', async ({ actor, params, body }) => {
    await dataRoom.endDocumentView(deps, actor, params.id, params.viewId, body.durationMs);
    return { ok: true as const };
  });
  defineRoute(app, contracts.listShareCandidates, 'startup', ({ actor }) => dataRoom.listShareCandidates(deps, actor));
  defineRoute(app, contracts.getDataRoomSettings, 'startup', ({ actor }) => dataRoom.getDataRoomSettings(deps, actor));
  defineRoute(app, contracts.updateDataRoomSettings, 'startup', ({ actor, body }) => dataRoom.updateDataRoomSettings(deps, actor, body));
  defineRoute(app, contracts.listInvestorEngagement, 'startup', ({ actor }) => dataRoom.listInvestorEngagement(deps, actor));
}
