// Report endpoint (issue #14; docs/security.md, "Reports"). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/reports';
import { defineRoute } from '../../http/route';
import * as service from './reports.service';

export function registerReportRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.createReport, 'user', ({ ctx, body }) => service.createReport(ctx, body));
}
