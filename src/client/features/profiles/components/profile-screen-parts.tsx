// The screen both own-profile routes are (/startup/profile, /investor/profile): the completeness
// banner over the role's tabs, each with a view and an edit mode. ?tab= selects the tab, so the
// dashboard's checklist can link straight to what is missing.
import type { ComponentProps, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@shared/contracts/profiles';
import type { ChecklistItem } from '@shared/profile-completeness';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { cn } from '@/lib/utils';
import { ownProfileQuery } from '../api';
import { CompletenessSummary } from './completeness-summary';

type ProfileOf<K extends OwnProfile['kind']> = Extract<OwnProfile, { kind: K }>;

export interface ProfileTab<K extends OwnProfile['kind']> {
  /** The ?tab= value; the first tab is always 'profile' (Profile Information). */
  value: string;
  label: string;
  /** The tab's content; null before the first save. `openInformation` switches to Profile Information. */
  panel: (profile: ProfileOf<K> | null, openInformation: () => void) => ReactNode;
}

export function OwnProfileScreen<K extends OwnProfile['kind']>({
  kind,
  description,
  checklist,
  tabs,
}: {
  kind: K;
  description: string;
  checklist: (profile: ProfileOf<K> | null) => readonly ChecklistItem[];
  tabs: readonly ProfileTab<K>[];
}) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(ownProfileQuery);
  const [tab, setTab] = useTabParam(
    tabs.map(({ value }) => value),
    'profile',
  );
  const openInformation = () => setTab('profile');
  // No profile yet is null: the tabs then offer to create one.
  const profile = data?.kind === kind ? (data as ProfileOf<K>) : null;
  return (
    <>
      <PageHeader title="Profile" description={description} />
      {isPending ? (
        <ProfileScreenSkeleton />
      ) : isError ? (
        <ErrorState title="We couldn't load your profile" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <div className="grid gap-6">
          <CompletenessSummary kind={kind} percentage={profile?.profileCompleteness ?? 0} checklist={checklist(profile)} onOpenTab={setTab} />
          <Tabs value={tab} onValueChange={setTab}>
            <ProfileTabsList aria-label="Profile sections" className={tabs.length > 3 ? 'grid-cols-2' : undefined}>
              {tabs.map(({ value, label }) => (
                <TabsTrigger key={value} value={value} className={profileTabTriggerClass}>
                  {label}
                </TabsTrigger>
              ))}
            </ProfileTabsList>
            {tabs.map(({ value, panel }) => (
              <ProfileTabPanel key={value} value={value}>
                {panel(profile, openInformation)}
              </ProfileTabPanel>
            ))}
          </Tabs>
        </div>
      )}
    </>
  );
}

function ProfileScreenSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="grid gap-6">
      <Card>
        <CardContent className="grid gap-3 p-6">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-2 w-full max-w-xs" />
        </CardContent>
      </Card>
      <Skeleton className="h-10 w-full max-w-lg" />
      <Card>
        <CardHeader>
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="grid gap-2">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

/** Three equal columns on phones (two rows of two for four tabs; labels wrap), a compact row from sm up. */
function ProfileTabsList({ className, ...props }: ComponentProps<typeof TabsList>) {
  return <TabsList className={cn('grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto', className)} {...props} />;
}

const profileTabTriggerClass = 'h-full min-h-10 px-2 py-1.5 leading-tight whitespace-normal sm:px-3 sm:whitespace-nowrap';

/**
 * Panels stay mounted while hidden, so an unsaved edit on one tab survives a look at another.
 */
function ProfileTabPanel(props: ComponentProps<typeof TabsContent>) {
  return <TabsContent forceMount className="data-[state=inactive]:hidden" {...props} />;
}
