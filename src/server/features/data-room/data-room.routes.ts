// Data room endpoints (issue #5; docs/data-room.md). Thin: access level, parse, one service call.
// The content route adds the safe serving headers listed under "Reading" in docs/data-room.md.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import * as contracts from '../../../shared/contracts/documents';
import * as ndaContracts from '../../../shared/contracts/nda';
import { defineRoute } from '../../http/route';
import { sendDocumentBody, sendUnsatisfiableRange } from './document-response';
import { parseByteRange } from './byte-range';
import { getDataRoomSettings, updateDataRoomSettings } from './auto-share.service';
import { endDocumentView, listInvestorEngagement, startDocumentView } from './document-views.service';
import {
  deleteDocument,
  findReadableDocument,
  listDocuments,
  stampedDownload,
  storeUploadedDocument,
  streamDocument,
  updateDocumentSettings,
} from './documents.service';
import { grantDocumentAccess, listDocumentAccess, listShareCandidates, revokeDocumentAccess, shareWholeRoom, updateDocumentAccess } from './grants.service';
import {
  acceptDocumentNda,
  getDocumentNdaGate,
  getNdaSettings,
  listNdaAcceptances,
  ndaAcceptanceLogCsv,
  ndaCertificate,
  updateNdaSettings,
} from './nda.service';
import { receiveUpload } from './upload-receiver';
import { registerDocumentVersionRoutes } from './versions.routes';

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

  registerDocumentVersionRoutes(app);

  defineRoute(app, contracts.deleteDocument, 'startup', async ({ ctx, params, request }) => {
    await deleteDocument(ctx, { documentId: params.id, ip: request.ip });
    return { ok: true as const };
  });

  defineRoute(app, contracts.updateDocumentSettings, 'startup', ({ ctx, params, body }) => updateDocumentSettings(ctx, { documentId: params.id, ...body }));

  defineRoute(app, contracts.getDocumentContent, 'user', async ({ ctx, params, query, request, reply }) => {
    const rangeHeader = request.headers.range;
    const isDownload = query.download === '1';
    // Every refusal (no grant, expired, NDA pending, downloads off) comes before any byte or size.
    const document = await findReadableDocument(ctx, {
      documentId: params.id,
      ip: request.ip,
      isFirstChunk: !rangeHeader || /^bytes=0-/.test(rangeHeader),
      isDownload,
    });
    if (document.needsStamp) {
      // Stamped per request for this viewer: whole, never ranged, never cached (Cache-Control: private, no-store).
      const stamped = await stampedDownload(ctx, { document });
      return sendDocumentBody(reply, { document, body: stamped, size: stamped.byteLength, disposition: 'attachment', acceptRanges: false });
    }
    const range = parseByteRange(rangeHeader, document.size);
    if (range === 'unsatisfiable') return sendUnsatisfiableRange(reply, document.size);
    const stream = await streamDocument(ctx, { storageKey: document.storageKey, range });
    return sendDocumentBody(reply, {
      document,
      body: stream,
      size: document.size,
      range,
      disposition: isDownload ? 'attachment' : query.disposition,
      acceptRanges: true,
    });
  });

  defineRoute(app, contracts.listDocumentAccess, 'startup', ({ ctx, params }) => listDocumentAccess(ctx, { documentId: params.id }));
  defineRoute(app, contracts.grantDocumentAccess, 'startup', ({ ctx, params, body, request }) =>
    grantDocumentAccess(ctx, { documentId: params.id, investorId: body.userId, expiresAt: body.expiresAt, canDownload: body.canDownload, ip: request.ip }),
  );
  defineRoute(app, contracts.updateDocumentAccess, 'startup', ({ ctx, params, body, request }) =>
    updateDocumentAccess(ctx, { documentId: params.id, investorId: params.userId, expiresAt: body.expiresAt, canDownload: body.canDownload, ip: request.ip }),
  );
  defineRoute(app, contracts.shareWholeRoom, 'startup', ({ ctx, body, request }) =>
    shareWholeRoom(ctx, { investorId: body.userId, expiresAt: body.expiresAt, canDownload: body.canDownload, ip: request.ip }),
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

  // The NDA gate (issue #20; docs/data-room.md, "Control").
  defineRoute(app, ndaContracts.getNdaSettings, 'startup', ({ ctx }) => getNdaSettings(ctx));
  defineRoute(app, ndaContracts.updateNdaSettings, 'startup', ({ ctx, body }) => updateNdaSettings(ctx, body));
  defineRoute(app, ndaContracts.listNdaAcceptances, 'startup', ({ ctx }) => listNdaAcceptances(ctx));
  defineRoute(app, ndaContracts.downloadNdaAcceptanceLog, 'startup', async ({ ctx, reply }) => {
    const csv = await ndaAcceptanceLogCsv(ctx);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition('nda-acceptances.csv'))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
  defineRoute(app, ndaContracts.downloadNdaCertificate, 'startup', async ({ ctx, params, reply }) => {
    const { pdf, filename } = await ndaCertificate(ctx, { acceptanceId: params.id });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
  defineRoute(app, ndaContracts.getDocumentNdaGate, 'user', ({ ctx, params }) => getDocumentNdaGate(ctx, { documentId: params.id }));
  defineRoute(app, ndaContracts.acceptDocumentNda, 'investor', async ({ ctx, params, body, request }) => {
    await acceptDocumentNda(ctx, {
      documentId: params.id,
      fullName: body.fullName,
      contentHash: body.contentHash,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    return { ok: true as const };
  });
}
