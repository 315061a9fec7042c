// /investor/startups: the startups matched with this investor, with search, score
// slider, industry and status filters, the tabs All Startups / Pending / Accepted / Rejected, and
// Accept / Decline / Reconsider / Message.
import { investorMatchesQuery } from '@/features/matching/api';
import { MatchesScreen } from '@/features/matching/components/matches-screen';
import { fromInvestorSide } from '@/features/matching/match-view';

export function StartupsScreen() {
  return (
    <MatchesScreen
      viewer="investor"
      title="Startups"
      description="Startups that match your investment focus, scored by compatibility on both sides."
      allTabLabel="All Startups"
      searchPlaceholder="Name, location or industry"
      showIndustryFilter
      listQuery={investorMatchesQuery}
      toView={fromInvestorSide}
      counterpartNoun="startup"
    />
  );
}
