// /investor/profile (spec §2, §4): Profile Information, Investment Criteria and Investment
// Thesis, each with a view mode and an edit mode. ?tab= selects the tab.
import { useQuery } from '@tanstack/react-query';
import type { InvestorProfile } from '@shared/contracts/profiles';
import { investorChecklist } from '@shared/profile-completeness';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsTrigger } from '@/components/ui/tabs';
import { ownProfileQuery } from '@/features/profiles/api';
import { CompletenessSummary } from '@/features/profiles/components/completeness-summary';
import { InvestorCriteriaTab } from '@/features/profiles/components/investor-criteria-tab';
import { InvestorInfoTab } from '@/features/profiles/components/investor-info-tab';
import { InvestorThesisTab } from '@/features/profiles/components/investor-thesis-tab';
import { ProfileScreenSkeleton, ProfileTabPanel, ProfileTabsList, profileTabTriggerClass } from '@/features/profiles/components/profile-screen-parts';
import { useTabParam } from '@/lib/use-tab-param';

const TABS = ['profile', 'criteria', 'thesis'] as const;

export function InvestorProfileScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(ownProfileQuery);
  const [tab, setTab] = useTabParam(TABS, 'profile');
  return (
    <>
      <PageHeader title="Profile" description="Your firm, investment criteria and thesis, as founders will see them." />
      {isPending ? (
        <ProfileScreenSkeleton />
      ) : isError ? (
        <ErrorState title="We couldn't load your profile" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <InvestorProfileTabs profile={data?.kind === 'investor' ? data : null} tab={tab} setTab={setTab} />
      )}
    </>
  );
}

function InvestorProfileTabs({ profile, tab, setTab }: { profile: InvestorProfile | null; tab: string; setTab: (tab: string) => void }) {
  const openInformation = () => setTab('profile');
  return (
    <div className="grid gap-6">
      <CompletenessSummary percentage={profile?.profileCompleteness ?? 0} checklist={investorChecklist(profile)} onOpenTab={setTab} />
      <Tabs value={tab} onValueChange={setTab}>
        <ProfileTabsList aria-label="Profile sections">
          <TabsTrigger value="profile" className={profileTabTriggerClass}>
            Profile Information
          </TabsTrigger>
          <TabsTrigger value="criteria" className={profileTabTriggerClass}>
            Investment Criteria
          </TabsTrigger>
          <TabsTrigger value="thesis" className={profileTabTriggerClass}>
            Investment Thesis
          </TabsTrigger>
        </ProfileTabsList>
        <ProfileTabPanel value="profile">
          <InvestorInfoTab profile={profile} />
        </ProfileTabPanel>
        <ProfileTabPanel value="criteria">
          <InvestorCriteriaTab profile={profile} onOpenInformation={openInformation} />
        </ProfileTabPanel>
        <ProfileTabPanel value="thesis">
          <InvestorThesisTab profile={profile} onOpenInformation={openInformation} />
        </ProfileTabPanel>
      </Tabs>
    </div>
  );
}
