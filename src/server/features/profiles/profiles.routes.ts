// Profile endpoints (spec §7, issue #3). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import { getInvestorCard, getOwnProfile, getStartupCard, updateInvestorProfile, updateStartupProfile } from '../../../shared/contracts/profiles';
import { defineRoute } from '../../http/route';
import * as profiles from './profiles.service';

export function registerProfileRoutes(app: FastifyInstance): void {
  defineRoute(app, getOwnProfile, 'user', ({ actor }) => profiles.getOwnProfile(app.db, actor));
  // After a save, the features that follow profiles react (matching queues a durable re-score of
  // the user's pending matches): the save does not wait for the work itself.
  const announceSaved = (actor: { id: number; userType: 'startup' | 'investor' }) => profiles.runProfileSavedReactions({ db: app.db, jobs: app.jobs }, actor);
  defineRoute(app, updateStartupProfile, 'startup', async ({ actor, body }) => {
    const profile = await profiles.updateStartupProfile(app.db, actor, body);
    await announceSaved(actor);
    return profile;
  });
  defineRoute(app, updateInvestorProfile, 'investor', async ({ actor, body }) => {
    const profile = await profiles.updateInvestorProfile(app.db, actor, body);
    await announceSaved(actor);
    return profile;
  });
  // Public cards are for the other side of the market.
  defineRoute(app, getStartupCard, 'investor', ({ actor, params }) => profiles.viewStartupCard(app.db, actor, params.id));
  defineRoute(app, getInvestorCard, 'startup', ({ actor, params }) => profiles.viewInvestorCard(app.db, actor, params.id));
}
