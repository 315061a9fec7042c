// /investor/documents (issue #5): "Shared with me", the documents startups have shared with this
// investor. Shares and revocations arrive live; the list refetches and a revoked document leaves.
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { documentsQuery } from '@/features/data-room/api';
import { DocumentRowsSkeleton } from '@/features/data-room/components/document-parts';
import { SharedDocuments } from '@/features/data-room/components/shared-documents-table';

export function InvestorDocumentsScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(documentsQuery);
  return (
    <>
      <PageHeader title="Documents" description="Shared with me: documents from the startups you are connected with." />
      {isPending ? (
        <div className="rounded-xl border bg-card">
          <DocumentRowsSkeleton rows={3} label="Loading shared documents" />
        </div>
      ) : isError ? (
        <ErrorState title="We couldn't load the documents shared with you" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <SharedDocuments documents={data} />
      )}
    </>
  );
}
