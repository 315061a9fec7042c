// The answer cache's rules on their own (http/answer-cache.ts), driven through a hub whose
// announcements the test sends by hand: what is served, what is stored, and when each stops.
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { ANSWER_TTL_MS, createAnswerCache, encodedAnswer } from '../../src/server/http/answer-cache';
import type { EventHub, HubObserver } from '../../src/server/realtime/event-hub';
import { createTestClock } from '../support/test-app';

function manualHub(): EventHub & { observer: () => HubObserver } {
  let observer: HubObserver | undefined;
  return {
    publish: async () => {},
    subscribe: () => () => {},
    start: async () => {},
    stop: async () => {},
    observe(next) {
      observer = next;
      return () => (observer = undefined);
    },
    observer: () => observer!,
  };
}

function setUp() {
  const clock = createTestClock();
  const hub = manualHub();
  const cache = createAnswerCache({ clock: clock.now, events: hub });
  return { clock, hub: hub.observer(), cache };
}

const ALICE = 1;
const BOB = 2;

describe('createAnswerCache', () => {
  it('serves a stored answer to its user for its key only', () => {
    const { cache } = setUp();
    cache.remember(cache.open(ALICE, 'list')!, '{"a":1}');
    expect(cache.recall(ALICE, 'list')?.body).toBe('{"a":1}');
    expect(cache.recall(ALICE, 'other')).toBeUndefined();
    expect(cache.recall(BOB, 'list')).toBeUndefined();
  });

  it('stops serving a user’s answers when a change for them is delivered, and only theirs', () => {
    const { cache, hub } = setUp();
    cache.remember(cache.open(ALICE, 'list')!, '"alice"');
    cache.remember(cache.open(BOB, 'list')!, '"bob"');
    hub.delivered!([ALICE]);
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
    expect(cache.recall(BOB, 'list')?.body).toBe('"bob"');
  });

  it('does not store an answer whose read was overlapped by a delivered change: it may predate it', () => {
    const { cache, hub } = setUp();
    const ticket = cache.open(ALICE, 'list')!;
    hub.delivered!([ALICE]);
    expect(cache.remember(ticket, '"old"')).toBeUndefined();
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
  });

  it('keeps an answer no longer than the moment its read says it stops being true, and not at all once that is past', () => {
    const { cache, clock } = setUp();
    const ticket = cache.open(ALICE, 'documents')!;
    ticket.validUntil = clock.now().getTime() + 5_000;
    cache.remember(ticket, '"until a grant expires"');
    clock.advanceMs(4_999);
    expect(cache.recall(ALICE, 'documents')?.body).toBe('"until a grant expires"');
    clock.advanceMs(1);
    expect(cache.recall(ALICE, 'documents')).toBeUndefined();

    const late = cache.open(ALICE, 'documents')!;
    late.validUntil = clock.now().getTime();
    expect(cache.remember(late, '"already stale"')).toBeUndefined();
    expect(cache.recall(ALICE, 'documents')).toBeUndefined();
  });

  it('neither serves nor stores a user’s answers from the moment a change is queued here until it comes back', () => {
    const { cache, hub } = setUp();
    cache.remember(cache.open(ALICE, 'list')!, '"before"');
    const earlyTicket = cache.open(ALICE, 'list')!;
    hub.queued!([ALICE]);
    // Committed, answered, but not yet heard back: the user's next read must reach the database.
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
    expect(cache.open(ALICE, 'list')).toBeNull();
    expect(cache.remember(earlyTicket, '"during"')).toBeUndefined();
    hub.delivered!([ALICE]);
    expect(cache.open(ALICE, 'list')).not.toBeNull();
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
  });

  it('waits for every queued change of a user, and gives up on one never delivered (rolled back) after ten seconds', () => {
    const { cache, hub, clock } = setUp();
    hub.queued!([ALICE]);
    hub.queued!([ALICE]);
    hub.delivered!([ALICE]);
    expect(cache.open(ALICE, 'list')).toBeNull();
    clock.advanceMs(10_000);
    expect(cache.open(ALICE, 'list')).not.toBeNull();
  });

  it('forgets an answer after its time to live, and everything when the hub had to reconnect', () => {
    const { cache, hub, clock } = setUp();
    cache.remember(cache.open(ALICE, 'list')!, '"a"');
    clock.advanceMs(ANSWER_TTL_MS + 1);
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
    cache.remember(cache.open(ALICE, 'list')!, '"b"');
    hub.resynced!();
    expect(cache.recall(ALICE, 'list')).toBeUndefined();
  });

  it('compresses an answer once per encoding and keeps the bytes', () => {
    const { cache } = setUp();
    const answer = cache.remember(cache.open(ALICE, 'list')!, JSON.stringify({ items: Array(50).fill('card') }))!;
    const gzip = encodedAnswer(answer, 'gzip');
    expect(encodedAnswer(answer, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString('utf8')).toBe(answer.body);
    expect(answer.etag).toMatch(/^W\/"/);
  });
});
