// A per-user memory of recent JSON answers for the hot lists (issue #16, ADR 0039): the match
// lists and the conversation list. A tab that reopens a screen, a second tab, or a client that
// refetches after a live event for someone else gets the bytes already built, with no query,
// serialisation or compression, while the database would still give the same answer:
// - every change announced on the event hub for a user (a message, a decision, a `reads_changed`
//   from a profile save, a re-score or a block) moves that user to a new generation, on every
//   instance, and answers of an older generation are never served again;
// - on the instance that makes a change, its users' answers are neither served nor stored from
//   the moment the change is queued until its announcement comes back after the commit, so a
//   user's own change is always in their next answer. Another instance may answer from memory for
//   the few milliseconds the announcement takes to reach it (the session cache's trade-off);
// - an answer read while an announcement for its user arrived is not stored: it may predate it;
// - an answer that the clock alone changes (a grant that expires) is kept no longer than that
//   moment: the read states it on its ticket;
// - an entry lives at most ANSWER_TTL_MS, and everything goes when the hub lost its LISTEN
//   connection and is back, so a change that was never announced costs at most that long.
// A feature whose writes change what a cached list shows must announce them (`reads_changed`);
// tests/api/answer-cache.test.ts checks each kind of change against a cached list.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { weakEtagOf } from './conditional-get';

/** As long as the session cache's: bounds what an unannounced change can cost. */
export const ANSWER_TTL_MS = 30_000;
/** Memory for answers, by the length of their JSON plus their compressed copies. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A change queued here whose announcement never came back (its transaction rolled back) stops blocking the cache after this. */
const IN_FLIGHT_LIMIT_MS = 10_000;

export type AnswerEncoding = 'br' | 'gzip';

export interface CachedAnswer {
  /** The serialised JSON, exactly as the route wrote it. */
  readonly body: string;
  readonly etag: string;
  /** Compressed once, on first demand per encoding. */
  readonly encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** What a read must hand back to store its answer: whose, which generation it started in, and for which request. */
export interface AnswerTicket {
  userId: number;
  generation: number;
  key: string;
  /**
   * When the same read would answer differently with no change made (a document grant that
   * expires), in ms since the epoch: the answer is kept no longer, and not at all once it is past.
   */
  validUntil?: number;
}

export interface AnswerCache {
  /** The user's current answer for `key`, if one is held and nothing of theirs is changing. */
  recall(userId: number, key: string): CachedAnswer | undefined;
  /** Starts a read whose answer may be stored; null while a change of the user's is on its way. */
  open(userId: number, key: string): AnswerTicket | null;
  /** Stores a read's answer, unless the user's data changed since the read was opened. */
  remember(ticket: AnswerTicket, body: string): CachedAnswer | undefined;
  readonly size: number;
}

/**
 * What the cache needs of the event hub (realtime/event-hub.ts implements it as `observe`); stated
 * here because http/ sits below realtime/ in the dependency graph (docs/architecture.md).
 */
export interface ChangeAnnouncements {
  observe(observer: { queued?(userIds: readonly number[]): void; delivered?(userIds: readonly number[]): void; resynced?(): void }): () => void;
}

export interface AnswerCacheOptions {
  clock: () => Date;
  /** The instance's hub: what tells the cache about changes made anywhere. */
  events: ChangeAnnouncements;
  ttlMs?: number;
  maxBytes?: number;
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const now = () => options.clock().getTime();
  // A user absent from the map is in generation 0; the map holds only users with an announcement.
  const generations = new Map<number, number>();
  const inFlight = new Map<number, { count: number; until: number }>();
  const defaultTtl = options.ttlMs ?? ANSWER_TTL_MS;
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes ?? ANSWER_CACHE_MAX_BYTES,
    // The JSON, plus room for its compressed copies (made later, each a fraction of it).
    sizeCalculation: (answer) => answer.body.length * 2,
    ttl: defaultTtl,
    perf: { now },
    ttlResolution: 0,
  });

  const generationOf = (userId: number) => generations.get(userId) ?? 0;
  const entryKey = (userId: number, generation: number, key: string) => `${userId}|${generation}|${key}`;
  const isChanging = (userId: number) => {
    const pending = inFlight.get(userId);
    if (!pending) return false;
    if (now() < pending.until) return true;
    inFlight.delete(userId);
    return false;
  };

  options.events.observe({
    queued(userIds) {
      const until = now() + IN_FLIGHT_LIMIT_MS;
      for (const userId of new Set(userIds)) inFlight.set(userId, { count: (inFlight.get(userId)?.count ?? 0) + 1, until });
    },
    delivered(userIds) {
      for (const userId of new Set(userIds)) {
        generations.set(userId, generationOf(userId) + 1);
        const pending = inFlight.get(userId);
        if (pending && --pending.count <= 0) inFlight.delete(userId);
      }
    },
    resynced: () => entries.clear(),
  });

  return {
    recall(userId, key) {
      if (isChanging(userId)) return undefined;
      return entries.get(entryKey(userId, generationOf(userId), key));
    },
    open(userId, key) {
      return isChanging(userId) ? null : { userId, generation: generationOf(userId), key };
    },
    remember(ticket, body) {
      if (isChanging(ticket.userId) || generationOf(ticket.userId) !== ticket.generation) return undefined;
      // The cache counts an entry stale once strictly more than its ttl has passed; an answer must
      // already be stale at `validUntil` itself (a grant is not live at its expiry), hence the − 1.
      const ttl = ticket.validUntil === undefined ? defaultTtl : Math.min(ticket.validUntil - now() - 1, defaultTtl);
      // A ttl of 0 would mean "for ever" to the cache.
      if (ttl < 1) return undefined;
      const answer: CachedAnswer = { body, etag: weakEtagOf(body), encoded: {} };
      entries.set(entryKey(ticket.userId, ticket.generation, ticket.key), answer, { ttl });
      return answer;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The answer's bytes in `encoding`, compressed on first use and kept with it (brotli at quality 4,
 * as @fastify/compress does per request: fast, and most of brotli's gain on JSON).
 */
export function encodedAnswer(answer: CachedAnswer, encoding: AnswerEncoding): Buffer {
  let bytes = answer.encoded[encoding];
  if (!bytes) {
    bytes = encoding === 'br' ? brotliCompressSync(answer.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(answer.body);
    (answer.encoded as Record<AnswerEncoding, Buffer>)[encoding] = bytes;
  }
  return bytes;
}
