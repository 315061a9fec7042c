// /startup/profile (spec §2, §4): three tabs, each with a view mode and an edit mode. ?tab=
// selects the tab, so the dashboard's checklist can link straight to what is missing.
import { useQuery } from '@tanstack/react-query';
import type { StartupProfile } from '@shared/contracts/profiles';
import { startupChecklist } from '@shared/profile-completeness';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsTrigger } from '@/components/ui/tabs';
import { ownProfileQuery } from '@/features/profiles/api';
import { CompletenessSummary } from '@/features/profiles/components/completeness-summary';
import { ProfileScreenSkeleton, ProfileTabPanel, ProfileTabsList, profileTabTriggerClass } from '@/features/profiles/components/profile-screen-parts';
import { StartupInfoTab } from '@/features/profiles/components/startup-info-tab';
import { StartupPreferencesTab } from '@/features/profiles/components/startup-preferences-tab';
import { StartupTeamTab } from '@/features/profiles/components/startup-team-tab';
import { useTabParam } from '@/lib/use-tab-param';

const TABS = ['profile', 'team', 'preferences'] as const;

export function StartupProfileScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(ownProfileQuery);
  const [tab, setTab] = useTabParam(TABS, 'profile');
  const openInformation = () => setTab('profile');
  return (
    <>
      <PageHeader title="Profile" description="Your company profile, as investors will see it." />
      {isPending ? (
        <ProfileScreenSkeleton />
      ) : isError ? (
        <ErrorState title="We couldn't load your profile" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <StartupProfileTabs profile={data?.kind === 'startup' ? data : null} tab={tab} setTab={setTab} openInformation={openInformation} />
      )}
    </>
  );
}

function StartupProfileTabs({
  profile,
  tab,
  setTab,
  openInformation,
}: {
  profile: StartupProfile | null;
  tab: string;
  setTab: (tab: string) => void;
  openInformation: () => void;
}) {
  return (
    <div className="grid gap-6">
      <CompletenessSummary percentage={profile?.profileCompleteness ?? 0} checklist={startupChecklist(profile)} onOpenTab={setTab} />
      <Tabs value={tab} onValueChange={setTab}>
        <ProfileTabsList aria-label="Profile sections">
          <TabsTrigger value="profile" className={profileTabTriggerClass}>
            Profile Information
          </TabsTrigger>
          <TabsTrigger value="team" className={profileTabTriggerClass}>
            Team Members
          </TabsTrigger>
          <TabsTrigger value="preferences" className={profileTabTriggerClass}>
            Investor Preferences
          </TabsTrigger>
        </ProfileTabsList>
        <ProfileTabPanel value="profile">
          <StartupInfoTab profile={profile} />
        </ProfileTabPanel>
        <ProfileTabPanel value="team">
          <StartupTeamTab profile={profile} onOpenInformation={openInformation} />
        </ProfileTabPanel>
        <ProfileTabPanel value="preferences">
          <StartupPreferencesTab profile={profile} onOpenInformation={openInformation} />
        </ProfileTabPanel>
      </Tabs>
    </div>
  );
}
