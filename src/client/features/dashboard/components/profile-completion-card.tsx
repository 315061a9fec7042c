// The dashboard's Profile Completion card: the server's percentage and the role's checklist from
// the shared module. Each item still to do links to the profile tab that completes it.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Circle, CircleCheck } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { investorChecklist, startupChecklist } from '@shared/profile-completeness';
import { paths } from '@/app/paths';
import { PreviewCard } from '@/components/preview-card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { ownProfileQuery } from '@/features/profiles/api';

export function ProfileCompletionCard({ userType, className }: { userType: UserType; className?: string }) {
  const query = useQuery(ownProfileQuery);
  const { data: profile, isPending, isError } = query;
  const basePath = paths.profile(userType);
  // No profile yet (null) shows 0% and the whole checklist to do.
  const checklist =
    userType === 'startup' ? startupChecklist(profile?.kind === 'startup' ? profile : null) : investorChecklist(profile?.kind === 'investor' ? profile : null);
  const percentage = profile?.profileCompleteness ?? 0;
  const doneCount = checklist.filter((item) => item.isDone).length;
  return (
    <PreviewCard
      titleId="profile-completion-title"
      title="Profile Completion"
      description="A complete profile gets better matches."
      className={className}
      headerClassName="pb-4"
      query={query}
      data={profile}
      loading={
        <div role="status" aria-label="Loading profile completion" className="grid gap-3">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-2 w-full" />
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-5 w-3/4" />
          ))}
        </div>
      }
      errorTitle="We couldn't load your profile"
      footer={{ href: basePath, label: profile ? 'Edit your profile' : isPending || isError ? 'Go to your profile' : 'Complete your profile' }}
    >
      {() => (
        <div className="grid gap-4">
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-3xl font-semibold tracking-tight tabular-nums">{percentage}%</p>
              <p className="text-sm text-muted-foreground">
                {doneCount} of {checklist.length} done
              </p>
            </div>
            <Progress value={percentage} label="Profile completion" />
          </div>
          <ul className="grid gap-1" aria-label="Profile checklist">
            {checklist.map((item) => (
              <li key={item.label}>
                {item.isDone ? (
                  <div className="flex items-center gap-2.5 px-2 py-1.5 text-sm">
                    <CircleCheck aria-hidden className="size-[18px] shrink-0 text-success" />
                    <span className="text-muted-foreground line-through decoration-muted-foreground/50">{item.label}</span>
                    <span className="sr-only">{' (done)'}</span>
                  </div>
                ) : (
                  <Link
                    href={item.tab === 'profile' ? basePath : paths.profile(userType, { tab: item.tab })}
                    className="group flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Circle aria-hidden className="size-[18px] shrink-0 text-muted-foreground" />
                    <span className="flex-1">{item.label}</span>
                    <span className="sr-only">{' (to do)'}</span>
                    <ArrowRight
                      aria-hidden
                      className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                    />
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </PreviewCard>
  );
}
