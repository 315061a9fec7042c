// The frame every analytics chart sits in: a titled card with either the chart or its empty
// state. Each chart has a text alternative: a one-sentence summary under it (the figure's
// description) and the data as a table. The table is always there for screen readers (the SVG
// itself is hidden from them: a bar chart read out shape by shape helps nobody), and anyone can
// switch the card to show the table instead of the chart.
import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export interface ChartTable {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

export interface ChartEmpty {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}

export function ChartCard({
  title,
  description,
  summary,
  table,
  empty,
  isEmpty,
  chartHeight = 256,
  className,
  children,
}: {
  title: string;
  description: string;
  /** One sentence that says what the chart shows, read as the figure's description. */
  summary: string;
  table: ChartTable;
  empty: ChartEmpty;
  isEmpty: boolean;
  chartHeight?: number;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className={cn('flex min-w-0 flex-col', className)} role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-2">
        <div className="grid min-w-0 gap-1.5">
          {/* h3: the screen groups its charts under h2 section headings. */}
          <h3 id={titleId} className="text-lg leading-tight font-semibold tracking-tight">
            {title}
          </h3>
          <CardDescription>{description}</CardDescription>
        </div>
        {!isEmpty && (
          <Button variant="ghost" size="sm" className="shrink-0" onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? <BarChart3 aria-hidden /> : <Table2 aria-hidden />}
            {showTable ? 'Show chart' : 'Show table'}
            <span className="sr-only"> for {title}</span>
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex-1">
        {isEmpty ? (
          <ChartEmptyState {...empty} />
        ) : (
          <figure aria-labelledby={titleId} aria-describedby={summaryId} className="grid gap-3">
            {!showTable && (
              <div aria-hidden className="w-full min-w-0" style={{ height: chartHeight }} data-chart-canvas>
                {children}
              </div>
            )}
            <figcaption id={summaryId} className="text-sm text-muted-foreground">
              {summary}
            </figcaption>
            <div className={showTable ? 'overflow-x-auto rounded-lg border' : 'sr-only'}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{title}</caption>
                <thead className="bg-muted/50">
                  <tr>
                    {table.columns.map((column, index) => (
                      <th key={column} scope="col" className={cn('px-3 py-2 font-medium', index > 0 && 'text-right')}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {table.rows.map((row) => (
                    <tr key={String(row[0])}>
                      {row.map((cell, index) =>
                        index === 0 ? (
                          <th key={index} scope="row" className="px-3 py-2 font-normal">
                            {cell}
                          </th>
                        ) : (
                          <td key={index} className="px-3 py-2 text-right tabular-nums">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

/** Like the app's EmptyState, with a plain-text title: the card's h3 already names the chart. */
function ChartEmptyState({ icon: Icon, title, description, action }: ChartEmpty) {
  return (
    <div className="flex h-full flex-col items-center justify-center rounded-xl border border-dashed px-6 py-8 text-center" data-chart-empty>
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden className="size-5" />
      </div>
      <p className="text-sm font-semibold">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** Theme colours for the SVG charts: the app's CSS variables, so light and dark both read well. */
export const CHART_COLORS = {
  primary: 'var(--primary)',
  success: 'var(--success)',
  destructive: 'var(--destructive)',
  muted: 'var(--muted-foreground)',
  grid: 'var(--border)',
  text: 'var(--foreground)',
  mutedText: 'var(--muted-foreground)',
} as const;

export const AXIS_TICK = { fill: CHART_COLORS.mutedText, fontSize: 12 } as const;

export const TOOLTIP_PROPS = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
} as const;
