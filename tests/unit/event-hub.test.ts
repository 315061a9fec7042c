// The event hub's size guard (issue #12): PostgreSQL refuses a NOTIFY payload of 8,000 bytes or
// more and aborts the transaction that sent it, so publish() must never send one. The pure part
// is checked on its own; the rest on a real database (PGlite, or PostgreSQL under test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEventHub, EVENTS_CHANNEL, MAX_NOTIFY_BYTES, toNotifyPayloads, type EventHub, type HubEvent } from '../../src/server/realtime/event-hub';
import type { DatabaseHandle } from '../../src/server/db/client';
import { openTestDatabase } from '../support/test-database';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const parse = (payload: string) => JSON.parse(payload) as { userIds: number[]; event: HubEvent };
// Too large for one NOTIFY in bytes, though not in characters: '€' is three bytes of UTF-8.
const euroHeavyEvent: HubEvent = { type: 'match_updated', matchId: 1, status: '€'.repeat(3_000) };

describe('toNotifyPayloads', () => {
  it('sends a small event to a few users in one payload, each user once', () => {
    const event: HubEvent = { type: 'message', messageId: 7, senderId: 1, receiverId: 2 };
    const { payloads, isReplaced } = toNotifyPayloads([1, 2, 2], event);
    expect(isReplaced).toBe(false);
    expect(payloads.map(parse)).toEqual([{ userIds: [1, 2], event }]);
  });

  it('sends nothing to nobody', () => {
    expect(toNotifyPayloads([], { type: 'resync' }).payloads).toEqual([]);
  });

  it('spreads a long recipient list over several payloads, each under the limit, everyone exactly once', () => {
    const userIds = Array.from({ length: 3_000 }, (_, i) => 1_000_000 + i);
    const event: HubEvent = { type: 'documents_changed', documentId: 42 };
    const { payloads, isReplaced } = toNotifyPayloads(userIds, event);
    expect(isReplaced).toBe(false);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    expect(payloads.map(parse).every((envelope) => JSON.stringify(envelope.event) === JSON.stringify(event))).toBe(true);
    expect(payloads.flatMap((payload) => parse(payload).userIds)).toEqual(userIds);
  });

  it('fills each payload up to the limit exactly (no off-by-one at the boundary)', () => {
    const event: HubEvent = { type: 'resync' };
    for (let maxBytes = 46; maxBytes <= 70; maxBytes++) {
      const { payloads } = toNotifyPayloads([1, 22, 333, 4444, 55555, 666666], event, maxBytes);
      for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(maxBytes);
      // No two neighbouring payloads could have been one.
      for (let i = 1; i < payloads.length; i++) {
        const merged = JSON.stringify({ userIds: [...parse(payloads[i - 1]!).userIds, parse(payloads[i]!).userIds[0]], event });
        expect(bytes(merged)).toBeGreaterThan(maxBytes);
      }
    }
  });

  it('replaces an event too large for one recipient with refetch, counting bytes rather than characters', () => {
    expect(JSON.stringify(euroHeavyEvent).length).toBeLessThan(MAX_NOTIFY_BYTES);
    const { payloads, isReplaced } = toNotifyPayloads([5, 6], euroHeavyEvent);
    expect(isReplaced).toBe(true);
    expect(payloads.map(parse)).toEqual([{ userIds: [5, 6], event: { type: 'refetch' } }]);
  });
});

describe('publish on a real database', () => {
  let database: DatabaseHandle;
  let hub: EventHub;
  const warnings: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    hub = createEventHub(database, { warn: (_obj, msg) => warnings.push(msg ?? '') });
    await hub.start();
  });
  afterAll(async () => {
    await hub?.stop();
    await database?.close();
  });

  /** Resolves with the first event each of `userIds` receives. */
  function firstEventFor(userIds: number[]): Promise<Map<number, HubEvent>> {
    const received = new Map<number, HubEvent>();
    return new Promise((resolve) => {
      const unsubscribes = userIds.map((userId) =>
        hub.subscribe(userId, (event) => {
          if (received.has(userId)) return;
          received.set(userId, event);
          if (received.size === userIds.length) {
            unsubscribes.forEach((unsubscribe) => unsubscribe());
            resolve(received);
          }
        }),
      );
    });
  }

  it('the database really refuses an oversized payload (what the guard protects against)', async () => {
    const payload = JSON.stringify({ userIds: [1], event: euroHeavyEvent });
    await expect(database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`)).rejects.toThrow();
  });

  it('publishes an oversized event as refetch, and the transaction commits', async () => {
    const delivered = firstEventFor([901, 902]);
    await database.db.transaction(async (tx) => {
      await hub.publish(tx, [901, 902], euroHeavyEvent);
      await tx.execute(sql`select 1`); // the transaction is still usable after the publish
    });
    const events = await delivered;
    expect(events.get(901)).toEqual({ type: 'refetch' });
    expect(events.get(902)).toEqual({ type: 'refetch' });
    expect(warnings.some((warning) => warning.includes('too large'))).toBe(true);
  });

  it('delivers one event to thousands of recipients over several NOTIFYs', async () => {
    const userIds = Array.from({ length: 3_000 }, (_, i) => 2_000_000 + i);
    const event: HubEvent = { type: 'documents_changed', documentId: 7 };
    const delivered = firstEventFor(userIds);
    await database.db.transaction((tx) => hub.publish(tx, userIds, event));
    const events = await delivered;
    expect([...events.values()].every((received) => JSON.stringify(received) === JSON.stringify(event))).toBe(true);
  });
});
