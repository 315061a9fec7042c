// Messaging (spec §2 messages screen, §4 message send and read flag, §7; issue #6): the
// conversation summaries, one thread per partner (paged from the latest backwards), the unread
// total, sending and marking read. Every query here is kept fresh by live events (`meta.live`),
// and polls every 10 s (spec §9) only while the event stream is down.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getThread,
  getUnreadCount,
  listConversations,
  markThreadRead,
  sendMessage,
  type Message,
  type MessagePage,
} from '@shared/contracts/messages';
import { api } from '@/lib/api';
import { FALLBACK_POLL_MS, useIsLive, useLiveEvent } from '@/lib/live-events';
import { toast } from '@/lib/use-toast';

/** Every messaging query starts with this key, so one invalidation refreshes them all. */
export const MESSAGES_KEY = ['messages'] as const;
const LIVE = { live: true } as const;

export const conversationsQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'conversations'],
  queryFn: ({ signal }) => api(listConversations, { signal }),
  meta: LIVE,
});

export const unreadCountQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'unread-count'],
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
    queryKey: [...MESSAGES_KEY, 'thread', partnerId],
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

function refreshMessaging(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
}

/** The summaries, the unread total and the threads with these users (one of them is the caller). */
function refreshConversationsWith(queryClient: QueryClient, userIds: number[]) {
  void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: unreadCountQuery.queryKey });
  for (const userId of userIds) void queryClient.invalidateQueries({ queryKey: threadQuery(userId).queryKey });
}

/**
 * Keeps the messaging caches in step with the live stream. Mounted once, by the top bar's
 * messages button, which is on every signed-in screen: a new message or read receipt refreshes
 * whichever messaging queries are on screen, and the dashboard's Active Conversations count and
 * the activity feed (a send records `message_sent`) the next time they are shown. An accepted
 * match adds a conversation to the list.
 */
export function useMessagingLiveSync(): void {
  const queryClient = useQueryClient();
  useLiveEvent(['message', 'message_read', 'match_updated'], (event) => {
    if (event.type === 'match_updated') {
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
      return;
    }
    if (event.type === 'message_read') {
      refreshConversationsWith(queryClient, [event.readerId, event.partnerId]);
      return;
    }
    refreshConversationsWith(queryClient, [event.senderId, event.receiverId]);
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['activities'] });
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** Spec §4: while pending the composer is disabled; on success it clears and the thread refreshes. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { receiverId: number; content: string }) => api(sendMessage, { body }),
    onSuccess: () => {
      refreshMessaging(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['activities'] });
    },
    // Spec §8.
    onError: (error) => toast({ title: 'Error', description: `Failed to send message: ${errorMessage(error)}`, variant: 'destructive' }),
  });
}

/**
 * Spec §4: the partner's unread messages are marked read when the chat loads. One call marks them
 * all (instead of one POST per message); a failure only leaves them unread, so it stays quiet.
 */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: number) => api(markThreadRead, { params: { partnerId } }),
    onSuccess: ({ marked }) => {
      if (marked > 0) refreshMessaging(queryClient);
    },
  });
}
