// Live events for signed-in users, across app instances, with no extra service: events travel
// through PostgreSQL NOTIFY on one channel and every instance LISTENs. NOTIFY sent inside a
// transaction is delivered only when it commits, so a rolled-back change never announces itself.
// The embedded database (PGlite) takes the same path.
//
// A NOTIFY payload over 8,000 bytes raises an error that aborts the publishing transaction, so an
// oversized event would undo the change it announces. publish() therefore keeps every payload
// under MAX_NOTIFY_BYTES: it splits a long recipient list over several NOTIFYs, and replaces an
// event that is too large on its own with `refetch`.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveEvent } from '../../shared/contracts/events';
import type { DatabaseHandle, DbExecutor } from '../db/client';

export type { LiveEvent };

export const EVENTS_CHANNEL = 'venturematch_events';

/** PostgreSQL refuses payloads of 8,000 bytes or more; this leaves room to spare. */
export const MAX_NOTIFY_BYTES = 7_500;

/**
 * Events for the server's own stream handlers: they travel like the others (so every instance
 * hears them) but are never written to a browser.
 */
export type ServerOnlyEvent =
  // One session of the addressed user ended (a logout): its open streams close.
  | { type: 'session_ended'; sessionId: string }
  // Every session of the addressed user ended but `exceptSessionId` (e.g. a password change).
  | { type: 'sessions_ended'; exceptSessionId: string | null }
  // Something the addressed users' lists show changed without a browser event of its own (a
  // profile they see was saved, scores were recomputed, a block): their cached answers go
  // (http/answer-cache.ts). Their browsers are not told; they refetch when they next look.
  | { type: 'reads_changed' };

export type HubEvent = LiveEvent | ServerOnlyEvent;

interface Envelope {
  userIds: number[];
  event: HubEvent;
}

const REFETCH: LiveEvent = { type: 'refetch' };

/**
 * The NOTIFY payloads that carry `event` to `userIds`, each at most `maxBytes` of UTF-8 (bytes,
 * not characters: that is what PostgreSQL counts). Recipients are spread over as many payloads as
 * needed; an event too large even for one recipient becomes `refetch` (`isReplaced`).
 */
export function toNotifyPayloads(userIds: readonly number[], event: HubEvent, maxBytes = MAX_NOTIFY_BYTES): { payloads: string[]; isReplaced: boolean } {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return { payloads: [], isReplaced: false };
  // The ids are integers, so each adds its digits (and a comma after the first) to the JSON.
  const longestId = recipients.reduce((longest, id) => Math.max(longest, JSON.stringify(id).length), 0);
  const emptyEnvelopeBytes = (candidate: HubEvent) => Buffer.byteLength(JSON.stringify({ userIds: [], event: candidate } satisfies Envelope), 'utf8');
  const isReplaced = emptyEnvelopeBytes(event) + longestId > maxBytes;
  const sent = isReplaced ? REFETCH : event;
  const baseBytes = emptyEnvelopeBytes(sent);

  const payloads: string[] = [];
  let batch: number[] = [];
  let batchBytes = baseBytes;
  const flush = () => {
    payloads.push(JSON.stringify({ userIds: batch, event: sent } satisfies Envelope));
    batch = [];
    batchBytes = baseBytes;
  };
  for (const id of recipients) {
    const idBytes = JSON.stringify(id).length;
    if (batch.length > 0 && batchBytes + 1 + idBytes > maxBytes) flush();
    batchBytes += (batch.length > 0 ? 1 : 0) + idBytes;
    batch.push(id);
  }
  flush();
  return { payloads, isReplaced };
}

/**
 * Follows every event on this instance, whoever it is for (the answer cache does: a change for a
 * user makes their cached answers stale). `queued` runs in publish(), before the change commits,
 * and only on the publishing instance; `delivered` runs when the event arrives after its commit,
 * on every instance; `resynced` when the LISTEN connection was lost and is back (events may have
 * been missed meanwhile).
 */
export interface HubObserver {
  queued?(userIds: readonly number[]): void;
  delivered?(userIds: readonly number[]): void;
  resynced?(): void;
}

export interface EventHub {
  /** Queues `event` for these users on `db` (a transaction: delivered at its commit). */
  publish(db: DbExecutor, userIds: number[], event: HubEvent): Promise<void>;
  /** Calls `listener` for every event addressed to `userId` on any instance. Returns the unsubscribe. */
  subscribe(userId: number, listener: (event: HubEvent) => void): () => void;
  /** Follows every event on this instance (HubObserver). Returns the unsubscribe. */
  observe(observer: HubObserver): () => void;
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
  const observers = new Set<HubObserver>();

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const envelope = JSON.parse(payload) as Envelope;
      for (const observer of observers) observer.delivered?.(envelope.userIds);
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
          .then(() => {
            for (const observer of observers) observer.resynced?.();
            local.emit('resync-all');
          })
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
      const { payloads, isReplaced } = toNotifyPayloads(userIds, event);
      if (isReplaced) logger.warn({ eventType: event.type }, 'live event too large for NOTIFY: sent refetch instead');
      if (payloads.length > 0) for (const observer of observers) observer.queued?.(userIds);
      // In order, on one transaction: listeners receive them in this order at its commit.
      for (const payload of payloads) await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
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
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    async start() {
      if (database.kind === 'pglite') {
        // In this process, on the database's worker thread or an in-process PGlite (tests).
        const unsubscribe = await database.listen!(EVENTS_CHANNEL, deliver);
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
