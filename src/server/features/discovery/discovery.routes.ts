// Directory and saved-search endpoints (issue #19; docs/discovery.md). Thin: access, parse, one call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/discovery';
import { defineRoute } from '../../http/route';
import * as directory from './directory.service';
import * as savedSearches from './saved-searches.service';
// Registers the profile-save reaction that keeps each profile's country current.
import './country-codes';

export function registerDiscoveryRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.discover, 'user', ({ ctx, query }) => directory.listDirectory(ctx, query));
  defineRoute(app, contracts.connectFromDirectory, 'user', ({ ctx, params }) => directory.connectFromDirectory(ctx, params.userId));
  defineRoute(app, contracts.listSavedSearches, 'user', ({ ctx }) => savedSearches.listSavedSearches(ctx));
  defineRoute(app, contracts.createSavedSearch, 'user', ({ ctx, body }) => savedSearches.createSavedSearch(ctx, body));
  defineRoute(app, contracts.updateSavedSearch, 'user', ({ ctx, params, body }) => savedSearches.updateSavedSearch(ctx, { ...body, id: params.id }));
  defineRoute(app, contracts.deleteSavedSearch, 'user', async ({ ctx, params, reply }) => {
    await savedSearches.deleteSavedSearch(ctx, params.id);
    return reply.code(204).send();
  });
}
