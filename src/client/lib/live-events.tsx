// The browser end of the live event stream (GET /api/events, Server-Sent Events). One EventSource
// per signed-in tab, opened by <LiveEventsProvider> inside the app layout. Screens subscribe with
// useLiveEvent() and refetch what the event names; nothing is patched into caches by hand, so an
// event can never leave a screen showing something the server does not hold.
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
// polling (spec §9: 10 s).
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, streamEvents, type LiveEvent, type LiveEventType } from '@shared/contracts/events';

type Listener = (event: LiveEvent) => void;

/** connecting: not open yet; live: open; down: lost (the browser or the provider is retrying). */
export type LiveStatus = 'connecting' | 'live' | 'down';

interface LiveEventsValue {
  status: LiveStatus;
  subscribe(listener: Listener): () => void;
}

const LiveEventsContext = createContext<LiveEventsValue | null>(null);

/** Spec §9: the message thread refreshes every 10 seconds; we only do so while the stream is down. */
export const FALLBACK_POLL_MS = 10_000;

/** Backoff for reopening a stream the browser has given up on. */
const RECONNECT_BASE_MS = 3_000;
const RECONNECT_MAX_MS = 30_000;

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const listeners = useRef(new Set<Listener>());
  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  });
  const value = useMemo(() => ({ status, subscribe }), [status, subscribe]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let hasOpenedBefore = false;
    const refetchEverything = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    const refetchLiveQueries = () => void queryClient.invalidateQueries({ refetchType: 'active', predicate: (query) => query.meta?.live === true });
    const dispatch = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'resync' || event.type === 'refetch') refetchEverything();
      for (const listener of listeners.current) listener(event);
    };
    const connect = () => {
      source = new EventSource(streamEvents.path, { withCredentials: true });
      source.onopen = () => {
        failedAttempts = 0;
        setStatus('live');
        // A reopen may follow missed events; the first open may have raced the screens' reads.
        if (hasOpenedBefore) refetchEverything();
        else refetchLiveQueries();
        hasOpenedBefore = true;
      };
      source.onerror = () => {
        setStatus('down');
        // CONNECTING: the browser retries by itself. CLOSED: it gave up, so we start again.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
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

  return <LiveEventsContext value={value}>{children}</LiveEventsContext>;
}

/** Whether the live stream is connected; when false, poll what must stay fresh. */
export function useIsLive(): boolean {
  return useLiveStatus() === 'live';
}

/** The stream's state, for screens that tell the user when live updates are paused. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveEventsContext)?.status ?? 'down';
}

/**
 * Calls `handler` for each live event of one of `types`. The handler may change between renders
 * without resubscribing.
 */
export function useLiveEvent<T extends LiveEventType>(types: readonly T[], handler: (event: Extract<LiveEvent, { type: T }>) => void): void {
  const subscribe = useContext(LiveEventsContext)?.subscribe;
  const latestHandler = useRef(handler);
  useEffect(() => {
    latestHandler.current = handler;
  });
  const typeKey = types.join(',');
  useEffect(() => {
    if (!subscribe) return;
    const wanted = new Set<string>(typeKey.split(','));
    return subscribe((event) => {
      if (wanted.has(event.type)) latestHandler.current(event as Extract<LiveEvent, { type: T }>);
    });
  }, [subscribe, typeKey]);
}
