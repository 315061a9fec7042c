// Match endpoints (spec §7, issue #4). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import { listInvestorMatches, listStartupMatches, updateMatch } from '../../../shared/contracts/matches';
import { defineRoute } from '../../http/route';
import * as matching from './matching.service';

export function registerMatchingRoutes(app: FastifyInstance): void {
  defineRoute(app, listStartupMatches, 'startup', ({ actor }) => matching.listStartupMatches(app.db, actor));
  defineRoute(app, listInvestorMatches, 'investor', ({ actor }) => matching.listInvestorMatches(app.db, actor));
  defineRoute(app, updateMatch, 'user', ({ actor, params, body }) => matching.decideMatch({ db: app.db, events: app.events }, actor, params.id, body, app.clock()));
}
