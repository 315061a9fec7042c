// Versions of a document (issue #21; docs/data-room.md, "Versions"): the owner's history, a new
// version by upload (the same streaming receiver and limits as a first upload), an earlier
// version's download, and a restore. Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/document-insight';
import { defineRoute } from '../../http/route';
import { sendDocumentBody } from './document-response';
import { streamDocument } from './documents.service';
import { receiveUpload } from './upload-receiver';
import { findDocumentVersion, listDocumentVersions, restoreDocumentVersion, storeDocumentVersion } from './versions.service';

/** Registered inside the data room's routes, after the multipart parser with the upload limits. */
export function registerDocumentVersionRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.listDocumentVersions, 'startup', ({ ctx, params }) => listDocumentVersions(ctx, { documentId: params.id }));

  defineRoute(app, contracts.uploadDocumentVersion, 'startup', async ({ ctx, params, request }) => {
    const upload = await receiveUpload(request, ctx.uploadTmpDir);
    return storeDocumentVersion(ctx, { documentId: params.id, upload, ip: request.ip });
  });

  defineRoute(app, contracts.getDocumentVersionContent, 'startup', async ({ ctx, params, request, reply }) => {
    const version = await findDocumentVersion(ctx, { documentId: params.id, version: params.version, ip: request.ip });
    const stream = await streamDocument(ctx, { storageKey: version.storageKey });
    // Always a download, whole: the owner's copy of an earlier version, with the same safe headers.
    return sendDocumentBody(reply, { document: version, body: stream, size: version.size, disposition: 'attachment', acceptRanges: false });
  });

  defineRoute(app, contracts.restoreDocumentVersion, 'startup', ({ ctx, params, request }) =>
    restoreDocumentVersion(ctx, { documentId: params.id, version: params.version, ip: request.ip }),
  );
}
