// Messaging endpoints (issue #6; docs/messaging.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/messages';
import { defineRoute } from '../../http/route';
import * as messaging from './messaging.service';

export function registerMessagingRoutes(app: FastifyInstance): void {
  // Kept per user until a message, read, connection change or profile save for them is announced (http/answer-cache.ts).
  defineRoute(app, contracts.listConversations, 'user', ({ ctx }) => messaging.listConversations(ctx), { cacheAnswers: true });
  defineRoute(app, contracts.getUnreadCount, 'user', async ({ ctx }) => ({ unread: await messaging.countUnread(ctx) }));
  defineRoute(app, contracts.getThread, 'user', ({ ctx, params, query }) => messaging.getThread(ctx, { ...query, partnerId: params.partnerId }));
  defineRoute(app, contracts.getThreadByQuery, 'user', ({ ctx, query }) => messaging.getThread(ctx, query));
  defineRoute(app, contracts.sendMessage, 'user', ({ ctx, body }) => messaging.sendMessage(ctx, body));
  defineRoute(app, contracts.markMessageRead, 'user', ({ ctx, params }) => messaging.markMessageRead(ctx, params.id));
  defineRoute(app, contracts.markThreadRead, 'user', ({ ctx, params }) => messaging.markThreadRead(ctx, params.partnerId));
}
