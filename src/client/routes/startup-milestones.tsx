import { Link } from 'wouter';
import { ArrowRight, Milestone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function MilestonesScreen() {
  return (
    <>
      <PageHeader title="Milestones" description="Track progress with your connected investors." />
      <EmptyState
        icon={Milestone}
        title="No connected investors"
        description="Milestones are shared with investors you are connected to. Accept an investor match to start tracking milestones together."
        action={
          <Button asChild variant="outline">
            <Link href="/startup/investor-matches">
              Go to investor matches
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
    </>
  );
}
