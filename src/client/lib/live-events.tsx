// The browser end of the live event stream (GET /api/events, Server-Sent Events). One EventSource
// per signed-in tab, opened by <LiveEventsProvider> inside the app layout. Screens subscribe with
// useLiveEvent() and refetch what the event names; nothing is patched into caches by hand, so an
// event can never leave a screen showing something the server does not hold.
//
// Loss-free by refetching: the browser reconnects on its own after a drop (the server sends
// `retry: 3000`), and on every reconnection, or a `resync` from the server, every active query is
// refetched, so whatever was missed while the stream was down shows up. While the stream is down,
// useIsLive() is false and screens that must stay fresh fall back to polling (spec §9: 10 s).
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, streamEvents, type LiveEvent, type LiveEventType } from '@shared/contracts/events';

type Listener = (event: LiveEvent) => void;

interface LiveEventsValue {
  isLive: boolean;
  subscribe(listener: Listener): () => void;
}

const LiveEventsContext = createContext<LiveEventsValue | null>(null);

/** Spec §9: the message thread refreshes every 10 seconds; we only do so while the stream is down. */
export const FALLBACK_POLL_MS = 10_000;

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  });
  const value = useMemo(() => ({ isLive, subscribe }), [isLive, subscribe]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(streamEvents.path, { withCredentials: true });
    let hasOpenedBefore = false;
    const refetchEverything = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    source.onopen = () => {
      setIsLive(true);
      // The first open needs nothing: screens fetched on mount. A reopen may follow missed events.
      if (hasOpenedBefore) refetchEverything();
      hasOpenedBefore = true;
    };
    source.onerror = () => setIsLive(false);
    const dispatch = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'resync') refetchEverything();
      for (const listener of listeners.current) listener(event);
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, dispatch);
    return () => source.close();
  }, [queryClient]);

  return <LiveEventsContext value={value}>{children}</LiveEventsContext>;
}

/** Whether the live stream is connected; when false, poll what must stay fresh. */
export function useIsLive(): boolean {
  return useContext(LiveEventsContext)?.isLive ?? false;
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
