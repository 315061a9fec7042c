import { Link } from 'wouter';
import { ArrowRight, Handshake } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function InvestorMatchesScreen() {
  return (
    <>
      <PageHeader title="Investor Matches" description="Investors whose focus fits your startup, scored by compatibility." />
      <EmptyState
        icon={Handshake}
        title="No matches found"
        description="Investor matches will appear here with their compatibility score, ready for you to accept or decline."
        action={
          <Button asChild variant="outline">
            <Link href="/startup/profile">
              Complete your profile
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
    </>
  );
}
