// Match endpoints (issue #4; docs/matching.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import {
  disconnectMatch,
  generateMatches,
  getFitWith,
  getMatch,
  listInvestorMatches,
  listStartupMatches,
  updateMatch,
} from '../../../shared/contracts/matches';
import { getIntakeSettings, updateIntakeSettings } from '../../../shared/contracts/intake';
import { defineRoute } from '../../http/route';
import * as disconnect from './disconnect.service';
import * as fit from './fit.service';
import * as generation from './generation.service';
import * as intake from './intake.service';
import * as matchList from './match-list';
import * as matching from './matching.service';

export function registerMatchingRoutes(app: FastifyInstance): void {
  // The hottest reads: answers kept per user until a change for them is announced (http/answer-cache.ts).
  defineRoute(app, listStartupMatches, 'startup', ({ ctx, query }) => matchList.listStartupMatchPage(ctx, query), { cacheAnswers: true });
  defineRoute(app, listInvestorMatches, 'investor', ({ ctx, query }) => matchList.listInvestorMatchPage(ctx, query), { cacheAnswers: true });
  defineRoute(app, getMatch, 'user', ({ ctx, params }) => matching.getMatch(ctx, params.id));
  defineRoute(app, getFitWith, 'user', ({ ctx, params }) => fit.getFitWith(ctx, params.userId));
  defineRoute(app, updateMatch, 'user', ({ ctx, params, body }) => matching.decideMatch(ctx, { ...body, matchId: params.id }));
  defineRoute(app, disconnectMatch, 'user', ({ ctx, params }) => disconnect.disconnectMatch(ctx, params.id));
  defineRoute(app, generateMatches, 'user', ({ ctx }) => generation.generateMatches(ctx));
  // Fair intake (docs/intake.md): each role reads and edits its own fields.
  defineRoute(app, getIntakeSettings, 'user', ({ ctx }) => intake.getIntakeSettings(ctx));
  defineRoute(app, updateIntakeSettings, 'user', ({ ctx, body }) => intake.updateIntakeSettings(ctx, body));
}
