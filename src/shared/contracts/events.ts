// The live event stream (issue #6): Server-Sent Events for the signed-in user.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Event names the stream sends (the `event:` field); each `data:` is a small JSON object. */
export const LIVE_EVENT_TYPES = ['message', 'message_read', 'match_updated', 'milestone_updated', 'documents_changed', 'resync'] as const;
export const HEARTBEAT_INTERVAL_MS = 25_000;

/** What the browser is told. Small on purpose (NOTIFY payloads are capped at 8 kB): clients refetch. */
export type LiveEvent =
  | { type: 'message'; messageId: number; senderId: number; receiverId: number }
  | { type: 'message_read'; readerId: number; partnerId: number; messageIds: number[] }
  | { type: 'match_updated'; matchId: number; status: string }
  | { type: 'milestone_updated'; milestoneId: number; startupId: number; investorId: number }
  // A data room document was uploaded, deleted, shared, revoked or viewed: refetch document lists.
  | { type: 'documents_changed'; documentId: number | null }
  // Sent locally after the LISTEN connection was lost and regained: events may have been missed.
  | { type: 'resync' };
export type LiveEventType = LiveEvent['type'];

export const streamEvents = defineEndpoint({ method: 'GET', path: '/api/events', raw: 'response', response: z.unknown() });
