// The portfolio's stat cards (issue #8): companies, total invested, industries, and the
// performance mix, all computed from the investor's whole portfolio (filters do not change them).
import { Briefcase, CircleDollarSign, Factory, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { PERFORMANCE_LEVELS, type Performance } from '@shared/enums';
import { Card } from '@/components/ui/card';
import { StatCard, StatCardSkeleton } from '@/features/dashboard/components/stat-card';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/lib/format';
import { PERFORMANCE_LABELS, type PortfolioSummary } from '../portfolio-values';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function PortfolioStats({ summary }: { summary: PortfolioSummary }) {
  return (
    <section aria-labelledby="portfolio-stats-title">
      <h2 id="portfolio-stats-title" className="sr-only">
        Portfolio at a glance
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Companies"
          value={String(summary.companies)}
          icon={Briefcase}
          description={summary.companies === 0 ? 'No companies yet' : 'Companies you have invested in'}
        />
        <StatCard
          title="Total Invested"
          value={formatMoney(summary.totalInvested, { isCompact: true })}
          icon={CircleDollarSign}
          description={summary.companies === 0 ? 'Nothing invested yet' : `Across ${plural(summary.companies, 'company', 'companies')}`}
        />
        <StatCard
          title="Industries"
          value={String(summary.industries)}
          icon={Factory}
          description={summary.topIndustry ? `Most in ${summary.topIndustry}` : 'No industries yet'}
        />
        <PerformanceMixCard performance={summary.performance} total={summary.companies} />
      </div>
    </section>
  );
}

const MIX_STYLE: Record<Performance, { bar: string; icon: typeof TrendingUp; text: string }> = {
  growing: { bar: 'bg-success', icon: TrendingUp, text: 'text-success' },
  stable: { bar: 'bg-primary', icon: Minus, text: 'text-primary' },
  declining: { bar: 'bg-destructive', icon: TrendingDown, text: 'text-destructive' },
};

/** A stacked bar of growing / stable / declining, with the counts written out beside it. */
function PerformanceMixCard({ performance, total }: { performance: Record<Performance, number>; total: number }) {
  return (
    <Card className="flex flex-col p-5">
      <h3 className="text-sm font-medium text-muted-foreground">Performance</h3>
      {total === 0 ? (
        <>
          <p className="mt-1 text-3xl font-semibold tracking-tight">—</p>
          <p className="mt-1 text-sm text-muted-foreground">Performance shows once you add companies</p>
        </>
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{Math.round((performance.growing / total) * 100)}%</p>
          <p className="text-sm text-muted-foreground">growing</p>
          <div aria-hidden className="mt-3 flex h-2 overflow-hidden rounded-full bg-muted">
            {PERFORMANCE_LEVELS.map((level) =>
              performance[level] > 0 ? <div key={level} className={MIX_STYLE[level].bar} style={{ width: `${(performance[level] / total) * 100}%` }} /> : null,
            )}
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label="Performance mix">
            {PERFORMANCE_LEVELS.map((level) => {
              const Icon = MIX_STYLE[level].icon;
              return (
                <li key={level} className="inline-flex items-center gap-1">
                  <Icon aria-hidden className={cn('size-3.5', MIX_STYLE[level].text)} />
                  <span className="tabular-nums">{performance[level]}</span> {PERFORMANCE_LABELS[level].toLowerCase()}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}

export function PortfolioStatsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {Array.from({ length: 4 }, (_, index) => (
        <StatCardSkeleton key={index} />
      ))}
    </div>
  );
}
