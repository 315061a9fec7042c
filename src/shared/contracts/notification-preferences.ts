// How each user hears about what happens (issue #18): per notification type, in the app only, in
// the app and by email, or not at all; a daily or weekly digest at 08:00 in their time zone; and
// the one-click unsubscribe every notification email carries (docs/notifications.md).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications';

export const NOTIFICATION_CHANNELS = ['in_app', 'in_app_and_email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How Settings names each channel. */
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  in_app_and_email: 'In the app and by email',
  off: 'Off',
};

/**
 * What a new account gets: email for connection requests and connections; email for messages
 * still unread 15 minutes after they came (never one per message); document opens and the rest in
 * the app only.
 */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationType, NotificationChannel> = {
  connection_requested: 'in_app_and_email',
  connection_made: 'in_app_and_email',
  connection_declined: 'in_app',
  connection_ended: 'in_app',
  connection_request_expired: 'in_app',
  document_opened: 'in_app',
  document_access_granted: 'in_app',
  document_access_revoked: 'in_app',
  document_access_expired: 'in_app',
  shared_document_expired: 'in_app',
  document_new_version: 'in_app',
  milestone_changed: 'in_app',
  milestone_due: 'in_app',
  new_matches: 'in_app',
  message: 'in_app_and_email',
  saved_search_matches: 'in_app_and_email',
};

/** How Settings names each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  connection_requested: 'Someone wants to connect',
  connection_made: 'A connection is made',
  connection_declined: 'A match is declined with a reason',
  connection_ended: 'A connection ends',
  connection_request_expired: 'Your connection request expires unanswered',
  document_opened: 'An investor opens your document',
  document_access_granted: 'A document is shared with you',
  document_access_revoked: 'Access to a document is removed',
  document_access_expired: "An investor's access to your document ends",
  shared_document_expired: 'Your access to a shared document ends',
  document_new_version: 'A shared document has a new version',
  milestone_changed: 'Your partner changes a milestone',
  milestone_due: 'A milestone is due within 24 hours',
  new_matches: 'New matches above your score threshold',
  message: 'Unread messages',
  saved_search_matches: 'New profiles match a saved search',
};

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** A new account gets no digest until it asks for one. */
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'off';
/** What the unsubscribe page names when a digest's link turned the digest off. */
export const DIGEST_UNSUBSCRIBE_LABEL = 'The daily or weekly digest';
/** Digests go out at this local hour, on Mondays when weekly. */
export const DIGEST_LOCAL_HOUR = 8;
/** A conversation's messages still unread this long after the first one came send one email. */
export const UNREAD_MESSAGE_EMAIL_DELAY_MS = 15 * 60_000;

/** An IANA time zone this runtime knows ("Europe/Berlin"). */
const TimeZoneField = z
  .string({ error: 'Please choose a time zone' })
  .max(64, 'Please choose a time zone from the list')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Please choose a time zone from the list');

const ChannelField = z.enum(NOTIFICATION_CHANNELS, { error: 'Please choose in the app, in the app and by email, or off' });

/**
 * Every type as a listed property (an object, not a record): the compiled response writer then
 * writes exactly these keys, and the schema-driven fuzzers can build a valid value.
 */
const ChannelsByType = z.object(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, ChannelField])) as Record<NotificationType, typeof ChannelField>);

export const NotificationPreferences = z.object({
  /** Every type, with its channel (the defaults above until the user changes one). */
  channels: ChannelsByType,
  digest: z.enum(DIGEST_FREQUENCIES),
  /** Null until the browser has told us (the app sends it once after sign-in); digests use UTC meanwhile. */
  timeZone: z.string().nullable(),
  /** "N new matches" counts matches scoring at least this. */
  newMatchMinScore: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** Any part may be sent; what is left out stays as it was. */
export const UpdateNotificationPreferencesBody = z.strictObject({
  channels: z.partialRecord(z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }), ChannelField).optional(),
  digest: z.enum(DIGEST_FREQUENCIES, { error: 'Please choose daily, weekly or off' }).optional(),
  timeZone: TimeZoneField.optional(),
  newMatchMinScore: z
    .number({ error: 'The score threshold must be a whole number from 0 to 100' })
    .int('The score threshold must be a whole number from 0 to 100')
    .min(0, 'The score threshold must be a whole number from 0 to 100')
    .max(100, 'The score threshold must be a whole number from 0 to 100')
    .optional(),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>;

export const getNotificationPreferences = defineEndpoint({
  method: 'GET',
  path: '/api/account/notification-preferences',
  response: NotificationPreferences,
});
export const updateNotificationPreferences = defineEndpoint({
  method: 'PUT',
  path: '/api/account/notification-preferences',
  body: UpdateNotificationPreferencesBody,
  response: NotificationPreferences,
});

/** What an unsubscribe link or header carries: a signed token naming the user and the email type. */
const UnsubscribeQuery = z.strictObject({
  token: z
    .string({ error: 'This unsubscribe link is not valid.' })
    .min(10, 'This unsubscribe link is not valid.')
    .max(500, 'This unsubscribe link is not valid.'),
});
/** What was turned off, for the page to say so. `type` is a notification type or `digest`. */
export const UnsubscribeResult = z.object({ type: z.string(), label: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the URL in
 * the List-Unsubscribe header; the footer link opens /unsubscribe?token=…, which POSTs here. No
 * session needed: the token is the proof.
 */
export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/unsubscribe',
  query: UnsubscribeQuery,
  response: UnsubscribeResult,
});
