// Which cached queries each live event makes stale: the one table from server event to refetch.
// lib/live-events.tsx dispatches every event through it; screens never subscribe to refetch.
// Invalidating marks every query under a key stale and refetches the ones on screen, so a
// screen opened later shows the change too. A new event type without an entry fails the
// typecheck (the `satisfies` below), and tests/unit/live-event-invalidations.test.ts checks
// that every key comes from a feature's key factory.
import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveEventType } from '@shared/contracts/events';
import { accountKeys } from '@/features/account/api';
import { activityKeys } from '@/features/activity/api';
import { analyticsKeys } from '@/features/analytics/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { dataRoomKeys } from '@/features/data-room/api';
import { matchKeys } from '@/features/matching/api';
import { messageKeys } from '@/features/messaging/api';
import { milestoneKeys } from '@/features/milestones/api';
import { notificationKeys } from '@/features/notifications/api';

/** Every active query, for when events may have been missed. */
export const EVERY_QUERY = 'every-query';

type EventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
type Invalidation<T extends LiveEventType> = typeof EVERY_QUERY | ((event: EventOf<T>) => readonly QueryKey[]);

// Entries are functions, called per event: this module and the feature modules import each
// other indirectly (through lib/live-events), so nothing here may read a factory at load time.
export const LIVE_EVENT_INVALIDATIONS = {
  // The summaries, the unread total and this pair's thread; the dashboard's Active Conversations
  // and the feed (a send records `message_sent`); the investor's weekly activity chart.
  message: (event) => [
    messageKeys.conversations(),
    messageKeys.unreadCount(),
    messageKeys.thread(event.senderId),
    messageKeys.thread(event.receiverId),
    dashboardKeys.all,
    activityKeys.all,
    analyticsKeys.all,
  ],
  // Read receipts: the pair's thread, the summaries' unread counts and the total.
  message_read: (event) => [messageKeys.conversations(), messageKeys.unreadCount(), messageKeys.thread(event.readerId), messageKeys.thread(event.partnerId)],
  // The other party decided: both lists and the counts; an acceptance adds a conversation and a
  // milestone partner (from the match list) and may auto-share documents; a request counts
  // against the investor's week (Settings › Deal flow).
  match_updated: () => [
    matchKeys.all,
    dashboardKeys.all,
    activityKeys.all,
    messageKeys.conversations(),
    dataRoomKeys.all,
    analyticsKeys.all,
    accountKeys.intakeSettings(),
  ],
  // Either party changed the plan: the open plan and the dashboard's upcoming list, and the feed
  // (a partner's change is an entry in it).
  milestone_updated: () => [milestoneKeys.all, activityKeys.all],
  // An upload, delete, share, revocation or view (another tab, the other party); a view is an
  // entry in the owner's feed.
  documents_changed: () => [dataRoomKeys.all, dashboardKeys.all, activityKeys.all],
  // A notification was created or updated, or some were read (in another tab too): the bell and the page.
  notifications_changed: () => [notificationKeys.all],
  // The server lost its LISTEN connection, or an event was too large to send.
  resync: EVERY_QUERY,
  refetch: EVERY_QUERY,
} satisfies { [T in LiveEventType]: Invalidation<T> };

/** What one event invalidates: query keys, or EVERY_QUERY. */
export function invalidationFor(event: LiveEvent): readonly QueryKey[] | typeof EVERY_QUERY {
  // The table is typed per event type; TypeScript cannot correlate the entry with `event` itself.
  // A type this client does not know (a newer server) invalidates nothing rather than throwing.
  const entry = (LIVE_EVENT_INVALIDATIONS as Partial<Record<string, Invalidation<LiveEventType>>>)[event.type];
  if (!entry) return [];
  return entry === EVERY_QUERY ? entry : entry(event);
}
