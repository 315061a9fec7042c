// Live events for signed-in users, across app instances, with no extra service: events travel
// through PostgreSQL NOTIFY on one channel and every instance LISTENs. NOTIFY sent inside a
// transaction is delivered only when it commits, so a rolled-back change never announces itself.
// The embedded database (PGlite) takes the same path.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveEvent } from '../../shared/contracts/events';
import type { DatabaseHandle, DbExecutor } from '../db/client';

export type { LiveEvent };

export const EVENTS_CHANNEL = 'venturematch_events';

interface Envelope {
  userIds: number[];
  event: LiveEvent;
}

export interface EventHub {
  /** Queues `event` for these users on `db` (a transaction: delivered at its commit). */
  publish(db: DbExecutor, userIds: number[], event: LiveEvent): Promise<void>;
  /** Calls `listener` for every event addressed to `userId` on any instance. Returns the unsubscribe. */
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

const RECONNECT_DELAY_MS = 1000;

export function createEventHub(database: DatabaseHandle, logger: Logger): EventHub {
  const local = new EventEmitter();
  // One listener per open browser tab; a busy instance may hold thousands.
  local.setMaxListeners(0);
  let stopListening: (() => Promise<void>) | undefined;
  let isStopped = false;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const envelope = JSON.parse(payload) as Envelope;
      for (const userId of new Set(envelope.userIds)) local.emit(`user:${userId}`, envelope.event);
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed live event');
    }
  };

  async function listenPostgres(): Promise<void> {
    const client = new pg.Client({ connectionString: database.connectionString });
    const reconnect = () => {
      if (isStopped) return;
      client.removeAllListeners();
      client.end().catch(() => {});
      setTimeout(() => {
        listenPostgres()
          .then(() => local.emit('resync-all'))
          .catch((error: unknown) => {
            logger.warn({ err: error }, 'live events: reconnect failed, retrying');
            reconnect();
          });
      }, RECONNECT_DELAY_MS).unref();
    };
    client.on('error', (error) => {
      logger.warn({ err: error }, 'live events: LISTEN connection lost');
      reconnect();
    });
    client.on('notification', (message) => deliver(message.payload));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    stopListening = async () => {
      client.removeAllListeners();
      await client.end().catch(() => {});
    };
  }

  return {
    async publish(db, userIds, event) {
      const payload = JSON.stringify({ userIds, event } satisfies Envelope);
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
    },
    subscribe(userId, listener) {
      const resync = () => listener({ type: 'resync' });
      local.on(`user:${userId}`, listener);
      local.on('resync-all', resync);
      return () => {
        local.off(`user:${userId}`, listener);
        local.off('resync-all', resync);
      };
    },
    async start() {
      if (database.kind === 'pglite') {
        const unsubscribe = await database.pglite!.listen(EVENTS_CHANNEL, deliver);
        stopListening = unsubscribe;
        return;
      }
      await listenPostgres();
    },
    async stop() {
      isStopped = true;
      await stopListening?.();
      local.removeAllListeners();
    },
  };
}
