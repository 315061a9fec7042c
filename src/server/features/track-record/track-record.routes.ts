// Track record endpoints (issue #19; docs/track-record.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/track-record';
import { defineRoute } from '../../http/route';
import * as trackRecord from './track-record.service';

/**
 * The import endpoints carry a whole CSV file as a JSON string (up to 1 MB of text, which JSON
 * escaping can nearly double), so their scope takes bodies up to 2.5 MB; the app's other JSON
 * bodies keep their 100 KB limit. The contract refuses files over 1 MB with its own sentence.
 */
const IMPORT_BODY_LIMIT = 2.5 * 1024 * 1024;

export function registerTrackRecordRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.getOwnTrackRecord, 'investor', ({ ctx }) => trackRecord.getOwnTrackRecord(ctx));
  defineRoute(app, contracts.createTrackRecordInvestment, 'investor', ({ ctx, body }) => trackRecord.createTrackRecordInvestment(ctx, body));
  defineRoute(app, contracts.updateTrackRecordInvestment, 'investor', ({ ctx, params, body }) =>
    trackRecord.updateTrackRecordInvestment(ctx, { ...body, id: params.id }),
  );
  defineRoute(app, contracts.deleteTrackRecordInvestment, 'investor', async ({ ctx, params }) => {
    await trackRecord.deleteTrackRecordInvestment(ctx, params.id);
    return null;
  });
  // Any signed-in user: founders read it on the investor's public profile, investors compare notes.
  defineRoute(app, contracts.getInvestorTrackRecord, 'user', ({ ctx, params }) => trackRecord.viewInvestorTrackRecord(ctx, params.id));

  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, scope.getDefaultJsonParser('error', 'error'));
    defineRoute(scope, contracts.previewTrackRecordImport, 'investor', ({ ctx, body }) => trackRecord.previewTrackRecordImport(ctx, body));
    defineRoute(scope, contracts.importTrackRecord, 'investor', ({ ctx, body }) => trackRecord.importTrackRecord(ctx, body));
  });
}
