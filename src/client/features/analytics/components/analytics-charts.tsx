// The investor analytics charts (issue #8), each in a ChartCard with its summary, data table and
// empty state. What each one shows and how it is computed: docs/portfolio-and-analytics.md.
import { setAutoFreeze } from 'immer';
import { Briefcase, Gauge, Handshake, MessagesSquare, Rocket, ThumbsDown } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { InvestorAnalytics } from '@shared/contracts/portfolio';
import type { Performance } from '@shared/enums';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { performanceLabel } from '@/features/portfolio/portfolio-values';
import { formatCalendarMonthDay, formatMoney } from '@/lib/format';
import { AXIS_TICK, CHART_COLORS, ChartCard, TOOLTIP_PROPS } from './chart-card';

// recharts keeps a Bar's props, its children included (the Cells and the LabelList), in its Redux
// store as the legend's payload, and Redux Toolkit's immer deep-freezes what enters the store.
// React never writes to an element; Preact (the production renderer, vite.config.ts) records its
// bookkeeping on the elements it renders, so a frozen one throws and the bars never draw. Only
// recharts' store uses immer in the client.
setAutoFreeze(false);

type CountRow = { label: string; count: number };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const total = (rows: readonly CountRow[]) => rows.reduce((sum, row) => sum + row.count, 0);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Categories down the side, bars across, each bar labelled with its value. */
function HorizontalBars({ data, colors, valueName }: { data: ReadonlyArray<CountRow & { color?: string }>; colors?: string; valueName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} layout="vertical" margin={{ top: 4, right: 36, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} axisLine={{ stroke: CHART_COLORS.grid }} tickLine={false} />
        <YAxis type="category" dataKey="label" width={128} tick={AXIS_TICK} axisLine={false} tickLine={false} interval={0} />
        <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [value, valueName]} />
        <Bar dataKey="count" name={valueName} fill={colors ?? CHART_COLORS.primary} radius={[0, 4, 4, 0]} maxBarSize={28}>
          {data.map((row) => (
            <Cell key={row.label} fill={row.color ?? colors ?? CHART_COLORS.primary} />
          ))}
          <LabelList dataKey="count" position="right" fill={CHART_COLORS.text} fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Categories along the bottom, bars up. */
function VerticalBars({ data, valueName }: { data: readonly CountRow[]; valueName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 20, right: 8, bottom: 4, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={AXIS_TICK} axisLine={{ stroke: CHART_COLORS.grid }} tickLine={false} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={AXIS_TICK} axisLine={false} tickLine={false} />
        <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [value, valueName]} />
        <Bar dataKey="count" name={valueName} fill={CHART_COLORS.primary} radius={[4, 4, 0, 0]} maxBarSize={40}>
          <LabelList dataKey="count" position="top" fill={CHART_COLORS.text} fontSize={12} formatter={(value) => (value ? String(value) : '')} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

const barsHeight = (rows: number) => Math.max(140, rows * 40 + 36);

export function MatchFunnelChart({ funnel }: { funnel: InvestorAnalytics['funnel'] }) {
  const stages = [
    { label: 'Suggested', count: funnel.suggested, color: CHART_COLORS.primary },
    { label: 'Accepted', count: funnel.accepted, color: CHART_COLORS.success },
    { label: 'Declined', count: funnel.declined, color: CHART_COLORS.destructive },
    { label: 'Awaiting decision', count: funnel.pending, color: CHART_COLORS.muted },
  ];
  return (
    <ChartCard
      title="Match funnel"
      description="Every startup suggested to you, and what became of it."
      summary={`${plural(funnel.suggested, 'startup', 'startups')} suggested: ${funnel.accepted} accepted (${percent(funnel.accepted, funnel.suggested)}%), ${funnel.declined} declined, ${funnel.pending} awaiting your decision.`}
      table={{ columns: ['Stage', 'Startups'], rows: stages.map((stage) => [stage.label, stage.count]) }}
      isEmpty={funnel.suggested === 0}
      empty={{
        icon: Handshake,
        title: 'No matches yet',
        description: 'Startups that fit your investment criteria appear here once they are matched with you.',
        action: (
          <LinkButton href={paths.matches('investor')} size="sm">
            Browse startups
          </LinkButton>
        ),
      }}
      chartHeight={barsHeight(stages.length)}
    >
      <HorizontalBars data={stages} valueName="Startups" />
    </ChartCard>
  );
}

export function DeclineReasonsChart({ funnel }: { funnel: InvestorAnalytics['funnel'] }) {
  const top = funnel.declineReasons[0];
  return (
    <ChartCard
      title="Decline reasons"
      description="Why the matches that are declined now were declined."
      summary={top ? `${plural(funnel.declined, 'match', 'matches')} declined; the most common reason is “${top.label}” (${top.count}).` : ''}
      table={{ columns: ['Reason', 'Matches'], rows: funnel.declineReasons.map((row) => [row.label, row.count]) }}
      isEmpty={funnel.declined === 0}
      empty={{ icon: ThumbsDown, title: 'No declined matches', description: 'When you decline a startup, the reason you give is counted here.' }}
      chartHeight={barsHeight(funnel.declineReasons.length)}
    >
      <HorizontalBars data={funnel.declineReasons} colors={CHART_COLORS.destructive} valueName="Matches" />
    </ChartCard>
  );
}

export function ScoreDistributionChart({ buckets, className }: { buckets: InvestorAnalytics['scoreDistribution']; className?: string }) {
  const matches = total(buckets);
  const busiest = [...buckets].sort((a, b) => b.count - a.count)[0];
  const strong = buckets.slice(7).reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <ChartCard
      title="Match scores"
      description="How well the startups matched with you fit, in bands of 10 points."
      summary={`${plural(matches, 'match', 'matches')}; most scored ${busiest?.label ?? ''}, and ${strong} scored 70 or more.`}
      table={{ columns: ['Score', 'Matches'], rows: buckets.map((bucket) => [bucket.label, bucket.count]) }}
      isEmpty={matches === 0}
      empty={{ icon: Gauge, title: 'No match scores yet', description: 'Each match has a compatibility score from 0 to 100; their spread shows here.' }}
      className={className}
    >
      <VerticalBars data={buckets} valueName="Matches" />
    </ChartCard>
  );
}

function acceptedSummary(rows: readonly CountRow[], one: string, many: string): string {
  const count = total(rows);
  const top = rows.reduce<CountRow | undefined>((best, row) => (!best || row.count > best.count ? row : best), undefined);
  return `${plural(count, 'accepted startup', 'accepted startups')} across ${plural(rows.length, one, many)}; most in ${top?.label ?? ''} (${top?.count ?? 0}).`;
}

const acceptedEmpty = {
  icon: Rocket,
  title: 'No accepted startups yet',
  description: 'Accept the startups you want to talk to; their industries and stages show here.',
  action: (
    <LinkButton href={paths.matches('investor')} size="sm">
      Review startups
    </LinkButton>
  ),
};

export function AcceptedByIndustryChart({ rows }: { rows: InvestorAnalytics['acceptedByIndustry'] }) {
  return (
    <ChartCard
      title="Accepted startups by industry"
      description="The industries of the startups you are connected with."
      summary={acceptedSummary(rows, 'industry', 'industries')}
      table={{ columns: ['Industry', 'Startups'], rows: rows.map((row) => [row.label, row.count]) }}
      isEmpty={rows.length === 0}
      empty={acceptedEmpty}
      chartHeight={barsHeight(rows.length)}
    >
      <HorizontalBars data={rows} valueName="Startups" />
    </ChartCard>
  );
}

export function AcceptedByStageChart({ rows }: { rows: InvestorAnalytics['acceptedByStage'] }) {
  return (
    <ChartCard
      title="Accepted startups by stage"
      description="The funding stages of the startups you are connected with."
      summary={acceptedSummary(rows, 'stage', 'stages')}
      table={{ columns: ['Stage', 'Startups'], rows: rows.map((row) => [row.label, row.count]) }}
      isEmpty={rows.length === 0}
      empty={acceptedEmpty}
    >
      <VerticalBars data={rows} valueName="Startups" />
    </ChartCard>
  );
}

const weekLabel = (week: string) => formatCalendarMonthDay(week);

export function WeeklyActivityChart({ weeks, className }: { weeks: InvestorAnalytics['weeklyActivity']; className?: string }) {
  const messages = weeks.reduce((sum, week) => sum + week.messagesSent, 0);
  const documents = weeks.reduce((sum, week) => sum + week.documentsViewed, 0);
  const data = weeks.map((week) => ({ ...week, label: weekLabel(week.week) }));
  return (
    <ChartCard
      title="Weekly activity"
      description="Messages you sent and documents you opened, week by week (weeks start on Monday)."
      summary={`In the last ${weeks.length} weeks you sent ${plural(messages, 'message', 'messages')} and opened ${plural(documents, 'document', 'documents')} (counted once per week each).`}
      table={{ columns: ['Week of', 'Messages sent', 'Documents viewed'], rows: data.map((week) => [week.label, week.messagesSent, week.documentsViewed]) }}
      isEmpty={messages + documents === 0}
      empty={{
        icon: MessagesSquare,
        title: 'No activity in the last 12 weeks',
        description: 'Messages you send and data room documents you open show here, week by week.',
      }}
      chartHeight={272}
      className={className}
    >
      <div className="flex h-full flex-col gap-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <li className="inline-flex items-center gap-2">
            <span className="h-0.5 w-5 rounded bg-primary" />
            Messages sent
          </li>
          <li className="inline-flex items-center gap-2">
            <span className="w-5 border-t-2 border-dashed border-success" />
            Documents viewed
          </li>
        </ul>
        <div className="min-h-0 flex-1">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={AXIS_TICK} axisLine={{ stroke: CHART_COLORS.grid }} tickLine={false} interval="preserveStartEnd" minTickGap={16} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} axisLine={false} tickLine={false} />
              <Tooltip {...TOOLTIP_PROPS} cursor={{ stroke: CHART_COLORS.grid }} labelFormatter={(label) => `Week of ${String(label)}`} />
              <Line
                type="monotone"
                dataKey="messagesSent"
                name="Messages sent"
                stroke={CHART_COLORS.primary}
                strokeWidth={2}
                dot={{ r: 3, fill: CHART_COLORS.primary }}
              />
              <Line
                type="monotone"
                dataKey="documentsViewed"
                name="Documents viewed"
                stroke={CHART_COLORS.success}
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={{ r: 3, fill: CHART_COLORS.success }}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </div>
    </ChartCard>
  );
}

