// Notification rows, shared by the bell's popover and the /notifications page: the sentence, when,
// an unread mark, and a link to what it is about. Opening one marks it read.
import { Link } from 'wouter';
import type { Notification } from '@shared/contracts/notifications';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useSignedInUser } from '@/features/auth/api';
import { RelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useMarkNotificationRead } from '../api';
import { notificationHref } from '../notification-links';

export function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const viewer = useSignedInUser().userType;
  const markRead = useMarkNotificationRead();
  const href = notificationHref(notification.target, viewer);
  const isUnread = notification.readAt === null;
  const open = () => {
    if (isUnread) markRead.mutate(notification.id);
    onOpen?.();
  };
  const sentence = (
    <>
      {notification.sentence}
      {/* The dot is decoration; screen readers hear "unread" with the sentence. */}
      {isUnread && <span className="sr-only"> (unread)</span>}
    </>
  );
  // The pseudo-element stretches the link (or button) over the row, so the whole entry is one target.
  const stretched =
    'rounded-sm text-left underline-offset-4 outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <li className={cn('relative flex items-start gap-3 px-4 py-3', isUnread && 'bg-accent/40')}>
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className={cn('text-sm break-words', isUnread && 'font-medium')}>
          {href ? (
            <Link href={href} onClick={open} className={stretched}>
              {sentence}
            </Link>
          ) : isUnread ? (
            <button type="button" onClick={open} className={stretched}>
              {sentence}
            </button>
          ) : (
            sentence
          )}
        </p>
        {/* Keeps counting ("just now" → "5 minutes ago") while the list stays open. */}
        <RelativeTime iso={notification.createdAt} className="text-xs text-muted-foreground" />
      </div>
    </li>
  );
}

export function NotificationRows({ notifications, onOpen, className }: { notifications: readonly Notification[]; onOpen?: () => void; className?: string }) {
  return (
    <ul className={cn('divide-y', className)}>
      {notifications.map((notification) => (
        <NotificationRow key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </ul>
  );
}

export function NotificationRowsSkeleton({ count }: { count: number }) {
  return (
    <ListSkeleton label="Loading notifications" rows={count} leadingClassName="size-2 rounded-full" lineWidths={['w-3/4', 'w-20']} className="px-4 py-2" />
  );
}
