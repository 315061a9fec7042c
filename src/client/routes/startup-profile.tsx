// /startup/profile: Profile Information, Team Members and Investor Preferences, each with a view
// mode and an edit mode. ?tab= selects the tab, so the dashboard's checklist can link straight to
// what is missing.
import { startupChecklist } from '@shared/profile-completeness';
import { OwnProfileScreen } from '@/features/profiles/components/profile-screen-parts';
import { StartupInfoTab } from '@/features/profiles/components/startup-info-tab';
import { StartupPreferencesTab } from '@/features/profiles/components/startup-preferences-tab';
import { StartupTeamTab } from '@/features/profiles/components/startup-team-tab';

export function StartupProfileScreen() {
  return (
    <OwnProfileScreen
      kind="startup"
      description="Investors read this profile, and your match scores are computed from it: the more you fill in, the better investors are matched to you."
      checklist={startupChecklist}
      tabs={[
        { value: 'profile', label: 'Profile Information', panel: (profile) => <StartupInfoTab profile={profile} /> },
        { value: 'team', label: 'Team Members', panel: (profile, openInformation) => <StartupTeamTab profile={profile} onOpenInformation={openInformation} /> },
        {
          value: 'preferences',
          label: 'Investor Preferences',
          panel: (profile, openInformation) => <StartupPreferencesTab profile={profile} onOpenInformation={openInformation} />,
        },
      ]}
    />
  );
}
