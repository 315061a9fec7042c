// One investor's engagement with the signed-in startup's shared documents, for the match card:
// how much of the shared PDFs they read (issue #21: "Read 18 of 20 pages"), or else the documents
// opened and views, then time spent and the last view. Revisits are the strongest buying signal
// a data room gives, so this sits next to the match itself. Self-contained: its own query (shared
// by every card on the screen), loading, empty and error states; live events keep it fresh.
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { investorEngagementQuery } from '../api';
import { formatDuration, pluralize } from '../document-format';

/** `investorId` is the investor's user id (the match's investorId), on the startup side only. */
export function InvestorEngagement({ investorId, className }: { investorId: number; className?: string }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(investorEngagementQuery);
  const wrapper = cn('flex min-w-0 items-start gap-2 text-xs text-muted-foreground', className);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading document engagement" className={wrapper}>
        <Skeleton className="h-4 w-48 max-w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <p className={wrapper}>
        <span>Document engagement could not be loaded.</span>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {isFetching ? 'Retrying...' : 'Retry'}
        </button>
      </p>
    );
  }
  const engagement = data.find((entry) => entry.investorId === investorId);
  if (!engagement || engagement.views === 0) {
    return (
      <p className={wrapper}>
        <Eye aria-hidden className="mt-px size-3.5 shrink-0" />
        <span>No views of your documents yet.</span>
      </p>
    );
  }
  // Views from before pages were counted have no page time: "Read 0 of 20 pages" would be untrue.
  const hasPageTime = engagement.pagesTotal > 0 && engagement.pagesSeen > 0;
  return (
    <p className={wrapper}>
      <Eye aria-hidden className="mt-px size-3.5 shrink-0 text-primary" />
      <span>
        <span className="font-medium text-foreground">
          {hasPageTime
            ? `Read ${engagement.pagesSeen} of ${pluralize(engagement.pagesTotal, 'page')}`
            : `Opened ${pluralize(engagement.documentsViewed, 'document')} ${engagement.views === 1 ? 'once' : `${engagement.views} times`}`}
        </span>
        {engagement.totalViewMs > 0 && (hasPageTime ? ` · ${formatDuration(engagement.totalViewMs)}` : ` · ${formatDuration(engagement.totalViewMs)} reading`)}
        {engagement.lastViewedAt && (
          <>
            {' · last '}
            <RelativeTime iso={engagement.lastViewedAt} />
          </>
        )}
      </span>
    </p>
  );
}
