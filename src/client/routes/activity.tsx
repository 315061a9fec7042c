// /activity: the whole feed, newest first, grouped by day, one page at a time ("Load more"
// follows the server's cursor).
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { Activity } from '@shared/contracts/activity';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NextPageFooter } from '@/components/ui/next-page-footer';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { activityFeedQuery } from '@/features/activity/api';
import { ActivityRow, ActivityRowsSkeleton } from '@/features/activity/components/activity-list';
import { dayKey, formatDayHeading } from '@/lib/format';
import { useNow } from '@/lib/relative-time';

interface DayGroup {
  key: string;
  heading: string;
  items: Activity[];
}

function groupByDay(items: readonly Activity[], now: Date): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const item of items) {
    const key = dayKey(item.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, heading: formatDayHeading(item.createdAt, now), items: [item] });
  }
  return groups;
}

export function ActivityScreen() {
  const { data, isPending, isError, error, refetch, isRefetching, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteQuery(activityFeedQuery);
  // "Today" becomes "Yesterday" at midnight while the feed stays open.
  const now = useNow();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader title="Activity" description="Everything that happened on your account, newest first." />
      {isPending ? (
        <Card>
          <CardContent className="p-4 sm:p-6">
            <ActivityRowsSkeleton count={6} label="Loading activity" />
          </CardContent>
        </Card>
      ) : isError && !isFetchNextPageError ? (
        <ErrorState title="Error loading activities" message={error.message} onRetry={() => void refetch()} isRetrying={isRefetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={History}
          title="No activity yet"
          description="Updates to your profile, documents, matches and messages will be listed here as they happen."
        />
      ) : (
        <div className="grid gap-6">
          {groupByDay(items, now).map((group) => (
            <section key={group.key} aria-labelledby={`activity-day-${group.key}`}>
              <h2 id={`activity-day-${group.key}`} className="mb-2 text-sm font-semibold text-muted-foreground">
                {group.heading}
              </h2>
              <Card>
                <CardContent className="px-4 py-1 sm:px-6">
                  <ul className="divide-y">
                    {group.items.map((activity) => (
                      <ActivityRow key={activity.id} activity={activity} timeStyle="clock" />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </section>
          ))}
          <NextPageFooter
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            isFetchNextPageError={isFetchNextPageError}
            error={error}
            fetchNextPage={fetchNextPage}
            errorTitle="Error loading activities"
            endText="That's all of your activity."
          />
        </div>
      )}
    </>
  );
}
