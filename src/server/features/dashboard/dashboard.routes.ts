// GET /api/dashboard/stats: the signed-in user's stat cards.
import type { FastifyInstance } from 'fastify';
import { getDashboardStats } from '../../../shared/contracts/dashboard';
import { defineRoute } from '../../http/route';
import * as dashboard from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance): void {
  defineRoute(app, getDashboardStats, 'user', ({ ctx }) => dashboard.getDashboardStats(ctx));
}
