// The two dashboards (/startup/dashboard, /investor/dashboard): stat cards, the top 3 matches,
// profile completion, recent activity, the role's own block (the startup's data room, the
// investor's portfolio) and the milestones shared with connected partners.
import type { ReactNode } from 'react';
import type { UserType } from '@shared/enums';
import { PageHeader } from '@/components/ui/page-header';
import { RecentActivityCard } from '@/features/activity/components/recent-activity-card';
import { useSignedInUser } from '@/features/auth/api';
import { DataRoomPreviewCard } from '@/features/data-room/components/data-room-preview-card';
import { DashboardStatCards } from '@/features/dashboard/components/dashboard-stats';
import { ProfileCompletionCard } from '@/features/dashboard/components/profile-completion-card';
import { TopMatchesCard } from '@/features/dashboard/components/top-matches-card';
import { MilestonesPreviewCard } from '@/features/milestones/components/milestones-preview-card';
import { PortfolioPreviewCard } from '@/features/portfolio/components/portfolio-preview-card';

export function StartupDashboardScreen() {
  return <Dashboard userType="startup" roleCard={<DataRoomPreviewCard />} />;
}

export function InvestorDashboardScreen() {
  return <Dashboard userType="investor" roleCard={<PortfolioPreviewCard />} />;
}

function Dashboard({ userType, roleCard }: { userType: UserType; roleCard: ReactNode }) {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.firstName}`} />
      {/* grid-cols-1 (minmax(0, 1fr)) on phones: a bare grid's one column grows to its widest unbreakable
          word, so a document named after its file (one long word) made the whole page scroll sideways. */}
      <div className="grid grid-cols-1 gap-6">
        <DashboardStatCards />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
          <TopMatchesCard userType={userType} className="lg:col-span-2" />
          <ProfileCompletionCard userType={userType} />
        </div>
        <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
          <RecentActivityCard className="md:col-span-2 lg:col-span-1" />
          {roleCard}
          <MilestonesPreviewCard userType={userType} />
        </div>
      </div>
    </>
  );
}
