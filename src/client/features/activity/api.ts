// The activity feed (spec §3 activities; issue #3): the signed-in user's own entries, newest
// first. The dashboard shows the latest few; /activity pages through everything.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listActivities, type ActivityPage } from '@shared/contracts/activity';
import { api } from '@/lib/api';

export const RECENT_ACTIVITY_COUNT = 5;

/** Every activity query starts with this key, so one invalidation refreshes them all. */
export const ACTIVITIES_KEY = ['activities'] as const;

export const recentActivitiesQuery = queryOptions({
  queryKey: [...ACTIVITIES_KEY, 'recent'],
  queryFn: ({ signal }) => api(listActivities, { query: { limit: RECENT_ACTIVITY_COUNT }, signal }),
});

export const activityFeedQuery = infiniteQueryOptions({
  queryKey: [...ACTIVITIES_KEY, 'feed'],
  queryFn: ({ pageParam, signal }) => api(listActivities, { query: pageParam ? { cursor: pageParam } : {}, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: ActivityPage) => lastPage.nextCursor,
});
