// Activity rows shared by the dashboard card and the /activity screen.
import type { Activity } from '@shared/contracts/activity';
import { ListSkeleton } from '@/components/ui/skeleton';
import { formatClockTime, formatDateTime, formatRelativeTime } from '@/lib/format';
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
    <ListSkeleton
      label={label}
      rows={count}
      leadingClassName="size-9 rounded-full"
      lineWidths={['w-3/4', 'w-20']}
      rowTestId="activity-skeleton-row"
      className={className}
    />
  );
}
