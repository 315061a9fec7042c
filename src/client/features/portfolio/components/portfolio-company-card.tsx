// One portfolio company as a card: name, website, industry, stage,
// the investment, performance and description, with Edit and Delete. Deleting asks first.
import { useRef } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Minus, Pencil, Trash2, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import type { PortfolioCompany } from '@shared/contracts/portfolio';
import type { Performance } from '@shared/enums';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExternalLink } from '@/components/ui/external-link';
import { formatCalendarDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeletePortfolioCompany } from '../api';
import { PERFORMANCE_LABELS } from '../portfolio-values';

/** The heading of the company grid; focus goes there when a deleted card disappears. */
export const PORTFOLIO_LIST_HEADING_ID = 'portfolio-companies-title';

const PERFORMANCE_STYLE: Record<Performance, { icon: LucideIcon; className: string }> = {
  growing: { icon: TrendingUp, className: 'border-transparent bg-success/15 text-success' },
  stable: { icon: Minus, className: 'border-transparent bg-accent text-accent-foreground' },
  declining: { icon: TrendingDown, className: 'border-transparent bg-destructive/10 text-destructive' },
};

/** Performance as an icon and a word, never colour alone. */
export function PerformanceBadge({ performance, className }: { performance: Performance; className?: string }) {
  const { icon: Icon, className: tone } = PERFORMANCE_STYLE[performance];
  return (
    <Badge variant="outline" className={cn(tone, className)}>
      <Icon aria-hidden />
      {PERFORMANCE_LABELS[performance]}
    </Badge>
  );
}

export function CompanyMonogram({ name, className }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden
      className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-base font-semibold text-accent-foreground', className)}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}

export function PortfolioCompanyCard({ company, onEdit }: { company: PortfolioCompany; onEdit: (company: PortfolioCompany) => void }) {
  const titleId = `portfolio-company-${company.id}`;
  return (
    <Card className="flex h-full flex-col gap-4 p-5" aria-labelledby={titleId} role="article">
      <div className="flex items-start gap-3">
        <CompanyMonogram name={company.companyName} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-base font-semibold">
            {company.companyName}
          </h3>
          {company.website ? <ExternalLink href={company.website} className="text-sm" /> : <p className="text-sm text-muted-foreground">No website</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge>{company.industry}</Badge>
        <Badge variant="outline">{company.stage}</Badge>
        <PerformanceBadge performance={company.performance} className="ml-auto" />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Invested</dt>
          <dd className="font-semibold tabular-nums">
            <span aria-hidden>{formatMoney(company.investmentAmount, { isCompact: true })}</span>
            <span className="sr-only">{formatMoney(company.investmentAmount)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Investment date</dt>
          <dd className="font-medium">{formatCalendarDate(company.investmentDate)}</dd>
        </div>
      </dl>
      <p className="line-clamp-3 text-sm text-muted-foreground">{company.description}</p>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-4">
        {company.startupId !== null && (
          <Link
            href={paths.publicStartup(company.startupId)}
            className="mr-auto inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            View profile<span className="sr-only"> of {company.companyName}</span>
            <ArrowRight aria-hidden className="size-3.5" />
          </Link>
        )}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(company)}>
            <Pencil aria-hidden />
            Edit<span className="sr-only"> {company.companyName}</span>
          </Button>
          <DeleteCompanyButton company={company} />
        </div>
      </div>
    </Card>
  );
}

function DeleteCompanyButton({ company }: { company: PortfolioCompany }) {
  const deletion = useDeletePortfolioCompany();
  // After Delete the card (and the button focus would return to) goes away: continue from the list's heading.
  const isConfirmed = useRef(false);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden />
          Delete<span className="sr-only"> {company.companyName}</span>
        </Button>
      }
      onCloseAutoFocus={(event) => {
        if (!isConfirmed.current) return;
        event.preventDefault();
        document.getElementById(PORTFOLIO_LIST_HEADING_ID)?.focus();
      }}
      title="Delete company?"
      description={<>Are you sure you want to delete &quot;{company.companyName}&quot; from your portfolio? This cannot be undone.</>}
      confirmLabel="Delete"
      onConfirm={() => {
        isConfirmed.current = true;
        deletion.mutate(company, { onError: () => (isConfirmed.current = false) });
      }}
    />
  );
}
