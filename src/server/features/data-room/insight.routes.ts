// Issue #21, page-level analytics (docs/data-room.md, "Page-level analytics"): the viewer's page-time
// batches, and the founder's insight and one viewer's path. Thin: each route calls one service.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/document-insight';
import { defineRoute } from '../../http/route';
import { recordPageTime } from './document-views.service';
import { getDocumentInsight, getViewerPath } from './insight.service';

export function registerInsightRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.recordPageTime, 'user', async ({ ctx, params, body }) => {
    await recordPageTime(ctx, { documentId: params.id, viewId: params.viewId, pages: body.pages });
    return { ok: true as const };
  });
  defineRoute(app, contracts.getDocumentInsight, 'startup', ({ ctx, params, query }) =>
    getDocumentInsight(ctx, { documentId: params.id, version: query.version }),
  );
  defineRoute(app, contracts.getViewerPath, 'startup', ({ ctx, params, query }) => getViewerPath(ctx, { documentId: params.id, viewerKey: query.viewer }));
}
