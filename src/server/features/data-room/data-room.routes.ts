// Data room endpoints (issue #5; docs/data-room.md). Thin: access level, parse, one service call.
// The content route adds the safe serving headers listed under "Reading" in docs/data-room.md.
import path from 'node:path';
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import * as contracts from '../../../shared/contracts/documents';
import { defineRoute } from '../../http/route';
import { ALLOWED_EXTENSIONS } from './file-detection';
import { parseByteRange } from './byte-range';
import { getDataRoomSettings, updateDataRoomSettings } from './auto-share.service';
import { endDocumentView, listInvestorEngagement, startDocumentView } from './document-views.service';
import { deleteDocument, findReadableDocument, listDocuments, storeUploadedDocument, streamDocument } from './documents.service';
import { grantDocumentAccess, listDocumentAccess, listShareCandidates, revokeDocumentAccess } from './grants.service';
import { receiveUpload } from './upload-receiver';

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

export async function registerDataRoomRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // One file of at most 10 MiB and a few short fields; the limit is enforced while streaming.
    // A part's header block (a browser sends two lines) keeps at most 20 lines, not busboy's 2000.
    limits: { fileSize: contracts.MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 20 },
  });

  defineRoute(
    app,
    contracts.listDocuments,
    'user',
    async ({ ctx, keepAnswerUntil }) => {
      const listing = await listDocuments(ctx);
      keepAnswerUntil(listing.changesAt);
      return listing.documents;
    },
    { cacheAnswers: true },
  );

  defineRoute(app, contracts.uploadDocument, 'startup', async ({ ctx, request }) => {
    const upload = await receiveUpload(request, ctx.uploadTmpDir);
    return storeUploadedDocument(ctx, { upload, ip: request.ip });
  });

  defineRoute(app, contracts.deleteDocument, 'startup', async ({ ctx, params, request }) => {
    await deleteDocument(ctx, { documentId: params.id, ip: request.ip });
    return { ok: true as const };
  });

  defineRoute(app, contracts.getDocumentContent, 'user', async ({ ctx, params, query, request, reply }) => {
    const rangeHeader = request.headers.range;
    const document = await findReadableDocument(ctx, { documentId: params.id, ip: request.ip, isFirstChunk: !rangeHeader || /^bytes=0-/.test(rangeHeader) });
    const range = parseByteRange(rangeHeader, document.size);
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('Content-Range', `bytes */${document.size}`)
        .header('Cache-Control', 'private, no-store')
        .send({ message: 'The requested range is outside the document.' });
    }
    const stream = await streamDocument(ctx, { storageKey: document.storageKey, range });
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
    if (range)
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${document.size}`)
        .header('Content-Length', range.end - range.start + 1);
    else reply.header('Content-Length', document.size);
    return reply.send(stream);
  });

  defineRoute(app, contracts.listDocumentAccess, 'startup', ({ ctx, params }) => listDocumentAccess(ctx, { documentId: params.id }));
  defineRoute(app, contracts.grantDocumentAccess, 'startup', ({ ctx, params, body, request }) =>
    grantDocumentAccess(ctx, { documentId: params.id, investorId: body.userId, ip: request.ip }),
  );
  defineRoute(app, contracts.revokeDocumentAccess, 'startup', async ({ ctx, params, request }) => {
    await revokeDocumentAccess(ctx, { documentId: params.id, investorId: params.userId, ip: request.ip });
    return { ok: true as const };
  });
  defineRoute(app, contracts.startDocumentView, 'user', ({ ctx, params }) => startDocumentView(ctx, { documentId: params.id }));
  defineRoute(app, contracts.endDocumentView, 'user', async ({ ctx, params, body }) => {
    await endDocumentView(ctx, { documentId: params.id, viewId: params.viewId, durationMs: body.durationMs });
    return { ok: true as const };
  });
  defineRoute(app, contracts.listShareCandidates, 'startup', ({ ctx }) => listShareCandidates(ctx));
  defineRoute(app, contracts.getDataRoomSettings, 'startup', ({ ctx }) => getDataRoomSettings(ctx));
  defineRoute(app, contracts.updateDataRoomSettings, 'startup', ({ ctx, body }) => updateDataRoomSettings(ctx, body));
  defineRoute(app, contracts.listInvestorEngagement, 'startup', ({ ctx }) => listInvestorEngagement(ctx));
}
