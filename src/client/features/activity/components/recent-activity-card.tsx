// The dashboard's Recent Activity card (spec §2 shared widgets): the latest few entries, four
// skeleton rows while loading, 'Error loading activities' on failure, and a link to the feed.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { paths } from '@/app/paths';
import { Card, CardContent, CardDescription, CardFooter, CardFooterLink, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { recentActivitiesQuery } from '../api';
import { ActivityRow, ActivityRowsSkeleton } from './activity-list';

export function RecentActivityCard({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(recentActivitiesQuery);
  return (
    <Card className={className} aria-labelledby="recent-activity-title" role="region">
      <CardHeader className="pb-2">
        <CardTitle id="recent-activity-title">Recent Activity</CardTitle>
        <CardDescription>What happened on your account lately.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ActivityRowsSkeleton count={4} label="Loading recent activity" />
        ) : isError ? (
          <ErrorState compact title="Error loading activities" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.items.length === 0 ? (
          <EmptyState icon={History} title="No activity yet" description="Profile updates, matches, documents and messages will show up here." className="py-8" headingLevel={3} />
        ) : (
          <ul className="divide-y">
            {data.items.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} timeStyle="relative" />
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="border-t pt-4">
        <CardFooterLink href={paths.activity}>
          View all activity
        </CardFooterLink>
      </CardFooter>
    </Card>
  );
}
