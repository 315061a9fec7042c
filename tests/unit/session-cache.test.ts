// The session cache on its own (issue #16): bounded, expiring in the app's clock, and forgetting
// what the event hub announces as ended. The hub here is a stand-in that records its listeners, so
// a test can announce an event and see which listeners are still attached.
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor';
import { createSessionCache, type RememberedSession } from '../../src/server/features/auth/session-cache';
import type { EventHub, HubEvent } from '../../src/server/realtime/event-hub';
import { createTestClock } from '../support/test-app';

function recordingHub(): EventHub & { announce(userId: number, event: HubEvent): void; listenerCount(userId: number): number } {
  const listeners = new Map<number, Set<(event: HubEvent) => void>>();
  return {
    publish: async () => {},
    start: async () => {},
    stop: async () => {},
    observe: () => () => {},
    subscribe(userId, listener) {
      const forUser = listeners.get(userId) ?? new Set();
      forUser.add(listener);
      listeners.set(userId, forUser);
      return () => forUser.delete(listener);
    },
    announce: (userId, event) => {
      for (const listener of [...(listeners.get(userId) ?? [])]) listener(event);
    },
    listenerCount: (userId) => listeners.get(userId)?.size ?? 0,
  };
}

const session = (userId: number, sessionId: string, now: Date): RememberedSession => ({
  actor: { id: userId, userType: 'startup', sessionId } satisfies Actor,
  lastActiveAt: now,
  absoluteExpiresAt: new Date(now.getTime() + 86_400_000),
});

describe('the session cache', () => {
  it('holds at most maxEntries, forgetting the least recently used first', () => {
    const clock = createTestClock();
    const cache = createSessionCache({ clock: clock.now, events: recordingHub(), maxEntries: 3 });
    for (const id of ['a', 'b', 'c']) cache.remember(id, session(1, id, clock.now()));
    cache.recall('a'); // used: now b is the least recent
    cache.remember('d', session(2, 'd', clock.now()));
    expect(cache.size).toBe(3);
    expect(cache.recall('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => cache.recall(id)?.actor.sessionId)).toEqual(['a', 'c', 'd']);
  });

  it('forgets an entry once its time to live has passed on the app clock', () => {
    const clock = createTestClock();
    const cache = createSessionCache({ clock: clock.now, events: recordingHub(), ttlMs: 30_000 });
    cache.remember('a', session(1, 'a', clock.now()));
    clock.advanceMs(29_999);
    expect(cache.recall('a')?.actor.id).toBe(1);
    clock.advanceMs(2);
    expect(cache.recall('a')).toBeUndefined();
  });

  it('forgets a session the hub announces as ended, and only that one', () => {
    const clock = createTestClock();
    const hub = recordingHub();
    const cache = createSessionCache({ clock: clock.now, events: hub });
    cache.remember('a', session(1, 'a', clock.now()));
    cache.remember('b', session(1, 'b', clock.now()));
    hub.announce(1, { type: 'session_ended', sessionId: 'a' });
    expect(cache.recall('a')).toBeUndefined();
    expect(cache.recall('b')?.actor.sessionId).toBe('b');
  });

  it('forgets every session of a user but the one kept when the hub announces the user’s sessions ended', () => {
    const clock = createTestClock();
    const hub = recordingHub();
    const cache = createSessionCache({ clock: clock.now, events: hub });
    for (const id of ['a', 'b', 'kept']) cache.remember(id, session(1, id, clock.now()));
    cache.remember('other', session(2, 'other', clock.now()));
    hub.announce(1, { type: 'sessions_ended', exceptSessionId: 'kept' });
    expect(['a', 'b', 'kept', 'other'].map((id) => cache.recall(id)?.actor.sessionId ?? null)).toEqual([null, null, 'kept', 'other']);
  });

  it('forgets a user’s sessions at a resync: announcements may have been missed while the hub reconnected', () => {
    const clock = createTestClock();
    const hub = recordingHub();
    const cache = createSessionCache({ clock: clock.now, events: hub });
    cache.remember('a', session(1, 'a', clock.now()));
    hub.announce(1, { type: 'resync' });
    expect(cache.recall('a')).toBeUndefined();
  });

  it('listens to a user only while one of their sessions is remembered', () => {
    const clock = createTestClock();
    const hub = recordingHub();
    const cache = createSessionCache({ clock: clock.now, events: hub, maxEntries: 2 });
    cache.remember('a', session(1, 'a', clock.now()));
    cache.remember('b', session(1, 'b', clock.now()));
    expect(hub.listenerCount(1)).toBe(1);
    cache.forget('a');
    expect(hub.listenerCount(1)).toBe(1);
    // Evicted by two newer sessions of another user: user 1 has nothing left to listen for.
    cache.remember('c', session(2, 'c', clock.now()));
    cache.remember('d', session(2, 'd', clock.now()));
    expect(hub.listenerCount(1)).toBe(0);
    expect(hub.listenerCount(2)).toBe(1);
    cache.forgetUser(2);
    expect(hub.listenerCount(2)).toBe(0);
    expect(cache.size).toBe(0);
  });
});
