// The notification centre (issue #18): what happened that the signed-in user should know about,
// newest first, each with a sentence and a place to go. Stored with ids only (never message text);
// the sentence is written when read, from the names as they are then (docs/notifications.md).
import { z } from 'zod';
import { USER_TYPES } from '../enums';
import { boundedIntParam, idParam } from './common';
import { defineEndpoint } from './endpoint';

export const NOTIFICATION_TYPES = [
  /** The other side accepted first: they want to connect, the recipient has not answered. */
  'connection_requested',
  /** Both sides accepted. */
  'connection_made',
  /** The other side declined and chose to share their reason. */
  'connection_declined',
  /** The other side ended an accepted connection (a block stays silent). */
  'connection_ended',
  /** For the requester: their connection request went 30 days without an answer and expired (issue #19). */
  'connection_request_expired',
  /** For the founder: an investor opened one of their documents (time spent added once the view closes). */
  'document_opened',
  /** For the investor: a startup shared a document with them, or took access away. */
  'document_access_granted',
  'document_access_revoked',
  /** For the founder: an investor's access to a document ended on its end date (issue #20). */
  'document_access_expired',
  /** For the investor: their access to a shared document ended on its end date (issue #20). */
  'shared_document_expired',
  /** For the investor: a startup uploaded (or restored) a new version of a document shared with them (issue #21). */
  'document_new_version',
  /** The partner created or changed a shared milestone. */
  'milestone_changed',
  /** A milestone of the recipient's plans is due within 24 hours. */
  'milestone_due',
  /** A generation run found new matches at or above the recipient's score threshold. */
  'new_matches',
  /** New messages in one conversation: one unread notification per conversation, updated, not one per message. */
  'message',
  /** New profiles match one of the recipient's saved directory searches (issue #19). */
  'saved_search_matches',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notifications older than this are swept. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATION_PAGE_SIZE = 20;
/**
 * A generation run tells each counterpart of its new matches scoring at least this (0–100). One
 * threshold for everyone until notification preferences let each user set their own.
 */
export const NEW_MATCH_NOTIFICATION_MIN_SCORE = 70;
/** The bell shows counts above this as "99+". */
export const UNREAD_BADGE_CAP = 99;

/** Where a notification leads, as data the client turns into a path (like an activity entry's target). */
export const NotificationTarget = z.discriminatedUnion('kind', [
  /** One match on the caller's match list, on the tab it is on now. */
  z.object({ kind: z.literal('match'), matchId: z.number(), tab: z.enum(['pending', 'accepted', 'rejected']) }),
  /** The match list as a whole (new matches after a generation run). */
  z.object({ kind: z.literal('matches') }),
  /** The conversation with one partner. */
  z.object({ kind: z.literal('conversation'), partnerId: z.number() }),
  /** For the founder: one document's analytics in the data room (who opened it, for how long). */
  z.object({ kind: z.literal('document_analytics'), documentId: z.number() }),
  /** For the investor: their shared documents, one of them picked (null once access is gone). */
  z.object({ kind: z.literal('shared_documents'), documentId: z.number().nullable() }),
  /** The shared plan with one partner. */
  z.object({ kind: z.literal('milestones'), partnerId: z.number() }),
  /** Someone's public profile card. */
  z.object({ kind: z.literal('public_profile'), userType: z.enum(USER_TYPES), userId: z.number() }),
  /** The directory with one saved search's filters applied. */
  z.object({ kind: z.literal('saved_search'), savedSearchId: z.number() }),
]);
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  id: z.number(),
  // A string, not the enum: a client that does not know a newer type still shows the entry.
  type: z.string(),
  /** What happened, as the bell and the page show it ("Acme Capital opened Pitch deck · 4 min"). */
  sentence: z.string(),
  target: NotificationTarget.nullable(),
  /** When it happened; for a collapsed message notification, when the newest message came. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = z.strictObject({
  // Opaque: the last item's position, as returned in nextCursor.
  cursor: z.string().max(200).optional(),
  limit: boundedIntParam(1, 100, 'limit must be between 1 and 100').optional(),
  /** `unread`: only notifications not read yet. */
  filter: z.enum(['all', 'unread'], { error: 'filter must be all or unread' }).optional(),
});

export const NotificationPage = z.object({
  items: z.array(Notification),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadNotificationCount = z.object({ unread: z.number().int() });
export type UnreadNotificationCount = z.infer<typeof UnreadNotificationCount>;

const ok = z.object({ ok: z.literal(true) });

export const listNotifications = defineEndpoint({ method: 'GET', path: '/api/notifications', query: ListNotificationsQuery, response: NotificationPage });
export const getUnreadNotificationCount = defineEndpoint({ method: 'GET', path: '/api/notifications/unread-count', response: UnreadNotificationCount });
export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: z.strictObject({ id: idParam() }),
  response: ok,
});
export const markAllNotificationsRead = defineEndpoint({ method: 'POST', path: '/api/notifications/read-all', response: ok });
