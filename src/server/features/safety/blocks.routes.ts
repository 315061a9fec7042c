// Block endpoints (issue #14; docs/connections.md, "Leaving and blocking"). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/blocks';
import { defineRoute } from '../../http/route';
import * as service from './blocks.service';

export function registerBlockRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.listBlocks, 'user', ({ ctx }) => service.listBlocks(ctx));
  defineRoute(app, contracts.blockUser, 'user', ({ ctx, body }) => service.blockUser(ctx, body));
  defineRoute(app, contracts.unblockUser, 'user', ({ ctx, params }) => service.unblockUser(ctx, params));
}
