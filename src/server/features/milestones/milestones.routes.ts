// Milestone endpoints (issue #7; docs/milestones.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/milestones';
import { defineRoute } from '../../http/route';
import * as service from './milestones.service';

export function registerMilestoneRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.listMilestones, 'user', ({ ctx, query }) => service.listMilestones(ctx, query.partnerId));
  defineRoute(app, contracts.listUpcomingMilestones, 'user', ({ ctx }) => service.listUpcomingMilestones(ctx));
  defineRoute(app, contracts.createMilestone, 'user', ({ ctx, body }) => service.createMilestone(ctx, body));
  defineRoute(app, contracts.updateMilestoneStatus, 'user', ({ ctx, params, body }) =>
    service.advanceMilestone(ctx, { milestoneId: params.id, status: body.status }),
  );
  defineRoute(app, contracts.editMilestone, 'user', ({ ctx, params, body }) => service.editMilestone(ctx, { ...body, milestoneId: params.id }));
  defineRoute(app, contracts.deleteMilestone, 'user', async ({ ctx, params }) => {
    await service.deleteMilestone(ctx, params.id);
    return { ok: true as const };
  });
}
