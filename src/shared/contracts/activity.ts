// The activity feed (issue #3): the signed-in user's own entries, newest first.
import { z } from 'zod';
import { boundedIntParam } from './common';
import { defineEndpoint } from './endpoint';

export const Activity = z.object({
  id: z.number(),
  activityType: z.string(),
  entityId: z.number().nullable(),
  description: z.string(),
  createdAt: z.string(),
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
