// A short-lived memory of resolved sessions, one per app instance, so a signed-in request needs no
// database round trip to learn who is asking (issue #16). It only ever answers what the database
// would still say:
// - every end of a session (a logout, a sign-in replacing the browser's session, ending a user's
//   sessions after a password change or a revocation) is announced on the event hub, which every
//   instance hears: the entry goes on each of them, and at once on the instance that ended it;
// - a remembered session past its idle or absolute deadline is not answered from here
//   (session.service.ts checks the remembered deadlines against its clock and asks the database);
// - an entry lives at most TTL_MS, and a user's entries go when the hub says it lost its LISTEN
//   connection and is back (`resync`), so an announcement missed meanwhile costs at most that.
// It is bounded: past MAX_ENTRIES the least recently used session is forgotten. Keys are the
// sessions' sha256 ids, never the cookie tokens.
import { LRUCache } from 'lru-cache';
import type { Actor } from '../../actor';
import type { EventHub, HubEvent } from '../../realtime/event-hub';
import type { ServiceContext } from '../../service-context';

/** Long enough to spare a busy client nearly every lookup; short enough to bound a missed announcement. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** About 2 MB of memory at most. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What a lookup needs to answer without the database: who, and the deadlines to check again. */
export interface RememberedSession {
  actor: Actor;
  lastActiveAt: Date;
  absoluteExpiresAt: Date;
}

export interface SessionCache {
  recall(sessionId: string): RememberedSession | undefined;
  remember(sessionId: string, session: RememberedSession): void;
  forget(sessionId: string): void;
  /** Forgets every remembered session of the user, but `exceptSessionId`. */
  forgetUser(userId: number, exceptSessionId?: string | null): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  /** The app's clock: entries expire in its time, so tests move it instead of waiting. */
  clock: () => Date;
  /** Where the ends of sessions are announced, on every instance. */
  events: EventHub;
  ttlMs?: number;
  maxEntries?: number;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  // The hub delivers by user, so each user with a remembered session is listened to, and no longer.
  const watchedUsers = new Map<number, { sessionIds: Set<string>; unsubscribe: () => void }>();

  const unwatch = (userId: number, sessionId: string) => {
    const watched = watchedUsers.get(userId);
    if (!watched) return;
    watched.sessionIds.delete(sessionId);
    if (watched.sessionIds.size > 0) return;
    watched.unsubscribe();
    watchedUsers.delete(userId);
  };

  const entries = new LRUCache<string, RememberedSession>({
    max: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
    ttl: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    perf: { now: () => options.clock().getTime() },
    // Read the clock at every check: the default reuses one reading for a millisecond, by a timer.
    ttlResolution: 0,
    // However an entry leaves (forgotten, expired, evicted, replaced), its user's watch follows.
    dispose: (session, sessionId) => unwatch(session.actor.id, sessionId),
  });

  const forgetUser = (userId: number, exceptSessionId: string | null = null) => {
    const watched = watchedUsers.get(userId);
    if (!watched) return;
    for (const sessionId of [...watched.sessionIds]) if (sessionId !== exceptSessionId) entries.delete(sessionId);
  };

  const onAnnouncement = (userId: number) => (event: HubEvent) => {
    if (event.type === 'session_ended') entries.delete(event.sessionId);
    else if (event.type === 'sessions_ended') forgetUser(userId, event.exceptSessionId);
    // The hub was reconnected: announcements made while it was away were never heard.
    else if (event.type === 'resync') forgetUser(userId);
  };

  const watch = (userId: number, sessionId: string) => {
    let watched = watchedUsers.get(userId);
    if (!watched) {
      watched = { sessionIds: new Set(), unsubscribe: options.events.subscribe(userId, onAnnouncement(userId)) };
      watchedUsers.set(userId, watched);
    }
    watched.sessionIds.add(sessionId);
  };

  return {
    recall: (sessionId) => entries.get(sessionId),
    remember(sessionId, session) {
      entries.set(sessionId, session);
      watch(session.actor.id, sessionId);
    },
    forget: (sessionId) => void entries.delete(sessionId),
    forgetUser,
    get size() {
      return entries.size;
    },
  };
}

const cachesByHub = new WeakMap<EventHub, SessionCache>();

/**
 * This app instance's session cache, made on first use. It is kept per event hub because the hub
 * is the instance's own (two apps in one process, as in the tests, each have theirs) and is what
 * tells the cache about sessions ended anywhere.
 */
export function instanceSessionCache(ctx: Pick<ServiceContext<Actor | null>, 'events' | 'clock'>): SessionCache {
  let cache = cachesByHub.get(ctx.events);
  if (!cache) {
    cache = createSessionCache({ clock: ctx.clock, events: ctx.events });
    cachesByHub.set(ctx.events, cache);
  }
  return cache;
}
