import { Button, PendingLabel } from './button';
import { ErrorState } from './error-state';

/**
 * The foot of a list paged by the server's cursor ("Load more"): the button while there are more
 * pages, a retry when loading the next one failed, and a closing line once all are shown.
 */
export function NextPageFooter({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  error,
  fetchNextPage,
  errorTitle,
  endText,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
  /** What failed, as the error block's title ("Error loading activities"). */
  errorTitle: string;
  /** Said under the last page ("That's all of your activity."). */
  endText: string;
}) {
  if (isFetchNextPageError)
    return <ErrorState compact title={errorTitle} message={error?.message} onRetry={() => void fetchNextPage()} isRetrying={isFetchingNextPage} />;
  if (!hasNextPage) return <p className="text-center text-sm text-muted-foreground">{endText}</p>;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        <PendingLabel isPending={isFetchingNextPage} pendingText="Loading...">
          Load more
        </PendingLabel>
      </Button>
    </div>
  );
}
