// Match endpoints (spec §7, issue #4). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import { generateMatches, listInvestorMatches, listStartupMatches, updateMatch } from '../../../shared/contracts/matches';
import { defineRoute } from '../../http/route';
import * as generation from './generation.service';
import * as matching from './matching.service';

export function registerMatchingRoutes(app: FastifyInstance): void {
  const deps = { db: app.db, events: app.events, engines: app.matchingEngines, jobs: app.jobs };
  defineRoute(app, listStartupMatches, 'startup', ({ actor }) => matching.listStartupMatches(app.db, actor));
  defineRoute(app, listInvestorMatches, 'investor', ({ actor }) => matching.listInvestorMatches(app.db, actor));
  defineRoute(app, updateMatch, 'user', ({ actor, params, body }) => matching.decideMatch(deps, actor, params.id, body, app.clock()));
  defineRoute(app, generateMatches, 'user', ({ actor }) => generation.generateMatches(deps, actor, app.clock()));
}
