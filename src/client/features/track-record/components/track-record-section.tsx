// The "Track record" section of an investor's public profile (/investor/{id}): where they have
// actually invested, as counts by stage and by industry (small bar charts in the analytics
// charts' style, each with its table and summary), and the deals, most recent first: ten, then
// "Show all".
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { setAutoFreeze } from 'immer';
import { BriefcaseBusiness, Factory, Layers } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrackRecord } from '@shared/contracts/track-record';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ExternalLink } from '@/components/ui/external-link';
import { Skeleton } from '@/components/ui/skeleton';
import { AXIS_TICK, CHART_COLORS, ChartCard, TOOLTIP_PROPS } from '@/features/analytics/components/chart-card';
import { ApiError } from '@/lib/api';
import { formatCalendarDate, formatMoney } from '@/lib/format';
import { investorTrackRecordQuery } from '../api';

// recharts keeps a Bar's children in its immer-frozen store, and Preact writes its bookkeeping on
// the elements it renders: a frozen one throws and the bars never draw (see analytics-charts.tsx).
setAutoFreeze(false);

/** Deals shown before "Show all". */
const FIRST_DEALS = 10;
const HEADING_ID = 'public-track-record-title';

type CountRow = { label: string; count: number };
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function CountBars({ data, valueName }: { data: readonly CountRow[]; valueName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} layout="vertical" margin={{ top: 4, right: 36, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} axisLine={{ stroke: CHART_COLORS.grid }} tickLine={false} />
        <YAxis type="category" dataKey="label" width={96} tick={AXIS_TICK} axisLine={false} tickLine={false} interval={0} />
        <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [value, valueName]} />
        <Bar dataKey="count" name={valueName} fill={CHART_COLORS.primary} radius={[0, 4, 4, 0]} maxBarSize={24}>
          <LabelList dataKey="count" position="right" fill={CHART_COLORS.text} fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

const barsHeight = (rows: number) => Math.max(120, rows * 34 + 36);

function CountChart({
  title,
  description,
  rows,
  category,
  icon,
}: {
  title: string;
  description: string;
  rows: readonly CountRow[];
  /** What one row is, singular and plural, and the table's first column. */
  category: { one: string; many: string; column: string };
  icon: typeof Layers;
}) {
  const top = rows.reduce<CountRow | undefined>((best, row) => (!best || row.count > best.count ? row : best), undefined);
  return (
    <ChartCard
      title={title}
      description={description}
      summary={top ? `Most investments in ${top.label} (${top.count}), across ${plural(rows.length, category.one, category.many)}.` : ''}
      table={{
        columns: [category.column, 'Investments'],
        rows: rows.map((row) => [row.label, row.count]),
      }}
      isEmpty={rows.length === 0}
      empty={{ icon, title: 'No investments yet', description: 'Counts appear once the investor adds past investments.' }}
      chartHeight={barsHeight(rows.length)}
    >
      <CountBars data={rows} valueName="Investments" />
    </ChartCard>
  );
}

export function TrackRecordSection({ investorId }: { investorId: number }) {
  const query = useQuery(investorTrackRecordQuery(investorId));
  // The profile itself answers 404 for the same reasons (deleted, blocked): it already says so.
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <section aria-labelledby={HEADING_ID} className="grid gap-4" data-testid="public-track-record">
      <div className="grid gap-1">
        <h2 id={HEADING_ID} className="text-xl font-semibold tracking-tight">
          Track record
        </h2>
        {query.data && <p className="text-sm text-muted-foreground">{describe(query.data)}</p>}
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Loading the track record" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState
          compact
          title="We couldn't load the track record"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.summary.total === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
            <BriefcaseBusiness aria-hidden className="size-5 shrink-0" />
            This investor has not added past investments yet.
          </CardContent>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <CountChart
              title="By stage"
              description="Investments at each round stage."
              rows={query.data.summary.byStage}
              category={{ one: 'stage', many: 'stages', column: 'Stage' }}
              icon={Layers}
            />
            <CountChart
              title="By industry"
              description="Investments in each industry."
              rows={query.data.summary.byIndustry}
              category={{ one: 'industry', many: 'industries', column: 'Industry' }}
              icon={Factory}
            />
          </div>
          <DealList record={query.data} />
        </>
      )}
    </section>
  );
}

function describe(record: TrackRecord): string {
  const { total, firstYear, lastYear } = record.summary;
  if (total === 0) return 'Past investments, once the investor adds them.';
  const span = firstYear === lastYear ? `in ${firstYear}` : `from ${firstYear} to ${lastYear}`;
  return `${plural(total, 'investment', 'investments')} ${span}.`;
}

function DealList({ record }: { record: TrackRecord }) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? record.investments : record.investments.slice(0, FIRST_DEALS);
  const hidden = record.investments.length - shown.length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <h3 className="text-base font-semibold">Deals</h3>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y rounded-md border">
          {shown.map((deal) => (
            <li key={deal.id} className="grid gap-1 p-3 sm:flex sm:items-center sm:justify-between sm:gap-4">
              <span className="min-w-0 font-medium break-words">
                {deal.link ? <ExternalLink href={deal.link}>{deal.companyName}</ExternalLink> : deal.companyName}
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{formatCalendarDate(deal.investedOn)}</span>
                <Badge variant="accent">{deal.stage}</Badge>
                <span>{deal.industry}</span>
                {deal.amountUsd !== null && <span>{formatMoney(deal.amountUsd, { isCompact: true })}</span>}
              </span>
            </li>
          ))}
        </ul>
        {(hidden > 0 || isShowingAll) && record.investments.length > FIRST_DEALS && (
          <Button variant="outline" className="justify-self-start" aria-expanded={isShowingAll} onClick={() => setIsShowingAll((all) => !all)}>
            {isShowingAll ? 'Show fewer' : `Show all ${record.investments.length} deals`}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
