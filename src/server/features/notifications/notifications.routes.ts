// Notification centre endpoints (issue #18; docs/notifications.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/notifications';
import { defineRoute } from '../../http/route';
import * as notifications from './notifications.service';

export function registerNotificationRoutes(app: FastifyInstance): void {
  // Not kept: a page's sentences and targets follow names, documents and matches that change
  // without an event for the recipient.
  defineRoute(app, contracts.listNotifications, 'user', ({ ctx, query }) => notifications.listNotifications(ctx, query));
  // Kept per user: every change to the count announces `notifications_changed` to them (http/answer-cache.ts).
  defineRoute(app, contracts.getUnreadNotificationCount, 'user', ({ ctx }) => notifications.countUnreadNotifications(ctx), { cacheAnswers: true });
  defineRoute(app, contracts.markNotificationRead, 'user', async ({ ctx, params }) => {
    await notifications.markNotificationRead(ctx, params.id);
    return { ok: true as const };
  });
  defineRoute(app, contracts.markAllNotificationsRead, 'user', async ({ ctx }) => {
    await notifications.markAllNotificationsRead(ctx);
    return { ok: true as const };
  });
}
