// The dashboard's milestones card (issue #7): milestones in progress and
// coming up, across every connected partner, each linking to its pair's plan. Live like the plan.
import { Link } from 'wouter';
import { Milestone as MilestoneIcon } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { PreviewCard } from '@/components/preview-card';
import { LinkButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpcomingMilestones } from '../api';
import { MilestoneDate, MilestoneStatusBadge } from './milestone-status';

export function MilestonesPreviewCard({ userType, className }: { userType: UserType; className?: string }) {
  const query = useUpcomingMilestones();
  const screenPath = paths.milestones(userType);
  const partners = userType === 'startup' ? 'investors' : 'startups';
  return (
    <PreviewCard
      titleId="milestones-preview-title"
      title="Milestones"
      description={`In progress and coming up with your ${partners}.`}
      className={className}
      query={query}
      data={query.data}
      loading={
        <div role="status" aria-label="Loading milestones" className="grid">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="grid gap-2 py-3">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
      }
      errorTitle="We couldn't load your milestones"
      isEmpty={(milestones) => milestones.length === 0}
      empty={{
        icon: MilestoneIcon,
        title: 'No upcoming milestones',
        description: `Plan the road from first call to close with your connected ${partners}.`,
        action: (
          <LinkButton href={screenPath} size="sm">
            Go to milestones
          </LinkButton>
        ),
      }}
      footer={{ href: screenPath, label: 'View all milestones' }}
    >
      {(milestones) => (
        <ul className="divide-y">
          {milestones.map((milestone) => {
            const partnerId = userType === 'startup' ? milestone.investorId : milestone.startupId;
            return (
              <li key={milestone.id} className="grid gap-1 py-3">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    href={paths.milestones(userType, { partner: partnerId })}
                    className="min-w-0 rounded-sm text-sm font-semibold break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {milestone.title}
                  </Link>
                  <MilestoneStatusBadge status={milestone.status} className="shrink-0" />
                </div>
                <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  <span className="min-w-0 truncate">with {milestone.partnerName}</span>
                  <MilestoneDate milestone={milestone} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </PreviewCard>
  );
}