const portfolioEmpty = {
  icon: Briefcase,
  title: 'No portfolio companies',
  description: 'Add the companies you have invested in; your portfolio’s make-up shows here.',
  action: (
    <LinkButton href={paths.portfolio()} size="sm">
      Open portfolio
    </LinkButton>
  ),
};

export function PortfolioByIndustryChart({ rows }: { rows: InvestorAnalytics['portfolioByIndustry'] }) {
  const companies = total(rows);
  const invested = rows.reduce((sum, row) => sum + row.amount, 0);
  const largest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (!best || row.amount > best.amount ? row : best), undefined);
  return (
    <ChartCard
      title="Portfolio by industry"
      description="Your portfolio companies per industry, with the amount invested."
      summary={`${plural(companies, 'company', 'companies')} in ${plural(rows.length, 'industry', 'industries')}, ${formatMoney(invested, { isCompact: true })} invested; the most money is in ${largest?.label ?? ''} (${formatMoney(largest?.amount ?? 0, { isCompact: true })}).`}
      table={{ columns: ['Industry', 'Companies', 'Invested'], rows: rows.map((row) => [row.label, row.count, formatMoney(row.amount, { isCompact: true })]) }}
      isEmpty={rows.length === 0}
      empty={portfolioEmpty}
      chartHeight={barsHeight(rows.length)}
    >
      <HorizontalBars data={rows} valueName="Companies" />
    </ChartCard>
  );
}

