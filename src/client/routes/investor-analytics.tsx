// /investor/analytics (issue #8; the spec links it from the investor sidebar but never shows it):
// the investor's deal flow and portfolio in charts, all from GET /api/analytics/investor.
import { useQuery } from '@tanstack/react-query';
import { Briefcase, Gauge, Handshake, MessagesSquare } from 'lucide-react';
import { paths } from '@/app/paths';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { investorAnalyticsQuery } from '@/features/analytics/api';
import { formatMoney } from '@/lib/format';
import {
  AcceptedByIndustryChart,
  AcceptedByStageChart,
  DeclineReasonsChart,
  MatchFunnelChart,
  PortfolioByIndustryChart,
  PortfolioByPerformanceChart,
  ScoreDistributionChart,
  WeeklyActivityChart,
} from '@/features/analytics/components/analytics-charts';
import { StatCard, StatCardSkeleton } from '@/features/dashboard/components/stat-card';

export function AnalyticsScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(investorAnalyticsQuery);

  return (
    <>
      <PageHeader title="Analytics" description="Your deal flow and portfolio, from your own matches, messages and investments." />
      {isPending ? (
        <div role="status" aria-label="Loading your analytics" className="grid grid-cols-1 gap-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <StatCardSkeleton key={index} />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-80 rounded-xl" />
            ))}
          </div>
        </div>
      ) : isError ? (
        <ErrorState title="We couldn't load your analytics" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <section aria-labelledby="analytics-summary-title">
            <h2 id="analytics-summary-title" className="sr-only">
              Summary
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                title="Matches Suggested"
                value={String(data.funnel.suggested)}
                icon={Handshake}
                description={`${data.funnel.pending} awaiting your decision`}
                link={{ href: paths.matches('investor'), label: 'Review startups' }}
              />
              <StatCard
                title="Acceptance Rate"
                value={`${acceptanceRate(data.funnel)}%`}
                icon={Gauge}
                description={`${data.funnel.accepted} accepted of ${data.funnel.accepted + data.funnel.declined} decided`}
              />
              <StatCard
                title="Messages Sent"
                value={String(data.weeklyActivity.reduce((sum, week) => sum + week.messagesSent, 0))}
                icon={MessagesSquare}
                description={`In the last ${data.weeklyActivity.length} weeks`}
                link={{ href: paths.messages(), label: 'Open messages' }}
              />
              <StatCard
                title="Portfolio Companies"
                value={String(data.portfolioByIndustry.reduce((sum, row) => sum + row.count, 0))}
                icon={Briefcase}
                description={`${formatMoney(
                  data.portfolioByIndustry.reduce((sum, row) => sum + row.amount, 0),
                  { isCompact: true },
                )} invested`}
                link={{ href: paths.portfolio(), label: 'View portfolio' }}
              />
            </div>
          </section>
          <section aria-labelledby="analytics-deal-flow-title" className="grid grid-cols-1 gap-4">
            <h2 id="analytics-deal-flow-title" className="text-lg font-semibold tracking-tight">
              Deal flow
            </h2>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <MatchFunnelChart funnel={data.funnel} />
              <DeclineReasonsChart funnel={data.funnel} />
              <ScoreDistributionChart buckets={data.scoreDistribution} className="lg:col-span-2" />
              <AcceptedByIndustryChart rows={data.acceptedByIndustry} />
              <AcceptedByStageChart rows={data.acceptedByStage} />
              <WeeklyActivityChart weeks={data.weeklyActivity} className="lg:col-span-2" />
            </div>
          </section>
          <section aria-labelledby="analytics-portfolio-title" className="grid grid-cols-1 gap-4">
            <h2 id="analytics-portfolio-title" className="text-lg font-semibold tracking-tight">
              Portfolio
            </h2>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <PortfolioByIndustryChart rows={data.portfolioByIndustry} />
              <PortfolioByPerformanceChart rows={data.portfolioByPerformance} />
            </div>
          </section>
        </div>
      )}
    </>
  );
}

/** Accepted out of decided (accepted + declined); pending matches are not a decision yet. */
function acceptanceRate(funnel: { accepted: number; declined: number }): number {
  const decided = funnel.accepted + funnel.declined;
  return decided === 0 ? 0 : Math.round((funnel.accepted / decided) * 100);
}
