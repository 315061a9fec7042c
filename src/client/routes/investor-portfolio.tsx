import { Briefcase } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function PortfolioScreen() {
  return (
    <>
      <PageHeader title="Portfolio" description="The companies you have invested in." />
      <EmptyState
        icon={Briefcase}
        title="No portfolio companies"
        description="Companies you add to your portfolio will appear here, with their industry, stage and performance."
      />
    </>
  );
}
