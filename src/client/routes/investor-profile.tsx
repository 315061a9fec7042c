// /investor/profile: Profile Information, Investment Criteria and Investment Thesis, each with a
// view mode and an edit mode, and the Track record (past investments, issue #19). ?tab= selects the tab.
import { investorChecklist } from '@shared/profile-completeness';
import { InvestorCriteriaTab } from '@/features/profiles/components/investor-criteria-tab';
import { InvestorInfoTab } from '@/features/profiles/components/investor-info-tab';
import { InvestorThesisTab } from '@/features/profiles/components/investor-thesis-tab';
import { OwnProfileScreen } from '@/features/profiles/components/profile-screen-parts';
import { TrackRecordTab } from '@/features/track-record/components/track-record-tab';

export function InvestorProfileScreen() {
  return (
    <OwnProfileScreen
      kind="investor"
      description="Founders read this profile, and your criteria and thesis decide which startups you are matched with and how they score."
      checklist={investorChecklist}
      tabs={[
        { value: 'profile', label: 'Profile Information', panel: (profile) => <InvestorInfoTab profile={profile} /> },
        {
          value: 'criteria',
          label: 'Investment Criteria',
          panel: (profile, openInformation) => <InvestorCriteriaTab profile={profile} onOpenInformation={openInformation} />,
        },
        {
          value: 'thesis',
          label: 'Investment Thesis',
          panel: (profile, openInformation) => <InvestorThesisTab profile={profile} onOpenInformation={openInformation} />,
        },
        { value: 'track-record', label: 'Track record', panel: () => <TrackRecordTab /> },
      ]}
    />
  );
}
