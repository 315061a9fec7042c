// /startup/milestones: the plan shared with each connected investor.
import { MilestonesScreen as SharedMilestonesScreen } from '@/features/milestones/components/milestones-screen';

export function MilestonesScreen() {
  return <SharedMilestonesScreen userType="startup" />;
}
