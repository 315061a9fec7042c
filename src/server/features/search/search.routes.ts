// Search everywhere (issue #18; docs/search.md). Thin: signed-in users only, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/search';
import { defineRoute } from '../../http/route';
import { search } from './search.service';

export function registerSearchRoutes(app: FastifyInstance): void {
  // Not kept in the answer cache: results follow names, grants, blocks and messages of many people.
  defineRoute(app, contracts.search, 'user', ({ ctx, query }) => search(ctx, query));
}
