// The live event stream (issue #6): Server-Sent Events for the signed-in user.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Event names the stream sends (the `event:` field); each `data:` is a small JSON object. */
export const LIVE_EVENT_TYPES = [
  'message',
  'message_read',
  'match_updated',
  'milestone_updated',
  'documents_changed',
  'notifications_changed',
  'resync',
  'refetch',
] as const;
export const HEARTBEAT_INTERVAL_MS = 25_000;

/**
 * What the browser is told. Ids and counts only, never lists that grow with the data: each event
 * travels in one NOTIFY, whose payload PostgreSQL caps at 8,000 bytes. Clients refetch.
 */
export type LiveEvent =
  | { type: 'message'; messageId: number; senderId: number; receiverId: number }
  // `readerId` read `count` messages from `partnerId`, the newest of them `upToMessageId`.
  | { type: 'message_read'; readerId: number; partnerId: number; upToMessageId: number; count: number }
  | { type: 'match_updated'; matchId: number; status: string }
  | { type: 'milestone_updated'; milestoneId: number; startupId: number; investorId: number }
  // A data room document was uploaded, deleted, shared, revoked or viewed: refetch document lists.
  | { type: 'documents_changed'; documentId: number | null }
  // The recipient's notifications changed (one created or updated, or some read): the unread count
  // now, and the notification created or updated, if that is what happened (issue #18).
  | { type: 'notifications_changed'; unread: number; notificationId: number | null }
  // Sent locally after the LISTEN connection was lost and regained: events may have been missed.
  | { type: 'resync' }
  // Sent in place of an event too large for one NOTIFY: something changed, refetch everything.
  | { type: 'refetch' };
export type LiveEventType = LiveEvent['type'];

export const streamEvents = defineEndpoint({ method: 'GET', path: '/api/events', raw: 'response', response: z.unknown() });
