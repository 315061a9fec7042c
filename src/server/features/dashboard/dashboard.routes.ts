// GET /api/dashboard/stats: the signed-in user's stat cards.
import type { FastifyInstance } from 'fastify';
import { getDashboardStats } from '../../../shared/contracts/dashboard';
import { defineRoute } from '../../http/route';
import * as dashboard from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance): void {
  // Kept per user until a change they see is announced (http/answer-cache.ts), and no longer than
  // the first expiry of a grant the startup's shared-documents count includes.
  defineRoute(
    app,
    getDashboardStats,
    'user',
    async ({ ctx, keepAnswerUntil }) => {
      const reading = await dashboard.getDashboardStats(ctx);
      keepAnswerUntil(reading.changesAt);
      return reading.stats;
    },
    { cacheAnswers: true },
  );
}
