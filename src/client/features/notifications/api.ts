// The notification centre (issue #18): the bell's unread count and latest notifications, and the
// /notifications page, paged newest first with an unread filter.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import {
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_PAGE_SIZE,
  type NotificationPage,
} from '@shared/contracts/notifications';
import { api } from '@/lib/api';

export type NotificationFilter = 'all' | 'unread';

/** Every notification query starts with `all`, so one invalidation refreshes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
  page: (filter: NotificationFilter) => [...notificationKeys.all, 'page', filter] as const,
};

// Kept fresh by the live stream's `notifications_changed` (lib/live-event-invalidations.ts), and
// refetched when the stream (re)opens, in case one was missed.
const LIVE = { live: true } as const;

export const unreadNotificationCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => api(getUnreadNotificationCount, { signal }),
  meta: LIVE,
});

/** What the bell's popover lists: the newest page. */
export const latestNotificationsQuery = queryOptions({
  queryKey: notificationKeys.latest(),
  queryFn: ({ signal }) => api(listNotifications, { query: { limit: NOTIFICATION_PAGE_SIZE }, signal }),
  meta: LIVE,
});

export const notificationPagesQuery = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.page(filter),
    queryFn: ({ pageParam, signal }) => api(listNotifications, { query: pageParam ? { cursor: pageParam, filter } : { filter }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: NotificationPage) => lastPage.nextCursor,
    meta: LIVE,
  });

export function useMarkNotificationRead() {
  return useMutation({
    mutationFn: (id: number) => api(markNotificationRead, { params: { id } }),
    meta: { invalidates: [notificationKeys.all] },
  });
}

export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: () => api(markAllNotificationsRead),
    meta: { invalidates: [notificationKeys.all] },
  });
}
