// The investor dashboard's portfolio block (spec §2, made real by issue #8): how many companies,
// how much is invested, and the three most recent investments, from the same list the portfolio
// screen shows. Empty: 'No portfolio companies'.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Briefcase } from 'lucide-react';
import { formatDollars } from '@shared/enums';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardFooterLink, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { portfolioQuery } from '../api';
import { summarizePortfolio } from '../portfolio-values';
import { CompanyMonogram, PerformanceBadge } from './portfolio-company-card';

const PREVIEW_COUNT = 3;

export function PortfolioPreviewCard({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(portfolioQuery);
  const summary = data ? summarizePortfolio(data) : null;
  return (
    // min-w-0: in the dashboard's grid, a long company name must truncate rather than widen the page.
    <Card className={cn('min-w-0', className)} role="region" aria-labelledby="portfolio-preview-title">
      <CardHeader className="pb-2">
        <CardTitle id="portfolio-preview-title">Portfolio</CardTitle>
        <CardDescription>
          {summary && summary.companies > 0
            ? `${summary.companies} ${summary.companies === 1 ? 'company' : 'companies'} · ${formatDollars(summary.totalInvested)} invested`
            : 'The companies you have invested in.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ListSkeleton label="Loading your portfolio" rows={PREVIEW_COUNT} leadingClassName="size-11 rounded-lg" />
        ) : isError ? (
          <ErrorState compact title="We couldn't load your portfolio" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState
            icon={Briefcase}
            title="No portfolio companies"
            description="Add the companies you have backed to follow their industry, stage and performance."
            action={
              <Button asChild variant="outline" size="sm">
                <Link href={paths.portfolio()}>
                  Open portfolio
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
            className="py-8"
            headingLevel={3}
          />
        ) : (
          // The list comes newest investment first.
          <ul className="divide-y">
            {data.slice(0, PREVIEW_COUNT).map((company) => (
              <li key={company.id} className="flex items-center gap-3 py-3">
                <CompanyMonogram name={company.companyName} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{company.companyName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {company.industry} · {company.stage} · {formatDollars(company.investmentAmount)}
                  </p>
                </div>
                <PerformanceBadge performance={company.performance} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {data && data.length > 0 && (
        <CardFooter className="border-t pt-4">
          <CardFooterLink href={paths.portfolio()}>
            View portfolio
          </CardFooterLink>
        </CardFooter>
      )}
    </Card>
  );
}
