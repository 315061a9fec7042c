// The live event stream (issue #6): Server-Sent Events for the signed-in user.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Event names the stream sends (the `event:` field); each `data:` is a small JSON object. */
export const LIVE_EVENT_TYPES = ['message', 'message_read', 'match_updated', 'milestone_updated', 'resync'] as const;
export const HEARTBEAT_INTERVAL_MS = 25_000;

export const streamEvents = defineEndpoint({ method: 'GET', path: '/api/events', raw: 'response', response: z.unknown() });
