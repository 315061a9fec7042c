// Profile endpoints (issue #3; docs/profiles.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import { getInvestorCard, getOwnProfile, getStartupCard, updateInvestorProfile, updateStartupProfile } from '../../../shared/contracts/profiles';
import { defineRoute } from '../../http/route';
import * as profiles from './profiles.service';

export function registerProfileRoutes(app: FastifyInstance): void {
  defineRoute(app, getOwnProfile, 'user', ({ ctx }) => profiles.getOwnProfile(ctx));
  defineRoute(app, updateStartupProfile, 'startup', ({ ctx, body }) => profiles.updateStartupProfile(ctx, body));
  defineRoute(app, updateInvestorProfile, 'investor', ({ ctx, body }) => profiles.updateInvestorProfile(ctx, body));
  // Public cards are for the other side of the market.
  defineRoute(app, getStartupCard, 'investor', ({ ctx, params }) => profiles.viewStartupCard(ctx, params.id));
  defineRoute(app, getInvestorCard, 'startup', ({ ctx, params }) => profiles.viewInvestorCard(ctx, params.id));
}
