import { Link } from 'wouter';
import { ArrowRight, Rocket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function StartupsScreen() {
  return (
    <>
      <PageHeader title="Startups" description="Startups that match your investment focus, scored by compatibility." />
      <EmptyState
        icon={Rocket}
        title="No matches found"
        description="Startup matches will appear here with their compatibility score, ready for you to accept or reject."
        action={
          <Button asChild variant="outline">
            <Link href="/investor/profile">
              Complete your profile
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
    </>
  );
}
