// The dashboard's milestones card (spec §2 startup dashboard; issue #7): milestones in progress and
// coming up, across every connected partner, each linking to its pair's plan. Live like the plan.
import { Link } from 'wouter';
import { ArrowRight, Milestone as MilestoneIcon } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardFooterLink, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpcomingMilestones } from '../api';
import { MilestoneDate, MilestoneStatusBadge } from './milestone-status';

export function MilestonesPreviewCard({ userType, className }: { userType: UserType; className?: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useUpcomingMilestones();
  const screenPath = paths.milestones(userType);
  return (
    <Card className={className} role="region" aria-labelledby="milestones-preview-title">
      <CardHeader className="pb-2">
        <CardTitle id="milestones-preview-title">Milestones</CardTitle>
        <CardDescription>In progress and coming up with your {userType === 'startup' ? 'investors' : 'startups'}.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div role="status" aria-label="Loading milestones" className="grid">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="grid gap-2 py-3">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            ))}
          </div>
        ) : isError ? (
          <ErrorState compact title="We couldn't load your milestones" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState
            icon={MilestoneIcon}
            title="No upcoming milestones"
            description={`Plan the road from first call to close with your connected ${userType === 'startup' ? 'investors' : 'startups'}.`}
            action={
              <Button asChild variant="outline" size="sm">
                <Link href={screenPath}>
                  Go to milestones
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
            className="py-8"
            headingLevel={3}
          />
        ) : (
          <ul className="divide-y">
            {data.map((milestone) => {
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
      </CardContent>
      <CardFooter className="border-t pt-4">
        <CardFooterLink href={screenPath}>
          View all milestones
        </CardFooterLink>
      </CardFooter>
    </Card>
  );
}
