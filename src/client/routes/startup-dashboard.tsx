// The startup dashboard (spec §2): stat cards, top 3 matches, profile completion, recent
// activity, and the data room and milestones previews.
import { PageHeader } from '@/components/ui/page-header';
import { RecentActivityCard } from '@/features/activity/components/recent-activity-card';
import { useSignedInUser } from '@/features/auth/api';
import { DataRoomPreviewCard } from '@/features/data-room/components/data-room-preview-card';
import { DashboardStatCards } from '@/features/dashboard/components/dashboard-stats';
import { ProfileCompletionCard } from '@/features/dashboard/components/profile-completion-card';
import { TopMatchesCard } from '@/features/dashboard/components/top-matches-card';
import { MilestonesPreviewCard } from '@/features/milestones/components/milestones-preview-card';

export function StartupDashboardScreen() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.firstName}`} />
      <div className="grid gap-6">
        <DashboardStatCards />
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <TopMatchesCard userType="startup" className="lg:col-span-2" />
          <ProfileCompletionCard userType="startup" />
        </div>
        <div className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
          <RecentActivityCard className="md:col-span-2 lg:col-span-1" />
          <DataRoomPreviewCard />
          <MilestonesPreviewCard userType="startup" />
        </div>
      </div>
    </>
  );
}
