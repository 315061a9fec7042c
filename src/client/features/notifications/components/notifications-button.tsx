// The top bar's bell (issue #18): the unread count (capped "99+"), and a popover with the latest
// notifications, "Mark all as read" and "View all" (/notifications). The live stream keeps the
// count and the list fresh (`notifications_changed`, lib/live-event-invalidations.ts).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Bell } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { badgeText } from '@/lib/utils';
import { latestNotificationsQuery, unreadNotificationCountQuery, useMarkAllNotificationsRead } from '../api';
import { NotificationRows, NotificationRowsSkeleton } from './notification-list';

export function NotificationsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const unread = useQuery(unreadNotificationCountQuery).data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative size-9 sm:size-10" aria-label={label} title={label}>
          <Bell aria-hidden className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notifications-badge"
              className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
            >
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="flex max-h-[min(32rem,calc(100dvh-5rem))] w-96 flex-col p-0">
        {/* Mounted only while open: the list is fetched when someone looks at it. */}
        {isOpen && <LatestNotifications hasUnread={unread > 0} onNavigate={() => setIsOpen(false)} />}
      </PopoverContent>
    </Popover>
  );
}

function LatestNotifications({ hasUnread, onNavigate }: { hasUnread: boolean; onNavigate: () => void }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(latestNotificationsQuery);
  const markAll = useMarkAllNotificationsRead();
  const items = data?.items ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} disabled={!hasUnread || markAll.isPending}>
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <NotificationRowsSkeleton count={4} />
        ) : isError ? (
          <ErrorState
            compact
            className="m-3"
            title="Error loading notifications"
            message={error.message}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-8 text-center">
            <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Bell aria-hidden className="size-5" />
            </div>
            <p className="text-sm font-medium">No notifications yet</p>
            <p className="mt-1 text-sm text-muted-foreground">News about your matches, messages and documents will show up here.</p>
          </div>
        ) : (
          <NotificationRows notifications={items} onOpen={onNavigate} />
        )}
      </div>
      <div className="border-t p-2">
        <Button asChild variant="ghost" size="sm" className="w-full">
          <Link href={paths.notifications} onClick={onNavigate}>
            View all
          </Link>
        </Button>
      </div>
    </>
  );
}
