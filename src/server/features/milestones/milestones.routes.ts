// Milestone endpoints (spec §7, issue #7). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/milestones';
import { defineRoute } from '../../http/route';
import * as service from './milestones.service';

export function registerMilestoneRoutes(app: FastifyInstance): void {
  const deps: service.MilestoneDeps = { db: app.db, events: app.events, now: app.clock };
  defineRoute(app, contracts.listMilestones, 'user', ({ actor, query }) => service.listMilestones(deps, actor, query.partnerId));
  defineRoute(app, contracts.listUpcomingMilestones, 'user', ({ actor }) => service.listUpcomingMilestones(deps, actor));
  defineRoute(app, contracts.createMilestone, 'user', ({ actor, body }) => service.createMilestone(deps, actor, body));
  defineRoute(app, contracts.updateMilestoneStatus, 'user', ({ actor, params, body }) => service.advanceMilestone(deps, actor, params.id, body.status));
  defineRoute(app, contracts.editMilestone, 'user', ({ actor, params, body }) => service.editMilestone(deps, actor, params.id, body));
  defineRoute(app, contracts.deleteMilestone, 'user', async ({ actor, params }) => {
    await service.deleteMilestone(deps, actor, params.id);
    return { ok: true as const };
  });
}
