// The top bar's messages button (issue #6): opens the role's conversation screen (a startup's
// Communications, an investor's Messages; issue #18) and shows the total of unread messages. The live stream keeps the count fresh (lib/live-event-invalidations).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MessageSquare } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/features/auth/api';
import { useLiveStatus } from '@/lib/live-events';
import { badgeText } from '@/lib/utils';
import { unreadCountQuery, useFallbackPolling } from '../api';

export function MessagesButton() {
  const role = useSignedInUser().userType;
  const { data } = useQuery({ ...unreadCountQuery, refetchInterval: useFallbackPolling() });
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  // Exposed as data-live-status so the browser tests can wait for the live stream, not for time.
  const liveStatus = useLiveStatus();
  return (
    <Button asChild variant="ghost" size="icon" className="relative size-9 sm:size-10">
      <Link href={paths.conversations(role)} aria-label={label} title={label} data-live-status={liveStatus}>
        <MessageSquare aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
          >
            {badgeText(unread)}
          </span>
        )}
      </Link>
    </Button>
  );
}