const PERFORMANCE_COLORS: Record<Performance, string> = { growing: CHART_COLORS.success, stable: CHART_COLORS.primary, declining: CHART_COLORS.destructive };

export function PortfolioByPerformanceChart({ rows }: { rows: InvestorAnalytics['portfolioByPerformance'] }) {
  const companies = total(rows);
  const data = rows.map((row) => ({ ...row, name: performanceLabel(row.label), color: PERFORMANCE_COLORS[row.label as Performance] ?? CHART_COLORS.muted }));
  return (
    <ChartCard
      title="Portfolio by performance"
      description="How your portfolio companies are doing, as you rated them."
      summary={`${plural(companies, 'company', 'companies')}: ${data.map((row) => `${row.count} ${row.name.toLowerCase()} (${percent(row.count, companies)}%)`).join(', ')}.`}
      table={{ columns: ['Performance', 'Companies'], rows: data.map((row) => [row.name, row.count]) }}
      isEmpty={companies === 0}
      empty={portfolioEmpty}
    >
      <div className="flex h-full flex-col items-center gap-4 sm:flex-row">
        <div className="h-44 w-full sm:h-full sm:flex-1">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Tooltip {...TOOLTIP_PROPS} />
              <Pie data={data} dataKey="count" nameKey="name" innerRadius="55%" outerRadius="85%" paddingAngle={2} stroke="var(--card)" rootTabIndex={-1}>
                {data.map((row) => (
                  <Cell key={row.label} fill={row.color} />
                ))}
              </Pie>
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="grid gap-2 text-sm sm:w-40">
          {data.map((row) => (
            <li key={row.label} className="flex items-center gap-2">
              <span className="size-3 shrink-0 rounded-sm" style={{ background: row.color }} />
              <span className="flex-1">{row.name}</span>
              <span className="font-semibold tabular-nums">{row.count}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}
