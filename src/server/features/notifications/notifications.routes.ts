// Notification centre endpoints (issue #18; docs/notifications.md). Thin: access level, parse, one service call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/notifications';
import * as preferenceContracts from '../../../shared/contracts/notification-preferences';
import { defineRoute } from '../../http/route';
import * as notifications from './notifications.service';
import * as preferences from './notification-preferences.service';

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

  defineRoute(app, preferenceContracts.getNotificationPreferences, 'user', ({ ctx }) => preferences.getNotificationPreferences(ctx));
  defineRoute(app, preferenceContracts.updateNotificationPreferences, 'user', ({ ctx, body }) => preferences.updateNotificationPreferences(ctx, body));
  // Its own scope: mail clients POST the one-click unsubscribe as a form (RFC 8058), and the
  // unsubscribe page may POST an empty JSON body. The token in the query is all that is read.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      const text = String(body).trim();
      try {
        done(null, text === '' ? undefined : JSON.parse(text));
      } catch {
        done(null, undefined);
      }
    });
    defineRoute(scope, preferenceContracts.unsubscribe, 'public', ({ ctx, query }) => preferences.unsubscribe(ctx, query.token));
  });
}
