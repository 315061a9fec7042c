// Profile endpoints (spec §7, issue #3). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import { getInvestorCard, getOwnProfile, getStartupCard, updateInvestorProfile, updateStartupProfile } from '../../../shared/contracts/profiles';
import { defineRoute } from '../../http/route';
import * as profiles from './profiles.service';

export function registerProfileRoutes(app: FastifyInstance): void {
  defineRoute(app, getOwnProfile, 'user', ({ actor }) => profiles.getOwnProfile(app.db, actor));
  defineRoute(app, updateStartupProfile, 'startup', ({ actor, body }) => profiles.updateStartupProfile(app.db, actor, body));
  defineRoute(app, updateInvestorProfile, 'investor', ({ actor, body }) => profiles.updateInvestorProfile(app.db, actor, body));
  // Public cards are for the other side of the market.
  defineRoute(app, getStartupCard, 'investor', ({ actor, params }) => profiles.viewStartupCard(app.db, actor, params.id));
  defineRoute(app, getInvestorCard, 'startup', ({ actor, params }) => profiles.viewInvestorCard(app.db, actor, params.id));
}
