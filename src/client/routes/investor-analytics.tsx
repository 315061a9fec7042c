import { Link } from 'wouter';
import { ArrowRight, BarChart3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function AnalyticsScreen() {
  return (
    <>
      <PageHeader title="Analytics" description="Insights into your deal flow." />
      <EmptyState
        icon={BarChart3}
        title="No analytics yet"
        description="Charts about your matches and deal flow will appear here once you start reviewing startups."
        action={
          <Button asChild variant="outline">
            <Link href="/investor/startups">
              Browse startups
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
    </>
  );
}
