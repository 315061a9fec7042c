// The investor dashboard (spec §2): stat cards, top 3 startup matches, profile completion,
// recent activity, the portfolio block and the shared milestones.
import { PageHeader } from '@/components/ui/page-header';
import { RecentActivityCard } from '@/features/activity/components/recent-activity-card';
import { useSignedInUser } from '@/features/auth/api';
import { PortfolioPreviewCard } from '@/features/dashboard/components/coming-soon-cards';
import { DashboardStatCards } from '@/features/dashboard/components/dashboard-stats';
import { ProfileCompletionCard } from '@/features/dashboard/components/profile-completion-card';
import { TopMatchesCard } from '@/features/dashboard/components/top-matches-card';
import { MilestonesPreviewCard } from '@/features/milestones/components/milestones-preview-card';

export function InvestorDashboardScreen() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.firstName}`} />
      <div className="grid gap-6">
        <DashboardStatCards />
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <TopMatchesCard userType="investor" className="lg:col-span-2" />
          <ProfileCompletionCard userType="investor" />
        </div>
        <div className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
          <RecentActivityCard className="md:col-span-2 lg:col-span-1" />
          <PortfolioPreviewCard />
          <MilestonesPreviewCard userType="investor" />
        </div>
      </div>
    </>
  );
}
