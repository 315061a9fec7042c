// GET /api/events: a Server-Sent Events stream of the signed-in user's live events, with
// heartbeats so proxies keep it open. Browsers reconnect by themselves; the client refetches on
// every (re)connection, so nothing is lost while a stream was down.
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_INTERVAL_MS, streamEvents } from '../../shared/contracts/events';
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
    response.write(`retry: 3000\n: connected\n\n`);
    const send = (event: { type: string }) => response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = app.events.subscribe(actor.id, send);
    const heartbeat = setInterval(() => response.write(`: heartbeat\n\n`), HEARTBEAT_INTERVAL_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
    };
    const end = () => {
      close();
      response.end();
    };
    openStreams.add(end);
    request.raw.on('close', close);
  });
}
