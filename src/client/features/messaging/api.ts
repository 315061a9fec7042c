// Messaging (issue #6): the
// conversation summaries, one thread per partner (paged from the latest backwards), the unread
// total, sending and marking read. Every query here is kept fresh by live events (`meta.live`;
// lib/live-event-invalidations says which), and polls every 10 s only while the event
// stream is down.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { getThread, getUnreadCount, listConversations, markThreadRead, sendMessage, type Message, type MessagePage } from '@shared/contracts/messages';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { api } from '@/lib/api';
import { FALLBACK_POLL_MS, useIsLive } from '@/lib/live-events';
import { toastFailure } from '@/lib/use-toast';

/** Every messaging query starts with `all`, so one invalidation refreshes them all. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
  /** The thread with one partner (a user id). */
  thread: (partnerId: number) => [...messageKeys.all, 'thread', partnerId] as const,
};
const LIVE = { live: true } as const;

export const conversationsQuery = queryOptions({
  queryKey: messageKeys.conversations(),
  queryFn: ({ signal }) => api(listConversations, { signal }),
  meta: LIVE,
});

export const unreadCountQuery = queryOptions({
  queryKey: messageKeys.unreadCount(),
  queryFn: ({ signal }) => api(getUnreadCount, { signal }),
  meta: LIVE,
});

/**
 * One thread, newest page first; each further page is older (the server's `olderCursor`). A
 * refetch reloads the pages from the newest, each from the fresh page before it, so a message
 * that arrived in between shifts the pages without gaps or duplicates.
 */
export const threadQuery = (partnerId: number) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(partnerId),
    queryFn: ({ pageParam, signal }) => api(getThread, { params: { partnerId }, query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: MessagePage) => page.olderCursor,
    meta: LIVE,
  });

/** The thread's messages oldest to newest, across every loaded page. */
export function threadMessages(pages: readonly MessagePage[] | undefined): Message[] {
  return pages ? [...pages].reverse().flatMap((page) => page.items) : [];
}

/** While the live stream is down, what must stay fresh refetches on the spec's 10 s cadence. */
export function useFallbackPolling(): number | false {
  return useIsLive() ? false : FALLBACK_POLL_MS;
}

/** While pending the composer is disabled; on success it clears and the thread refreshes. */
export function useSendMessage() {
  return useMutation({
    mutationFn: (body: { receiverId: number; content: string }) => api(sendMessage, { body }),
    // The thread and summaries, the dashboard's Active Conversations, the feed's `message_sent`.
    meta: { invalidates: [messageKeys.all, dashboardKeys.all, activityKeys.all] },
    // The failure notice: 'Error' / 'Failed to send message: {server message}'.
    onError: (error) => toastFailure('send message', error),
  });
}

/**
 * The partner's unread messages are marked read when the chat loads. One call marks them
 * all (instead of one POST per message); a failure only leaves them unread, so it stays quiet.
 */
export function useMarkThreadRead() {
  return useMutation({
    mutationFn: (partnerId: number) => api(markThreadRead, { params: { partnerId } }),
    meta: { invalidates: [messageKeys.all] },
  });
}
