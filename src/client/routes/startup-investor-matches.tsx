// /startup/investor-matches: the investors matched with this startup, with match
// settings, status tabs, the generate control, and Accept / Decline / Reconsider / Message.
import type { ReactNode } from 'react';
import type { StartupSideMatch } from '@shared/contracts/matches';
import { InvestorEngagement } from '@/features/data-room/components/investor-engagement';
import { startupMatchesQuery } from '@/features/matching/api';
import { MatchesScreen } from '@/features/matching/components/matches-screen';
import { fromStartupSide } from '@/features/matching/match-view';

/**
 * The foot of each investor card: that investor's engagement with the startup's data room. Only a
 * connected (accepted) investor can have been shared anything, so other cards have no footer.
 */
function investorEngagementFooter(match: StartupSideMatch): ReactNode {
  return match.status === 'accepted' ? <InvestorEngagement investorId={match.investorId} /> : null;
}

export function InvestorMatchesScreen() {
  return (
    <MatchesScreen
      viewer="startup"
      title="Investor Matches"
      description="Investors whose focus fits your startup, scored by compatibility on both sides."
      allTabLabel="All"
      searchPlaceholder="Firm name or location"
      showIndustryFilter={false}
      listQuery={startupMatchesQuery}
      toView={fromStartupSide}
      counterpartNoun="investor"
      renderCardFooter={investorEngagementFooter}
    />
  );
}
