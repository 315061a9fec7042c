// GET /api/events: a Server-Sent Events stream of the signed-in user's live events, with
// heartbeats so proxies keep it open. Browsers reconnect by themselves; the client refetches on
// every (re)connection, so nothing is lost while a stream was down.
//
// A stream never outlives its session. A logout (or any other end of sessions) is announced
// through the hub, on every instance, and the stream ends as soon as it hears its own session
// named: it arrives before any event published later, so nothing reaches the browser afterwards.
// An expiry needs no announcement: a timer waits for the session's deadline. Each heartbeat also
// rechecks the session, as a backstop.
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_INTERVAL_MS, LIVE_EVENT_TYPES, streamEvents } from '../../shared/contracts/events';
import { isSessionActive, sessionDeadline } from '../features/auth';
import { defineRoute } from '../http/route';
import type { HubEvent } from './event-hub';

/** Only these reach the browser: server-only events (and anything unknown) are never written. */
const BROWSER_EVENT_TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

/** setTimeout cannot wait longer than about 24.8 days; a later deadline is looked at again daily. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

export function registerEventStream(app: FastifyInstance): void {
  // Open streams end as shutdown begins (preClose runs before the server waits for its
  // connections), so closing never waits on them; browsers reconnect to another instance.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  defineRoute(app, streamEvents, 'user', async ({ actor, ctx, request, reply }) => {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Tell nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    let isClosed = false;
    // Writing to a response that has ended raises an error event; the asynchronous session
    // rechecks below may finish after the stream closed, so every write goes through this.
    const write = (chunk: string) => {
      if (!isClosed && !response.writableEnded && !response.destroyed) response.write(chunk);
    };
    write(`retry: 3000\n: connected\n\n`);
    const onEvent = (event: HubEvent) => {
      if (event.type === 'session_ended') {
        if (event.sessionId === actor.sessionId) end();
        return;
      }
      if (event.type === 'sessions_ended') {
        if (event.exceptSessionId !== actor.sessionId) end();
        return;
      }
      if (!BROWSER_EVENT_TYPES.has(event.type)) return;
      write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    // Subscribed before the session is looked at below: a logout that commits after that look is
    // heard here, and one that committed before it is seen by it.
    const unsubscribe = ctx.events.subscribe(actor.id, onEvent);

    let expiryTimer: ReturnType<typeof setTimeout> | undefined;
    // Waits for the session's deadline, then looks again: activity elsewhere may have moved the
    // idle deadline later, in which case it waits for the new one.
    const watchDeadline = () => {
      sessionDeadline(ctx, actor.sessionId)
        .then((deadline) => {
          if (isClosed) return;
          const remainingMs = deadline ? deadline.getTime() - ctx.clock().getTime() : 0;
          if (remainingMs <= 0) return end();
          expiryTimer = setTimeout(watchDeadline, Math.min(remainingMs, MAX_TIMER_MS));
        })
        .catch((error: unknown) => {
          // A database hiccup is not an expiry: look again later (the heartbeat also checks).
          request.log.warn({ err: error }, 'live events: session deadline check failed');
          if (!isClosed) expiryTimer = setTimeout(watchDeadline, HEARTBEAT_INTERVAL_MS);
        });
    };
    watchDeadline();

    const heartbeat = setInterval(() => {
      isSessionActive(ctx, actor.sessionId)
        .then((isActive) => (isActive ? write(`: heartbeat\n\n`) : end()))
        .catch((error: unknown) => {
          // A database hiccup is not a logout: keep the stream and check again next time.
          request.log.warn({ err: error }, 'live events: session recheck failed');
          write(`: heartbeat\n\n`);
        });
    }, HEARTBEAT_INTERVAL_MS);
    const close = () => {
      isClosed = true;
      clearInterval(heartbeat);
      clearTimeout(expiryTimer);
      unsubscribe();
      openStreams.delete(end);
    };
    const end = () => {
      close();
      if (!response.writableEnded) response.end();
    };
    openStreams.add(end);
    request.raw.on('close', close);
  });
}
