// Activity rows shared by the dashboard card and the /activity screen. Each entry links to the
// thing it is about (its `target`, from the server), built with `paths` for the viewer's role.
import { Link } from 'wouter';
import type { Activity, ActivityTarget } from '@shared/contracts/activity';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useSignedInUser } from '@/features/auth/api';
import { formatClockTime, formatDateTime } from '@/lib/format';
import { RelativeTime } from '@/lib/relative-time';
import { ActivityIconBadge } from './activity-icon';

/** Where an entry leads, for this viewer; null when there is nothing to open. */
export function activityHref(target: ActivityTarget | null, viewer: UserType): string | null {
  if (!target) return null;
  switch (target.kind) {
    case 'own_profile':
      return paths.profile(viewer);
    case 'document':
      // The owner's documents live in their data room; an investor reads shared ones under Documents.
      return viewer === 'startup' ? paths.dataRoom : paths.documents;
    case 'match':
      return paths.matches(viewer, target.tab ? { tab: target.tab } : undefined);
    case 'matches':
      return paths.matches(viewer);
    case 'milestones':
      return paths.milestones(viewer, target.partnerId === null ? undefined : { partner: target.partnerId });
    case 'messages':
      return paths.messages();
    case 'public_profile':
      return paths.publicProfile(target.userType, target.userId);
    default:
      // A kind from a newer server: show the entry without a link rather than a broken one.
      return null;
  }
}

export function ActivityRow({ activity, timeStyle }: { activity: Activity; timeStyle: 'relative' | 'clock' }) {
  const viewer = useSignedInUser().userType;
  const href = activityHref(activity.target, viewer);
  return (
    <li className="relative flex items-start gap-3 py-3">
      <ActivityIconBadge activityType={activity.activityType} />
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-0.5 pt-0.5">
        <p className="text-sm font-medium break-words">
          {href ? (
            // The pseudo-element stretches the link over the row, so the whole entry is one target.
            <Link
              href={href}
              className="rounded-sm underline-offset-4 outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {activity.description}
            </Link>
          ) : (
            activity.description
          )}
        </p>
        {timeStyle === 'relative' ? (
          // Keeps counting ("just now" → "5 minutes ago") while the card stays open.
          <RelativeTime iso={activity.createdAt} className="text-xs text-muted-foreground" />
        ) : (
          <time dateTime={activity.createdAt} title={formatDateTime(activity.createdAt)} className="text-xs text-muted-foreground">
            {formatClockTime(activity.createdAt)}
          </time>
        )}
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
