// The browser end of the live event stream (GET /api/events, Server-Sent Events). One EventSource
// per signed-in tab, opened by <LiveEventsProvider> inside the app layout. Each event invalidates
// the queries lib/live-event-invalidations names for its type, so whatever shows them refetches;
// nothing is patched into caches by hand, so an event can never leave a screen showing something
// the server does not hold.
//
// Loss-free by refetching: the browser reconnects on its own after a drop (the server sends
// `retry: 3000`), and on every reconnection, or a `resync` or `refetch` from the server (events
// may have been missed, or one was too large to send), every active query is refetched, so
// whatever was missed while the stream was down shows up. The first connection
// refetches only the queries marked `meta: { live: true }`: screens fetch on mount, in parallel
// with the stream's own request, so an event published between their read and the stream's
// subscription would otherwise be lost. If the browser gives up (a non-200 answer, e.g. the
// server was replaced by a proxy error page), the provider opens a new stream with a backoff.
// While the stream is down, useIsLive() is false and screens that must stay fresh fall back to
// polling (10 s).
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { getCurrentUser } from '@shared/contracts/auth';
import { LIVE_EVENT_TYPES, streamEvents, type LiveEvent } from '@shared/contracts/events';
import { api } from './api';
import { EVERY_QUERY, invalidationFor } from './live-event-invalidations';
import { invalidateKeys } from './query-client';

/** connecting: not open yet; live: open; down: lost (the browser or the provider is retrying). */
export type LiveStatus = 'connecting' | 'live' | 'down';

const LiveStatusContext = createContext<LiveStatus | null>(null);

/** The message thread refreshes every 10 seconds; we only do so while the stream is down. */
export const FALLBACK_POLL_MS = 10_000;

/** Backoff for reopening a stream the browser has given up on. */
const RECONNECT_BASE_MS = 3_000;
const RECONNECT_MAX_MS = 30_000;

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let hasOpenedBefore = false;
    const refetchEverything = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    const isLive = (query: Query) => query.meta?.live === true;
    // A first read still on its way may have been answered before an event the stream was not yet
    // open to carry, and TanStack Query folds an invalidation into a first fetch instead of starting
    // another: let those reads land (query.fetch() joins the one on its way), then read again,
    // which costs a 304 when nothing changed.
    const refetchLiveQueries = async () => {
      const readsOnTheirWay = queryClient.getQueryCache().findAll({ predicate: (query) => isLive(query) && query.state.fetchStatus === 'fetching' });
      await Promise.allSettled(readsOnTheirWay.map((query) => query.fetch()));
      await queryClient.invalidateQueries({ refetchType: 'active', predicate: isLive });
    };
    const dispatch = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      const invalidation = invalidationFor(event);
      if (invalidation === EVERY_QUERY) refetchEverything();
      else void invalidateKeys(queryClient, invalidation);
    };
    const connect = () => {
      source = new EventSource(streamEvents.path, { withCredentials: true });
      source.onopen = () => {
        failedAttempts = 0;
        setStatus('live');
        // A reopen may follow missed events; the first open may have raced the screens' reads.
        if (hasOpenedBefore) refetchEverything();
        else void refetchLiveQueries();
        hasOpenedBefore = true;
      };
      source.onerror = () => {
        setStatus('down');
        // CONNECTING: the browser retries by itself. CLOSED: it gave up, so we start again.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        // The stream ends with its session (a sign-out in another tab): asking who we are answers
        // 401 then, which sends this tab to sign in at once instead of at the user's next action.
        void api(getCurrentUser).catch(() => undefined);
        failedAttempts += 1;
        retryTimer = setTimeout(connect, Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** (failedAttempts - 1)));
      };
      for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, dispatch);
    };
    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);

  return <LiveStatusContext value={status}>{children}</LiveStatusContext>;
}

/** Whether the live stream is connected; when false, poll what must stay fresh. */
export function useIsLive(): boolean {
  return useLiveStatus() === 'live';
}

/** The stream's state, for screens that tell the user when live updates are paused. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext) ?? 'down';
}
