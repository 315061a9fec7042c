// /investor/documents (issue #5): "Shared with me", the documents startups have shared with this
// investor. Shares and revocations arrive live; the list refetches and a revoked document leaves.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, FolderLock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { documentsQuery, useDataRoomLiveRefresh } from '@/features/data-room/api';
import { DocumentRowsSkeleton } from '@/features/data-room/components/document-parts';
import { SharedDocumentsTable } from '@/features/data-room/components/shared-documents-table';
import { pluralize } from '@/features/data-room/document-format';

export function InvestorDocumentsScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(documentsQuery);
  useDataRoomLiveRefresh();
  return (
    <>
      <PageHeader title="Documents" description="Shared with me: documents from the startups you are connected with." />
      {isPending ? (
        <div className="rounded-xl border bg-card">
          <DocumentRowsSkeleton rows={3} label="Loading shared documents" />
        </div>
      ) : isError ? (
        <ErrorState title="We couldn't load the documents shared with you" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState
          icon={FolderLock}
          title="No documents"
          description="When a startup you are connected with shares a document with you, it appears here."
          action={
            <Button asChild variant="outline">
              <Link href="/investor/startups">
                Browse startups
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          }
        />
      ) : (
        <section aria-labelledby="shared-documents-heading" className="grid gap-3">
          <h2 id="shared-documents-heading" className="text-sm text-muted-foreground">
            {pluralize(data.length, 'document')} shared with you
          </h2>
          <SharedDocumentsTable documents={data} />
        </section>
      )}
    </>
  );
}
