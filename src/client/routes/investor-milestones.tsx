// /investor/milestones (issue #7): the same shared plan, seen from the investor's side.
import { MilestonesScreen } from '@/features/milestones/components/milestones-screen';

export function InvestorMilestonesScreen() {
  return <MilestonesScreen userType="investor" />;
}
