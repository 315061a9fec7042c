// The dashboard's Recent Activity card: the latest few entries, four
// skeleton rows while loading, 'Error loading activities' on failure, and a link to the feed.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { paths } from '@/app/paths';
import { PreviewCard } from '@/components/preview-card';
import { recentActivitiesQuery } from '../api';
import { ActivityRow, ActivityRowsSkeleton } from './activity-list';

export function RecentActivityCard({ className }: { className?: string }) {
  const query = useQuery(recentActivitiesQuery);
  return (
    <PreviewCard
      titleId="recent-activity-title"
      title="Recent Activity"
      description="What happened on your account lately."
      className={className}
      query={query}
      data={query.data?.items}
      loading={<ActivityRowsSkeleton count={4} label="Loading recent activity" />}
      errorTitle="Error loading activities"
      isEmpty={(activities) => activities.length === 0}
      empty={{ icon: History, title: 'No activity yet', description: 'Profile updates, matches, documents and messages will show up here.' }}
      footer={{ href: paths.activity, label: 'View all activity' }}
    >
      {(activities) => (
        <ul className="divide-y">
          {activities.map((activity) => (
            <ActivityRow key={activity.id} activity={activity} timeStyle="relative" />
          ))}
        </ul>
      )}
    </PreviewCard>
  );
}
