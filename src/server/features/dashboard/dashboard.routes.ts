// GET /api/dashboard/stats: the signed-in user's stat cards.
import type { FastifyInstance } from 'fastify';
import { getDashboardStats } from '../../../shared/contracts/dashboard';
import { defineRoute } from '../../http/route';
import * as dashboard from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance): void {
  // Kept per user until a change they see is announced (http/answer-cache.ts). A grant that merely
  // expires is not announced: the startup's shared-documents count follows within the answer's 30 s.
  defineRoute(app, getDashboardStats, 'user', ({ ctx }) => dashboard.getDashboardStats(ctx), { cacheAnswers: true });
}
