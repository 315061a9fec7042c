// The investor profile's "Track record" tab: past investments newest first, each editable and
// deletable (after a confirmation), with Add investment and Import CSV.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusiness, FileUp, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TrackRecordInvestment } from '@shared/contracts/track-record';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ExternalLink } from '@/components/ui/external-link';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate, formatMoney } from '@/lib/format';
import { ownTrackRecordQuery, useDeleteInvestment } from '../api';
import { ImportDialog } from './import-dialog';
import { InvestmentDialog, type InvestmentDialogState } from './investment-dialog';

const LIST_HEADING_ID = 'track-record-title';

export function TrackRecordTab() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(ownTrackRecordQuery);
  const [dialog, setDialog] = useState<InvestmentDialogState>({ kind: 'closed' });
  const [isImporting, setIsImporting] = useState(false);
  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setIsImporting(true)}>
        <FileUp aria-hidden />
        Import CSV
      </Button>
      <Button onClick={() => setDialog({ kind: 'add' })}>
        <Plus aria-hidden />
        Add investment
      </Button>
    </div>
  );
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id={LIST_HEADING_ID} tabIndex={-1} className="outline-none">
            Track record
          </CardTitle>
          <CardDescription>
            Companies you have invested in. Founders see them on your public profile, with counts by stage and industry.
            {data && data.summary.total > 0 && ` ${data.summary.total} ${data.summary.total === 1 ? 'investment' : 'investments'}.`}
          </CardDescription>
        </div>
        {actions}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div role="status" aria-label="Loading your track record" className="grid gap-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState title="We couldn't load your track record" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.investments.length === 0 ? (
          <EmptyState
            icon={BriefcaseBusiness}
            title="No investments yet"
            headingLevel={3}
            description="Add the companies you have invested in one by one, or import them from a CSV file (a Crunchbase export works)."
          />
        ) : (
          <ul className="divide-y rounded-md border" aria-labelledby={LIST_HEADING_ID}>
            {data.investments.map((investment) => (
              <InvestmentRow key={investment.id} investment={investment} onEdit={() => setDialog({ kind: 'edit', investment })} />
            ))}
          </ul>
        )}
      </CardContent>
      <InvestmentDialog state={dialog} onClose={() => setDialog({ kind: 'closed' })} />
      <ImportDialog open={isImporting} onOpenChange={setIsImporting} />
    </Card>
  );
}

function InvestmentRow({ investment, onEdit }: { investment: TrackRecordInvestment; onEdit: () => void }) {
  const remove = useDeleteInvestment();
  const [isConfirmed, setIsConfirmed] = useState(false);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">
          {investment.link ? <ExternalLink href={investment.link}>{investment.companyName}</ExternalLink> : investment.companyName}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{formatCalendarDate(investment.investedOn)}</span>
          <Badge variant="accent">{investment.stage}</Badge>
          <span>{investment.industry}</span>
          {investment.amountUsd !== null && <span>{formatMoney(investment.amountUsd, { isCompact: true })}</span>}
          {investment.location && <span className="break-words">{investment.location}</span>}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          Edit<span className="sr-only"> {investment.companyName}</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
              <Trash2 aria-hidden />
              Delete<span className="sr-only"> {investment.companyName}</span>
            </Button>
          }
          onCloseAutoFocus={(event) => {
            // The row is gone once deleted: focus goes to the list's heading instead of the void.
            if (!isConfirmed) return;
            event.preventDefault();
            document.getElementById(LIST_HEADING_ID)?.focus();
          }}
          title="Delete investment?"
          description={`Are you sure you want to delete "${investment.companyName}" from your track record?`}
          confirmLabel="Delete"
          isPending={remove.isPending}
          onConfirm={() => {
            setIsConfirmed(true);
            remove.mutate(investment);
          }}
        />
      </div>
    </li>
  );
}
