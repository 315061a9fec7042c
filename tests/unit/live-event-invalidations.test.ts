// The live event table (src/client/lib/live-event-invalidations.ts): every event type the server
// sends has an entry, and every entry names keys the features' key factories produce, so a
// renamed key cannot leave an event refetching nothing.
import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, type LiveEvent, type LiveEventType } from '../../src/shared/contracts/events';
import { accountKeys } from '../../src/client/features/account/api';
import { activityKeys } from '../../src/client/features/activity/api';
import { analyticsKeys } from '../../src/client/features/analytics/api';
import { authKeys } from '../../src/client/features/auth/api';
import { dashboardKeys } from '../../src/client/features/dashboard/api';
import { dataRoomKeys } from '../../src/client/features/data-room/api';
import { matchKeys } from '../../src/client/features/matching/api';
import { messageKeys } from '../../src/client/features/messaging/api';
import { milestoneKeys } from '../../src/client/features/milestones/api';
import { notificationKeys } from '../../src/client/features/notifications/api';
import { portfolioKeys } from '../../src/client/features/portfolio/api';
import { profileKeys } from '../../src/client/features/profiles/api';
import { EVERY_QUERY, LIVE_EVENT_INVALIDATIONS, invalidationFor } from '../../src/client/lib/live-event-invalidations';

/** One event of each type, with distinct ids so a key built from the wrong field shows. */
const SAMPLE_EVENTS = {
  message: { type: 'message', messageId: 1, senderId: 11, receiverId: 12 },
  message_read: { type: 'message_read', readerId: 21, partnerId: 22, upToMessageId: 2, count: 3 },
  match_updated: { type: 'match_updated', matchId: 4, status: 'accepted' },
  milestone_updated: { type: 'milestone_updated', milestoneId: 5, startupId: 31, investorId: 32 },
  documents_changed: { type: 'documents_changed', documentId: 6 },
  notifications_changed: { type: 'notifications_changed', unread: 3, notificationId: 7 },
  resync: { type: 'resync' },
  refetch: { type: 'refetch' },
} satisfies { [T in LiveEventType]: Extract<LiveEvent, { type: T }> };

/** What each event must refetch, written with the factories. */
const EXPECTED: Record<LiveEventType, readonly QueryKey[] | typeof EVERY_QUERY> = {
  message: [
    messageKeys.conversations(),
    messageKeys.unreadCount(),
    messageKeys.thread(11),
    messageKeys.thread(12),
    dashboardKeys.all,
    activityKeys.all,
    analyticsKeys.all,
  ],
  message_read: [messageKeys.conversations(), messageKeys.unreadCount(), messageKeys.thread(21), messageKeys.thread(22)],
  match_updated: [
    matchKeys.all,
    dashboardKeys.all,
    activityKeys.all,
    messageKeys.conversations(),
    dataRoomKeys.all,
    analyticsKeys.all,
    accountKeys.intakeSettings(),
  ],
  milestone_updated: [milestoneKeys.all, activityKeys.all],
  documents_changed: [dataRoomKeys.all, dashboardKeys.all, activityKeys.all],
  notifications_changed: [notificationKeys.all],
  resync: EVERY_QUERY,
  refetch: EVERY_QUERY,
};

const FACTORY_ROOTS: readonly QueryKey[] = [
  accountKeys,
  activityKeys,
  analyticsKeys,
  authKeys,
  dashboardKeys,
  dataRoomKeys,
  matchKeys,
  messageKeys,
  milestoneKeys,
  notificationKeys,
  portfolioKeys,
  profileKeys,
].map((factory) => factory.all);

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.length <= key.length && prefix.every((part, index) => Object.is(part, key[index]));

describe('live event invalidations', () => {
  it('has an entry for every event type the stream sends, and nothing else', () => {
    expect(Object.keys(LIVE_EVENT_INVALIDATIONS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    expect(Object.keys(SAMPLE_EVENTS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
  });

  it.each(LIVE_EVENT_TYPES)('maps %s to the keys the factories produce', (type) => {
    expect(invalidationFor(SAMPLE_EVENTS[type])).toEqual(EXPECTED[type]);
  });

  it('names only keys under a feature factory, none covered by another in the same entry', () => {
    for (const type of LIVE_EVENT_TYPES) {
      const keys = invalidationFor(SAMPLE_EVENTS[type]);
      if (keys === EVERY_QUERY) continue;
      expect(keys.length, type).toBeGreaterThan(0);
      for (const key of keys)
        expect(
          FACTORY_ROOTS.some((root) => startsWith(key, root)),
          `${type}: ${JSON.stringify(key)}`,
        ).toBe(true);
      // A key under another would be invalidated twice, cancelling its own first refetch.
      for (const [index, key] of keys.entries()) {
        for (const other of keys.slice(index + 1))
          expect(startsWith(key, other) || startsWith(other, key), `${type}: ${JSON.stringify(key)} / ${JSON.stringify(other)}`).toBe(false);
      }
    }
  });

  it('refetches everything only when events may have been missed', () => {
    const everything = LIVE_EVENT_TYPES.filter((type) => invalidationFor(SAMPLE_EVENTS[type]) === EVERY_QUERY);
    expect(everything.sort()).toEqual(['refetch', 'resync']);
  });

  it('ignores an event type this client does not know', () => {
    expect(invalidationFor({ type: 'from_a_newer_server' } as unknown as LiveEvent)).toEqual([]);
  });

  it('keeps each factory under its own root', () => {
    const roots = FACTORY_ROOTS.map((root) => JSON.stringify(root));
    expect(new Set(roots).size).toBe(roots.length);
    expect(messageKeys.thread(7)).toEqual([...messageKeys.all, 'thread', 7]);
    expect(startsWith(matchKeys.list('startup'), matchKeys.all)).toBe(true);
    expect(startsWith(dataRoomKeys.content(1, 'pdf'), dataRoomKeys.all)).toBe(true);
    expect(startsWith(milestoneKeys.pair(3), milestoneKeys.all)).toBe(true);
  });
});
