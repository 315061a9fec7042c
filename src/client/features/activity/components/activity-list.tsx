// Activity rows shared by the dashboard card and the /activity screen.
import type { Activity } from '@shared/contracts/activity';
import { Skeleton } from '@/components/ui/skeleton';
import { formatClockTime, formatDateTime, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ActivityIconBadge } from './activity-icon';

export function ActivityRow({ activity, timeStyle }: { activity: Activity; timeStyle: 'relative' | 'clock' }) {
  return (
    <li className="flex items-start gap-3 py-3">
      <ActivityIconBadge activityType={activity.activityType} />
      <div className="grid min-w-0 flex-1 gap-0.5 pt-0.5">
        <p className="text-sm font-medium break-words">{activity.description}</p>
        <time dateTime={activity.createdAt} title={formatDateTime(activity.createdAt)} className="text-xs text-muted-foreground">
          {timeStyle === 'relative' ? formatRelativeTime(activity.createdAt) : formatClockTime(activity.createdAt)}
        </time>
      </div>
    </li>
  );
}

export function ActivityRowsSkeleton({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('grid', className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="activity-skeleton-row" className="flex items-center gap-3 py-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
