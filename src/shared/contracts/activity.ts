// The activity feed (issues #3 and #15): the signed-in user's entries, newest first: their own
// actions, and what others did that concerns them (a document viewed, interest received, a
// connection made, a milestone changed by their partner). Each entry says what it is about, so
// the client can link it (docs/activity.md).
import { z } from 'zod';
import { USER_TYPES } from '../enums';
import { boundedIntParam } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The thing an entry is about, as the data the client needs to build its link with `paths`. The
 * server derives it from the entry's type and entity id; null for an entry with nothing to open.
 */
export const ActivityTarget = z.discriminatedUnion('kind', [
  /** The user's own profile editor. */
  z.object({ kind: z.literal('own_profile') }),
  /** A document: the startup's data room, or the investor's shared documents. Null for a batch (the auto-share). */
  z.object({ kind: z.literal('document'), documentId: z.number().nullable() }),
  /** One match, and the status tab it was on when the entry was written (null: the whole list). */
  z.object({ kind: z.literal('match'), matchId: z.number(), tab: z.enum(['pending', 'accepted']).nullable() }),
  /** The match list as a whole (after a generation run). */
  z.object({ kind: z.literal('matches') }),
  /** The shared plans, with one partner's plan open when the entry names the partner. */
  z.object({ kind: z.literal('milestones'), partnerId: z.number().nullable() }),
  z.object({ kind: z.literal('messages') }),
  /** Someone's public profile card. */
  z.object({ kind: z.literal('public_profile'), userType: z.enum(USER_TYPES), userId: z.number() }),
]);
export type ActivityTarget = z.infer<typeof ActivityTarget>;

export const Activity = z.object({
  id: z.number(),
  // A string, not the enum: a client that does not know a newer type still shows the entry.
  activityType: z.string(),
  entityId: z.number().nullable(),
  description: z.string(),
  createdAt: z.string(),
  target: ActivityTarget.nullable(),
});
export type Activity = z.infer<typeof Activity>;

export const ACTIVITY_PAGE_SIZE = 20;

export const ListActivitiesQuery = z.strictObject({
  // Opaque: the last item's position, as returned in nextCursor.
  cursor: z.string().max(200).optional(),
  limit: boundedIntParam(1, 100, 'limit must be between 1 and 100').optional(),
});

export const ActivityPage = z.object({
  items: z.array(Activity),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

export const listActivities = defineEndpoint({ method: 'GET', path: '/api/activities', query: ListActivitiesQuery, response: ActivityPage });
