// The investor dashboard's portfolio block: how many companies,
// how much is invested, and the three most recent investments, from the same list the portfolio
// screen shows. Empty: 'No portfolio companies'.
import { useQuery } from '@tanstack/react-query';
import { Briefcase } from 'lucide-react';
import { paths } from '@/app/paths';
import { PreviewCard } from '@/components/preview-card';
import { LinkButton } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/lib/format';
import { portfolioQuery } from '../api';
import { summarizePortfolio } from '../portfolio-values';
import { CompanyMonogram, PerformanceBadge } from './portfolio-company-card';

const PREVIEW_COUNT = 3;

export function PortfolioPreviewCard({ className }: { className?: string }) {
  const query = useQuery(portfolioQuery);
  const summary = query.data ? summarizePortfolio(query.data) : null;
  return (
    <PreviewCard
      titleId="portfolio-preview-title"
      title="Portfolio"
      description={
        summary && summary.companies > 0
          ? `${summary.companies} ${summary.companies === 1 ? 'company' : 'companies'} · ${formatMoney(summary.totalInvested, { isCompact: true })} invested`
          : 'The companies you have invested in.'
      }
      // min-w-0: in the dashboard's grid, a long company name must truncate rather than widen the page.
      className={cn('min-w-0', className)}
      query={query}
      data={query.data}
      loading={<ListSkeleton label="Loading your portfolio" rows={PREVIEW_COUNT} leadingClassName="size-11 rounded-lg" />}
      errorTitle="We couldn't load your portfolio"
      isEmpty={(companies) => companies.length === 0}
      empty={{
        icon: Briefcase,
        title: 'No portfolio companies',
        description: 'Add the companies you have backed to follow their industry, stage and performance.',
        action: (
          <LinkButton href={paths.portfolio()} size="sm">
            Open portfolio
          </LinkButton>
        ),
      }}
      footer={summary && summary.companies > 0 ? { href: paths.portfolio(), label: 'View portfolio' } : null}
    >
      {(companies) => (
        // The list comes newest investment first.
        <ul className="divide-y">
          {companies.slice(0, PREVIEW_COUNT).map((company) => (
            <li key={company.id} className="flex items-center gap-3 py-3">
              <CompanyMonogram name={company.companyName} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{company.companyName}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {company.industry} · {company.stage} · {formatMoney(company.investmentAmount, { isCompact: true })}
                </p>
              </div>
              <PerformanceBadge performance={company.performance} />
            </li>
          ))}
        </ul>
      )}
    </PreviewCard>
  );
}
