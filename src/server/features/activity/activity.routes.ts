// GET /api/activities: the caller's own feed, cursor-paginated.
import type { FastifyInstance } from 'fastify';
import { listActivities } from '../../../shared/contracts/activity';
import { defineRoute } from '../../http/route';
import * as activity from './activity.service';

export function registerActivityRoutes(app: FastifyInstance): void {
  // Kept per user until an entry is recorded for them (recordActivity announces it; http/answer-cache.ts).
  defineRoute(app, listActivities, 'user', ({ ctx, query }) => activity.listActivities(ctx, query), { cacheAnswers: true });
}
