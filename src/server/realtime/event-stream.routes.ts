// GET /api/events: a Server-Sent Events stream of the signed-in user's live events, with
// heartbeats so proxies keep it open. Browsers reconnect by themselves; the client refetches on
// every (re)connection, so nothing is lost while a stream was down. Each heartbeat also rechecks
// the session, so a stream does not outlive a logout or an expiry by more than one interval.
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_INTERVAL_MS, streamEvents } from '../../shared/contracts/events';
import { isSessionActive } from '../features/auth/session.service';
import { defineRoute } from '../http/route';

export function registerEventStream(app: FastifyInstance): void {
  // Open streams end when the server shuts down, so closing does not wait on them.
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of openStreams) end();
  });

  defineRoute(app, streamEvents, 'user', async ({ actor, request, reply }) => {
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
    // Writing to a response that has ended raises an error event; the asynchronous session
    // recheck below may finish after the stream closed, so every write goes through this.
    const write = (chunk: string) => {
      if (!response.writableEnded && !response.destroyed) response.write(chunk);
    };
    write(`retry: 3000\n: connected\n\n`);
    const send = (event: { type: string }) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = app.events.subscribe(actor.id, send);
    const heartbeat = setInterval(() => {
      isSessionActive(app.db, actor.sessionId, app.clock(), app.config.sessionPolicy)
        .then((isActive) => (isActive ? write(`: heartbeat\n\n`) : end()))
        .catch((error: unknown) => {
          // A database hiccup is not a logout: keep the stream and check again next time.
          request.log.warn({ err: error }, 'live events: session recheck failed');
          write(`: heartbeat\n\n`);
        });
    }, HEARTBEAT_INTERVAL_MS);
    const close = () => {
      clearInterval(heartbeat);
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
