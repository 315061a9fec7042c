// The activity feed (issue #3): the signed-in user's own entries, newest
// first. The dashboard shows the latest few; /activity pages through everything.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listActivities, type ActivityPage } from '@shared/contracts/activity';
import { api } from '@/lib/api';

export const RECENT_ACTIVITY_COUNT = 5;

/** Every activity query starts with `all`, so one invalidation refreshes them all. */
export const activityKeys = {
  all: ['activities'] as const,
  recent: () => [...activityKeys.all, 'recent'] as const,
  feed: () => [...activityKeys.all, 'feed'] as const,
};

export const recentActivitiesQuery = queryOptions({
  queryKey: activityKeys.recent(),
  queryFn: ({ signal }) => api(listActivities, { query: { limit: RECENT_ACTIVITY_COUNT }, signal }),
});

export const activityFeedQuery = infiniteQueryOptions({
  queryKey: activityKeys.feed(),
  queryFn: ({ pageParam, signal }) => api(listActivities, { query: pageParam ? { cursor: pageParam } : {}, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: ActivityPage) => lastPage.nextCursor,
});
