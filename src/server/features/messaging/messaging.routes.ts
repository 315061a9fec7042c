// Messaging endpoints (spec §7, issue #6). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/messages';
import { defineRoute } from '../../http/route';
import * as messaging from './messaging.service';

export function registerMessagingRoutes(app: FastifyInstance): void {
  const deps: messaging.MessagingDeps = { db: app.db, events: app.events, now: app.clock };
  defineRoute(app, contracts.listConversations, 'user', ({ actor }) => messaging.listConversations(app.db, actor));
  defineRoute(app, contracts.getUnreadCount, 'user', async ({ actor }) => ({ unread: await messaging.countUnread(app.db, actor) }));
  defineRoute(app, contracts.getThread, 'user', ({ actor, params, query }) => messaging.getThread(app.db, actor, params.partnerId, query));
  defineRoute(app, contracts.getThreadByQuery, 'user', ({ actor, query }) => messaging.getThread(app.db, actor, query.partnerId, query));
  defineRoute(app, contracts.sendMessage, 'user', ({ actor, body }) => messaging.sendMessage(deps, actor, body));
  defineRoute(app, contracts.markMessageRead, 'user', ({ actor, params }) => messaging.markMessageRead(deps, actor, params.id));
  defineRoute(app, contracts.markThreadRead, 'user', ({ actor, params }) => messaging.markThreadRead(deps, actor, params.partnerId));
}
