// Reads a real Server-Sent Events stream over HTTP, as a browser's EventSource would.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll } from 'vitest';
export interface ReceivedEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface EventStreamReader {
  /** Resolves with the next event matching `predicate`; rejects if the stream ends first. */
  next(predicate?: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  close(): void;
}

export async function openEventStream(baseUrl: string, sessionToken: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie: `vm_session=${sessionToken}` }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`event stream refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const received: ReceivedEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let isDone = false;

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data) });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by close()
    } finally {
      isDone = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  })();

  return {
    async next(predicate = () => true) {
      for (;;) {
        const index = received.findIndex(predicate);
        if (index !== -1) return received.splice(index, 1)[0]!;
        if (isDone) throw new Error('the event stream ended');
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => controller.abort(),
  };
}

/**
 * For a suite that opens live streams of its app: listens on a free port before the suite, and
 * closes every stream a test opened after that test. Returns how to open one for a signed-in client.
 */
export function useLiveStreams(app: () => FastifyInstance): (client: { sessionToken?: string }) => Promise<EventStreamReader> {
  let baseUrl = '';
  const opened: EventStreamReader[] = [];
  beforeAll(async () => {
    baseUrl = await app().listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  return async (client) => {
    const stream = await openEventStream(baseUrl, client.sessionToken!);
    opened.push(stream);
    return stream;
  };
}
